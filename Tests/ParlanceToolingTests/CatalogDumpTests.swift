import Foundation
import Parlance
import Testing
@testable import ParlanceTooling

@Suite("Dumping what an app sees")
struct CatalogDumpTests {
    @Test("The same content as .strings + .stringsdict or as .xcstrings dumps to the same JSON", arguments: ["en", "fr", "de"])
    func equivalence(language: String) throws {
        let lproj = try ResourceFolderReader.read(at: Fixtures.url("equivalence/lproj"))
        let catalog = try ResourceFolderReader.read(at: Fixtures.url("equivalence/catalog"))
        #expect(lproj.diagnostics.isEmpty)
        #expect(catalog.diagnostics.isEmpty)
        #expect(CatalogDump.json(lproj.catalogs, language: language) == CatalogDump.json(catalog.catalogs, language: language))
    }

    @Test("The dump's shape: strings, plurals, devices, formats with substitutions")
    func shape() throws {
        let folder = try ResourceFolderReader.read(at: Fixtures.url("equivalence/catalog"))
        #expect(CatalogDump.json(folder.catalogs, language: "fr").rendered == """
            {
              "Localizable": {
                "%lld files": {
                  "plural": {
                    "one": "%lld fichier",
                    "other": "%lld fichiers"
                  }
                },
                "Cancel": "Annuler",
                "greeting": "Bonjour",
                "posts": {
                  "format": "%#@count_posts@ de %#@count_people@",
                  "substitutions": {
                    "count_people": {
                      "argNum": 2,
                      "formatSpecifier": "lld",
                      "plural": {
                        "one": "%arg personne",
                        "other": "%arg personnes"
                      }
                    },
                    "count_posts": {
                      "argNum": 1,
                      "formatSpecifier": "lld",
                      "plural": {
                        "one": "%arg message",
                        "other": "%arg messages"
                      }
                    }
                  }
                },
                "quote": "Dites « salut »\\n\\tpuis partez",
                "tap": {
                  "device": {
                    "mac": "Cliquez",
                    "other": "Touchez"
                  }
                }
              }
            }

            """)
    }

    @Test("In the source language a key with no value of its own shows the key")
    func sourceLanguageShowsKeys() {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        catalog.entries["Extracted text"] = CatalogEntry(extractionState: .extractedWithValue)
        catalog.entries["Bonjour"] = CatalogEntry(localizations: ["fr": .string("Bonjour")])
        #expect(CatalogDump.json([catalog], language: "en") == .object(["Localizable": .object([
            "Extracted text": .string("Extracted text"), "Bonjour": .string("Bonjour"),
        ])]))
        #expect(CatalogDump.json([catalog], language: "fr") == .object(["Localizable": .object(["Bonjour": .string("Bonjour")])]))
    }
}

@Suite("Reading a resources folder")
struct ResourceFolderTests {
    @Test("A .stringsdict entry overrides the .strings entry of the same key, silently")
    func stringsDictWins() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let en = folder.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: en, withIntermediateDirectories: true)
        try Data(#""%d files" = "%d file(s)";"#.utf8).write(to: en.appendingPathComponent("Localizable.strings"))
        try Data(contentsOf: Fixtures.url("equivalence/lproj/en.lproj/Localizable.stringsdict"))
            .write(to: en.appendingPathComponent("Localizable.stringsdict"))
        let read = try ResourceFolderReader.read(at: folder)
        #expect(read.diagnostics.isEmpty)
        #expect(read["Localizable"]?["%lld files"]?["en"]?.variations != nil)
    }

    @Test("Two sources that disagree are reported, and the first is kept")
    func conflicts() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, value) in [("A/fr.lproj", "Bonjour"), ("B/fr-FR.lproj", "Salut"), ("C/fr.lproj", "Coucou")] {
            let lproj = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data("\"hello\" = \"\(value)\";\n".utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
        let read = try ResourceFolderReader.read(at: folder)
        #expect(read["Localizable"]?["hello"]?["fr"] == .string("Bonjour"))
        #expect(read["Localizable"]?["hello"]?["fr-FR"] == .string("Salut"))
        #expect(read.diagnostics.map(\.description) == [
            "\(folder.path)/C/fr.lproj/Localizable.strings:1:1: warning: \"hello\" in fr (Localizable) differs between \(folder.path)/A/fr.lproj/Localizable.strings:1:1 and \(folder.path)/C/fr.lproj/Localizable.strings:1:1; keeping the first."
        ])
    }

    @Test("Folder names are read as BCP 47 languages", arguments: [("pt_BR", "pt-BR"), ("zh-hans", "zh-Hans"), ("English", "en"), ("sr_latn", "sr-Latn")])
    func lprojNames(folderName: String, language: String) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lproj = folder.appendingPathComponent("\(folderName).lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        try Data(#""k" = "v";"#.utf8).write(to: lproj.appendingPathComponent("InfoPlist.strings"))
        let read = try ResourceFolderReader.read(at: folder)
        #expect(read["InfoPlist"]?["k"]?.localizations?.keys == [language])
    }

    @Test("An unreadable file is an error naming it; the others are still read")
    func unreadableFile() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let en = folder.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: en, withIntermediateDirectories: true)
        try Data("\"a\" = \"b\"\n\"c\" = \"d\";".utf8).write(to: en.appendingPathComponent("Broken.strings"))
        try Data(#""ok" = "fine";"#.utf8).write(to: en.appendingPathComponent("Good.strings"))
        let read = try ResourceFolderReader.read(at: folder)
        #expect(read.hasErrors)
        #expect(read.diagnostics.map(\.description) == [
            "\(en.path)/Broken.strings:1:10: error: expected ';' after the value \"b\"."
        ])
        #expect(read["Good"]?["ok"]?["en"] == .string("fine"))
    }
}
