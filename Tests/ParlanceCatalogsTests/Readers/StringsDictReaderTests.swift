import Foundation
import ParlanceTestSupport
import Testing
@testable import ParlanceCatalogs

@Suite("Reading .stringsdict files")
struct StringsDictReaderTests {
    let file: StringsDictFile

    init() throws {
        file = try StringsDictReader.read(Fixtures.data("stringsdict", "plural.stringsdict"), path: "plural.stringsdict")
    }

    @Test("A format that is one plural variable reads as plural variations, values as written")
    func simplePlural() {
        #expect(file.entries["%d files"] == .plural([.one: .string("%d file"), .other: .string("%d files")]))
    }

    @Test("A format with text and several variables reads as substitutions with %arg")
    func substitutions() throws {
        let entry = try #require(file.entries["apples"])
        #expect(entry.stringUnit?.value == "%@ ate %#@apples@ & %#@pears@!")
        let apples = try #require(entry.substitutions?["apples"])
        #expect(apples.argNum == 2)
        #expect(apples.formatSpecifier == "ld")
        #expect(apples.variations == .plural([.one: .string("one apple"), .other: .string("%arg apples")]))
        let pears = try #require(entry.substitutions?["pears"])
        #expect(pears.argNum == 3)
        #expect(pears.formatSpecifier == "ld")
        #expect(pears.variations == .plural([.one: .string("a pear"), .other: .string("%arg pears")]))
    }

    @Test("A variable referred to only inside another's forms takes its explicit position")
    func nestedVariables() throws {
        let entry = try #require(file.entries["nested"])
        #expect(entry.substitutions?["passwords"]?.argNum == 1)
        #expect(entry.substitutions?["accounts"]?.argNum == 2)
        #expect(entry.substitutions?["passwords"]?.variations
            == .plural([.one: .string("%arg password in %2$#@accounts@"), .other: .string("%arg passwords in %2$#@accounts@")]))
        #expect(entry.substitutions?["accounts"]?.variations
            == .plural([.one: .string("%arg account"), .other: .string("%arg accounts")]))
    }

    @Test("Device and width rules read as variations")
    func deviceAndWidth() {
        #expect(file.entries["device"] == .device([.iphone: .string("Tap here"), .mac: .string("Click here")]))
        #expect(file.entries["width"] == Localization(variations: .width([20: .string("Short"), 50: .string("A much longer text")])))
    }

    @Test("Keys keep file order and their locations")
    func orderAndLocations() {
        #expect(file.entries.keys == ["%d files", "apples", "nested", "device", "width"])
        #expect(file.locations["apples"] == ParlanceCatalogs.SourceLocation(file: "plural.stringsdict", line: 21, column: 2))
    }

    @Test("A value type written with its percent sign is read and reported")
    func percentInValueType() {
        #expect(file.diagnostics.map(\.description) == [
            "plural.stringsdict:41:4: warning: NSStringFormatValueTypeKey \"%ld\" should not include '%'; read as \"ld\"."
        ])
    }

    @Test("Anomalies from real files are kept and reported", arguments: [
        (
            "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>1</string><key>three</key><string>3</string></dict></dict>",
            [
                "t.stringsdict:1:285: warning: \"three\" is not a CLDR plural category; it is kept but never chosen.",
                "t.stringsdict:1:105: warning: the variable \"n\" in \"k\" has no \"other\" form.",
            ]
        ),
        (
            "<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%d</string><key>unused</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>other</key><string>x</string></dict></dict>",
            ["t.stringsdict:1:102: warning: the variable \"unused\" in \"k\" is never referred to."]
        ),
    ])
    func anomalies(body: String, expected: [String]) throws {
        let data = Data("<plist version=\"1.0\"><dict>\(body)</dict></plist>".utf8)
        let file = try StringsDictReader.read(data, path: "t.stringsdict")
        #expect(file.diagnostics.map(\.description) == expected)
        #expect(file.entries["k"] != nil)
    }

    @Test("Inputs that must fail give the line, column and what was expected", arguments: Fixtures.mustFail("stringsdict"))
    func mustFail(name: String) throws {
        let expected: [String: String] = [
            "!invalid-utf8.stringsdict": "4:10: error: invalid UTF-8 byte 0xE9; property lists must be UTF-8.",
            "!key-without-value.stringsdict": "5:1: error: expected a value after the key \"lonely\".",
            "!missing-format-key.stringsdict": "5:2: error: the entry \"broken\" has no NSStringLocalizedFormatKey, NSStringDeviceSpecificRuleType or NSStringVariableWidthRuleType.",
            "!not-a-dictionary.stringsdict": "3:1: error: expected a dictionary at the top of the .stringsdict file, found an array.",
            "!unclosed-dict.stringsdict": "6:1: error: expected '</dict>', found '</plist>'.",
            "!unknown-entity.stringsdict": "5:12: error: unknown entity '&bogus;'; only &lt; &gt; &amp; &quot; &apos; and character references are allowed.",
            "!unknown-rule-type.stringsdict": "8:3: error: unsupported NSStringFormatSpecTypeKey \"NSStringGenderRuleType\" in \"k\"; expected NSStringPluralRuleType.",
        ]
        let error = #expect(throws: ParseError.self) {
            try StringsDictReader.read(Fixtures.data("stringsdict", name), path: name)
        }
        #expect(error?.description == "\(name):" + (expected[name] ?? "(no expectation for this fixture)"))
    }

    @Test("Deep nesting is an error, not a stack overflow")
    func deepNesting() {
        let depth = 5_000
        let text = "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        let error = #expect(throws: ParseError.self) { try StringsDictReader.read(Data(text.utf8), path: "deep.stringsdict") }
        #expect(error?.description == "deep.stringsdict:1:3592: error: the property list nests deeper than 512 levels.")
    }
}
