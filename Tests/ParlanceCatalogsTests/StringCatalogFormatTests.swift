import Foundation
import ParlanceCatalogs
import Testing

@Suite("String Catalogs through their CatalogFormat")
struct StringCatalogFormatTests {
    let format = StringCatalogFormat()

    @Test("The table holds every language, as XCStringsReader reads it")
    func readsTheCatalog() throws {
        let file = try FormatFixtures.read("located.xcstrings", language: "ignored")
        let direct = try XCStringsReader.read(Data(contentsOf: FormatFixtures.url("located.xcstrings")), path: "located.xcstrings")
        #expect(file.catalog == direct)
        #expect(file.catalog.table == "located")
        #expect(file.catalog.sourceLanguage == "en")
        #expect(file.catalog.entries.keys == ["Hello", "Résumé", "Untranslated"])
        #expect(file.diagnostics.isEmpty)
        #expect(file.oneLanguageTable == nil, "a String Catalog holds every language")
    }

    @Test("Located, each key is at its member under strings and each value at its language's member")
    func locatesKeysAndValues() throws {
        let file = try FormatFixtures.read("located.xcstrings")
        let hello = try #require(file.locations["Hello"])
        #expect(hello.key == ParlanceCatalogs.SourceLocation(file: "located.xcstrings", line: 4, column: 5))
        #expect(hello.values["en"]?.position == "7:9")
        #expect(hello.values["fr"]?.position == "10:9")
        // Columns count scalars: "Résumé" is 8 bytes before its language's quote too.
        #expect(file.locations["Résumé"]?.key.position == "15:5")
        #expect(file.locations["Résumé"]?.values["de"]?.position == "17:9")
        #expect(file.locations["Untranslated"]?.key.position == "20:5")
        #expect(file.locations["Untranslated"]?.values.isEmpty == true)
        #expect(file.locations.count == 3)
    }

    @Test("Not located, the reading finds no positions, and the table is the same")
    func notLocatingCostsNothing() throws {
        let located = try FormatFixtures.read("located.xcstrings", locating: true)
        let plain = try FormatFixtures.read("located.xcstrings", locating: false)
        #expect(plain.locations.isEmpty)
        #expect(plain.catalog == located.catalog)
    }

    @Test("Files that must fail fail at the place that is wrong",
          arguments: [("!truncated.xcstrings", "6:1"), ("!duplicate-key.xcstrings", "5:5")])
    func mustFail(name: String, position: String) throws {
        #expect(FormatFixtures.mustFail("xcstrings").contains(name))
        let error = try #require(throws: ParseError.self) { try FormatFixtures.read(name) }
        #expect(error.location.file == name)
        #expect(error.location.position == position, "\(error)")
        #expect(!error.message.isEmpty)
    }

    @Test("Every must-fail String Catalog fixture is listed above")
    func everyMustFailFixtureIsTested() {
        #expect(FormatFixtures.mustFail("xcstrings") == ["!duplicate-key.xcstrings", "!truncated.xcstrings"])
    }

    static let escapedKeys = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "a\\"b" : {
              "comment" : "strings",
              "localizations" : {
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "x" } }
              }
            },
            "\\u00e9t\\u00e9 \\ud83d\\ude00" : { "localizations" : { "de" : {} } },
            "été 😀 x" : {}
          },
          "version" : "1.0"
        }
        """

    @Test("Keys and languages are located at their opening quotes, escapes resolved, columns in scalars")
    func escapedKeysAreLocated() throws {
        let file = try format.read(Data(Self.escapedKeys.utf8), path: "L.xcstrings", table: "L", language: nil, locating: true)
        #expect(file.catalog.entries.keys == ["a\"b", "été 😀", "été 😀 x"])
        #expect(file.catalog.entries.keys.map { file.locations[$0]?.key.description } == [
            "L.xcstrings:4:5", "L.xcstrings:10:5", "L.xcstrings:11:5",
        ])
        #expect(file.locations["a\"b"]?.values["fr"]?.description == "L.xcstrings:7:9")
        #expect(file.locations["été 😀"]?.values["de"]?.description == "L.xcstrings:10:58")
        #expect(file.locations["été 😀 x"]?.values.isEmpty == true)
    }

    @Test("Keys in any order of members are located, on one line")
    func membersInAnyOrder() throws {
        let text = #"{"strings":{"b":{"localizations":{"fr":{},"de":{}}},"a":{}},"sourceLanguage":"en"}"#
        let file = try format.read(Data(text.utf8), path: "T.xcstrings", table: "T", language: nil, locating: true)
        #expect(file.locations["a"]?.key.column == 53)
        #expect(file.locations["b"]?.key.column == 13)
        #expect(file.locations["b"]?.values["de"]?.column == 43)
    }
}
