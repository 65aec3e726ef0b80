import Foundation
import Parlance
import ParlanceCatalogWriters
import ParlanceTestSupport
import Testing

/// Inputs built to break readers: broken encodings, NUL bytes, truncation, and (in
/// `HostileCatalogTests+Sizes.swift`) sizes and depths far past anything real.
@Suite("Hostile catalogs")
struct HostileCatalogTests {
    /// The exact error for every must-fail fixture in `Fixtures/hostile/`.
    static let expectedErrors: [String: String] = [
        "!utf16-odd-byte-count.strings":
            "1:11: error: the file ends in the middle of a UTF-16 code unit; UTF-16 text has an even number of bytes.",
        "!utf16-lone-lead-surrogate.strings": "1:8: error: unpaired UTF-16 surrogate 0xD83D; the file is not valid UTF-16.",
        "!utf16-lone-trail-surrogate.strings": "1:8: error: unpaired UTF-16 surrogate 0xDE00; the file is not valid UTF-16.",
        "!utf16-lead-surrogate-at-end.strings": "2:1: error: unpaired UTF-16 surrogate 0xD83D; the file is not valid UTF-16.",
        "!utf8-overlong.strings":
            "1:12: error: invalid UTF-8 byte 0xC0; .strings files must be UTF-8 or UTF-16 with a byte order mark.",
        "!utf8-encoded-surrogate.strings":
            "1:8: error: invalid UTF-8 byte 0xED; .strings files must be UTF-8 or UTF-16 with a byte order mark.",
        "!utf8-cut-sequence.strings":
            "1:11: error: invalid UTF-8 byte 0xC3; .strings files must be UTF-8 or UTF-16 with a byte order mark.",
        "!raw-nul.xcstrings": "4:7: error: expected an escape such as \\n or \\u0000 instead of the control character U+0000 in a string.",
        "!utf16.xcstrings": "1:1: error: expected a value, found the byte 0xFF.",
        "!utf8-encoded-surrogate.xcstrings": "4:6: error: expected UTF-8 text, found the invalid byte 0xED.",
        "!utf8-cut-sequence.xcstrings": "4:10: error: expected '\"' to end the string, found the end of the file.",
        "!lone-trail-surrogate-escape.xcstrings":
            "4:6: error: expected a high surrogate \\uD800 to \\uDBFF before the low surrogate \\uDC00, found none.",
        "!surrogate-reference.stringsdict": "7:11: error: invalid character reference '&#xD800;'.",
        "!nul-reference.stringsdict": "7:12: error: invalid character reference '&#0;'.",
        "!utf16.stringsdict": "1:1: error: invalid UTF-8 byte 0xFF; property lists must be UTF-8.",
        "!utf8-encoded-surrogate.stringsdict": "7:11: error: invalid UTF-8 byte 0xED; property lists must be UTF-8.",
        "!utf8-cut-sequence.stringsdict": "7:14: error: invalid UTF-8 byte 0xC3; property lists must be UTF-8.",
    ]

    @Test("Every must-fail fixture has an expected error")
    func everyFixtureIsChecked() {
        #expect(Fixtures.mustFail("hostile") == Self.expectedErrors.keys.sorted())
    }

    @Test("Each must-fail fixture fails with its exact error", arguments: Fixtures.mustFail("hostile"))
    func mustFail(_ name: String) throws {
        let error = HostileInputs.error(reading: try Fixtures.data("hostile", name), as: name)
        #expect(error == Self.expectedErrors[name].map { "\(name):\($0)" })
    }

    @Test("NUL bytes in .strings keys and values are read as U+0000, raw or escaped")
    func nulInStrings() throws {
        let file = try StringsFileReader.read(try Fixtures.data("hostile", "nul-bytes.strings"), path: "nul-bytes.strings")
        #expect(file.entries.map { [$0.key, $0.value] } == [["a\0b", "c\0d"], ["e", "\0"]])
        #expect(file.diagnostics.isEmpty)
        let written = StringsFileWriter.write(file.entries.map { ($0.key, $0.value, nil) })
        #expect(String(decoding: written, as: UTF8.self) == "\"a\\U0000b\" = \"c\\U0000d\";\n\n\"e\" = \"\\U0000\";\n")
    }

