import Foundation
import ParlanceCatalogs
import Testing

@Suite(".stringsdict tables through their CatalogFormat")
struct StringsDictFormatTests {
    @Test("A plural rule reads as plural variations in the file's language, located at its key")
    func readsPlurals() throws {
        let file = try FormatFixtures.read("plural.stringsdict", language: "fr")
        #expect(file.catalog.table == "plural")
        #expect(file.catalog.sourceLanguage == "fr")
        #expect(file.catalog.entries.keys == ["%lld files"])
        let localization = try #require(file.catalog.entries["%lld files"]?["fr"])
        let direct = try StringsDictReader.read(Data(contentsOf: FormatFixtures.url("plural.stringsdict")), path: "plural.stringsdict")
        #expect(localization == direct.entries["%lld files"])
        #expect(file.locations["%lld files"]?.key.position == "5:2")
        #expect(file.locations["%lld files"]?.value(in: "fr").position == "5:2")
        #expect(file.diagnostics.isEmpty)
    }

    @Test("Without a language the file cannot be read as a table")
    func needsALanguage() throws {
        let error = try #require(throws: ParseError.self) { try FormatFixtures.read("plural.stringsdict") }
        #expect(error.message.contains("cannot tell the language of plural.stringsdict"))
    }

    @Test("A .stringsdict entry overrides the .strings entry of the same key in a folder")
    func overridesStrings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stringsdict-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let lproj = folder.appendingPathComponent("fr.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        try Data("\"%lld files\" = \"%lld fichier(s)\";\n\"Other\" = \"Autre\";\n".utf8)
            .write(to: lproj.appendingPathComponent("Localizable.strings"))
        try Data(contentsOf: FormatFixtures.url("plural.stringsdict")).write(to: lproj.appendingPathComponent("Localizable.stringsdict"))
        let read = try ResourceFolderReader.read(at: folder)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        let catalog = try #require(read["Localizable"])
        #expect(catalog.entries["%lld files"]?["fr"]?.variations != nil, "the .stringsdict plural wins")
        #expect(catalog.entries["Other"]?["fr"] == .string("Autre"))
    }

    @Test("Files that must fail fail at the place that is wrong",
          arguments: [("!not-a-dictionary.stringsdict", "3:1"), ("!unclosed.stringsdict", "6:1")])
    func mustFail(name: String, position: String) throws {
        let error = try #require(throws: ParseError.self) { try FormatFixtures.read(name, language: "fr") }
        #expect(error.location.file == name)
        #expect(error.location.position == position, "\(error)")
    }

    @Test("Every must-fail .stringsdict fixture is listed above")
    func everyMustFailFixtureIsTested() {
        #expect(FormatFixtures.mustFail("stringsdict") == ["!not-a-dictionary.stringsdict", "!unclosed.stringsdict"])
    }
}
