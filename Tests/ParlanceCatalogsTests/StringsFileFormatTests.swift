import Foundation
import ParlanceCatalogs
import Testing

@Suite(".strings tables through their CatalogFormat")
struct StringsFileFormatTests {
    @Test("A repeated key takes its last value and keeps its first place, as Foundation loads it")
    func duplicatesResolveAsFoundation() throws {
        let file = try FormatFixtures.read("duplicates.strings", language: "fr")
        let catalog = file.catalog
        #expect(catalog.table == "duplicates")
        #expect(catalog.sourceLanguage == "fr")
        #expect(catalog.languages == ["fr"])
        #expect(catalog.entries.keys == ["greeting", "farewell"])
        #expect(catalog.entries["greeting"]?["fr"] == .string("Salut"))
        #expect(catalog.entries["greeting"]?.comment == "The greeting that wins")
        #expect(catalog.entries["farewell"]?["fr"] == .string("Au revoir"))
        // The location is the entry that won; the diagnostic names the repeat, with its code.
        #expect(file.locations["greeting"]?.key.position == "7:1")
        #expect(file.locations["greeting"]?.value(in: "fr").position == "7:1")
        #expect(file.locations["farewell"]?.key.position == "4:1")
        #expect(file.diagnostics.map(\.code) == [.duplicateKey])
        #expect(file.diagnostics.first?.location?.position == "7:1")
        // The same table without a map of languages per key, as a folder reader merges it.
        let table = try #require(file.oneLanguageTable)
        #expect(table.language == "fr")
        #expect(table.entries.keys == ["greeting", "farewell"])
        #expect(table.entries["greeting"]?.value == .string("Salut"))
        #expect(table.entries["greeting"]?.comment == "The greeting that wins")
        #expect(table.entries["greeting"]?.location?.position == "7:1")
        #expect(table.catalog == catalog)
    }

    @Test("Positions are found with the reading, asked for or not")
    func locationsAlwaysFilled() throws {
        let file = try FormatFixtures.read("duplicates.strings", language: "fr", locating: false)
        #expect(file.locations.count == 2)
    }

    @Test("Without a language the file cannot be read as a table, and the error says how to name one")
    func needsALanguage() throws {
        let error = try #require(throws: ParseError.self) { try FormatFixtures.read("duplicates.strings", language: nil) }
        #expect(error.location == ParlanceCatalogs.SourceLocation(file: "duplicates.strings", line: 1, column: 1))
        #expect(error.message.contains("cannot tell the language"))
        #expect(error.message.contains("xx.lproj"))
    }

    @Test("Files that must fail fail at the place that is wrong",
          arguments: [("!missing-semicolon.strings", "1:23"), ("!unterminated.strings", "1:14")])
    func mustFail(name: String, position: String) throws {
        let error = try #require(throws: ParseError.self) { try FormatFixtures.read(name, language: "fr") }
        #expect(error.location.file == name)
        #expect(error.location.position == position, "\(error)")
    }

    @Test("Every must-fail .strings fixture is listed above")
    func everyMustFailFixtureIsTested() {
        #expect(FormatFixtures.mustFail("strings") == ["!missing-semicolon.strings", "!unterminated.strings"])
    }
}