    @Test("A raw NUL in a .stringsdict format key is read as U+0000")
    func nulInStringsDict() throws {
        let file = try StringsDictReader.read(try Fixtures.data("hostile", "raw-nul.stringsdict"), path: "raw-nul.stringsdict")
        #expect(file.entries["k"]?.stringUnit?.value == "a\0b")
    }

    @Test("Braces inside quoted .strings values are text")
    func bracesInValues() throws {
        let file = try StringsFileReader.read(
            try Fixtures.data("hostile", "braces-in-values.strings"), path: "braces-in-values.strings")
        #expect(file.table == ["open": "{{{{", "close": "}}}}"])
    }

    @Test("Escaped NULs in a String Catalog read as U+0000 and write back byte for byte")
    func nulInCatalog() throws {
        let data = try Fixtures.data("hostile", "nul-escapes.xcstrings")
        let catalog = try XCStringsReader.read(data, path: "nul-escapes.xcstrings")
        #expect(catalog.entries.keys == ["a\0b"])
        #expect(catalog["a\0b"]?["en"]?.stringUnit?.value == "c\0d")
        #expect(XCStringsWriter().write(catalog).data == data)
    }

    /// Fixtures cut at every byte: each prefix must read or fail with a located error.
    @Test("Every truncation of a fixture reads or fails with a located error", arguments: [
        ("strings", "genstrings.strings"), ("strings", "escapes.strings"), ("strings", "braced.strings"),
        ("stringsdict", "plural.stringsdict"), ("xcstrings", "plurals.xcstrings"), ("xcstrings", "substitutions.xcstrings"),
    ])
    func truncations(area: String, name: String) throws {
        let data = try ReaderFixtures.data(area, name)
        let complete = data.count - data.reversed().prefix { [0x0A, 0x0D, 0x20, 0x09].contains($0) }.count
        var failures = 0
        for length in 0..<data.count {
            switch HostileInputs.read(data.prefix(length), as: name) {
            case .success:
                // A cut property list or JSON document is never whole; .strings can end after any entry.
                #expect(area == "strings" || length >= complete, "\(name) cut at \(length) bytes read")
            case .failure(let error):
                failures += 1
                #expect(error.location.file == name && error.location.line >= 1 && error.location.column >= 1)
                #expect(error.message.count > 1 && error.message.hasSuffix("."), "\(error)")
            }
        }
        #expect(failures > 0)
    }

    @Test("A binary property list .strings file, cut or with any byte changed, reads or fails cleanly")
    func damagedBinaryPropertyList() throws {
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["Greeting": "Grüß dich", "Quit": "Quit", "a": "b"], format: .binary, options: 0)
        #expect(try StringsFileReader.read(data, path: "b.strings").table == ["Greeting": "Grüß dich", "Quit": "Quit", "a": "b"])
        // A 0-byte file is an empty table; every other cut is an error.
        for length in 1..<data.count {
            #expect(HostileInputs.error(reading: data.prefix(length), as: "b.strings") != nil)
        }
        var failures = 0
        for index in 8..<data.count {
            for replacement: UInt8 in [0x00, 0x0F, 0x7F, 0xC1, 0xFF] where data[index] != replacement {
                var damaged = data
                damaged[index] = replacement
                if case .failure(let error) = HostileInputs.read(damaged, as: "b.strings") {
                    failures += 1
                    #expect(error.description.hasPrefix("b.strings:1:1: error: ") && error.message.hasSuffix("."))
                }
            }
        }
        #expect(failures > 0)
    }

    @Test("A truncated file names what it expected where it ends", arguments: [
        ("genstrings.strings", 45, "genstrings.strings:2:13: error: unterminated quoted string; expected '\"' before the end of the file."),
        ("plural.stringsdict", 600, "plural.stringsdict:23:8: error: unterminated '<key>'; expected '</key>' before the end of the file."),
        ("plurals.xcstrings", 300, "plurals.xcstrings:12:38: error: expected '\"' to end the string, found the end of the file."),
    ])
    func truncatedError(name: String, length: Int, expected: String) throws {
        let area = String(name.split(separator: ".").last ?? "")
        let data = try ReaderFixtures.data(area, name).prefix(length)
        #expect(HostileInputs.error(reading: data, as: name) == expected)
    }
}
