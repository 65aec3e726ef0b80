import Foundation
@_spi(Files) @testable import ParlanceCatalogs
import Testing

@Suite("The catalog formats registry: the one place an extension names a reader")
struct CatalogFormatsTests {
    @Test("Each format has its own extension, and every extension finds its format")
    func extensionsAreUnique() throws {
        #expect(CatalogFormats.fileExtensions == ["xcstrings", "strings", "stringsdict", "json"])
        #expect(Set(CatalogFormats.fileExtensions).count == CatalogFormats.all.count)
        for format in CatalogFormats.all {
            let found = try #require(CatalogFormats.format(forExtension: format.fileExtension))
            #expect(found.name == format.name)
            #expect(!format.fileExtension.hasPrefix("."))
            #expect(format.fileExtension == format.fileExtension.lowercased())
        }
    }

    @Test("Paths and URLs find the format of their last extension; other files none",
          arguments: [
              ("Resources/Localizable.xcstrings", "xcstrings"),
              ("Resources/fr.lproj/Localizable.strings", "strings"),
              ("fr.lproj/Plurals.stringsdict", "stringsdict"),
              ("Localizable.strings.xcstrings", "xcstrings"),
              ("Localizable.STRINGS", nil),
              ("Localizable.xliff", nil),
              ("lang/fr.json", "json"),
              ("README", nil),
              (".strings", nil),
              ("fr.lproj/", nil),
          ] as [(String, String?)])
    func pathsFindFormats(path: String, expected: String?) {
        #expect(CatalogFormats.format(forPath: path)?.fileExtension == expected)
        #expect(CatalogFormats.format(for: URL(fileURLWithPath: "/tmp/" + path))?.fileExtension == expected)
    }

    @Test("Messages list the extensions the way a sentence does")
    func extensionList() {
        #expect(CatalogFormats.extensionList == ".xcstrings, .strings, .stringsdict or .json")
    }

    @Test("One-language formats outrank each other as Foundation does; String Catalogs hold every language")
    func placementAndPrecedence() throws {
        let catalog = try #require(CatalogFormats.format(forExtension: "xcstrings"))
        let strings = try #require(CatalogFormats.format(forExtension: "strings"))
        let stringsDict = try #require(CatalogFormats.format(forExtension: "stringsdict"))
        #expect(catalog.placement == .anywhere)
        #expect(strings.placement == .languageFolder)
        #expect(stringsDict.placement == .languageFolder)
        #expect(stringsDict.precedence > strings.precedence)
        let json = try #require(CatalogFormats.format(forExtension: "json"))
        #expect(json.placement == .languageNamed)
    }

    /// The build plugins cannot import a library, so they keep the extensions in a list of
    /// their own; this test is what keeps that list equal to the registry.
    @Test("The build plugins' extension lists equal the registry's, by placement")
    func pluginListsMatchTheRegistry() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for plugin in ["ParlanceGenerate", "ParlanceCompile"] {
            let url = root.appendingPathComponent("Plugins/\(plugin)/CatalogFiles.swift")
            let source = try String(contentsOf: url, encoding: .utf8)
            let anywhere = try #require(Self.stringSet(named: "anywhereExtensions", in: source), "\(plugin)")
            let languageFolder = try #require(Self.stringSet(named: "languageFolderExtensions", in: source), "\(plugin)")
            let languageNamed = try #require(Self.stringSet(named: "languageNamedExtensions", in: source), "\(plugin)")
            #expect(languageNamed == Set(CatalogFormats.all.filter { $0.placement == .languageNamed }.map(\.fileExtension)), "\(plugin)")
            #expect(anywhere == Set(CatalogFormats.all.filter { $0.placement == .anywhere }.map(\.fileExtension)), "\(plugin)")
            #expect(languageFolder == Set(CatalogFormats.all.filter { $0.placement == .languageFolder }.map(\.fileExtension)), "\(plugin)")
        }
    }

    /// The string literals of `static let <name>: Set<String> = [...]` in `source`.
    static func stringSet(named name: String, in source: String) -> Set<String>? {
        guard let declaration = source.range(of: "static let \(name): Set<String> = ["),
              let close = source[declaration.upperBound...].firstIndex(of: "]")
        else { return nil }
        let body = source[declaration.upperBound..<close]
        return Set(body.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }.filter { !$0.isEmpty })
    }

    @Test("A folder's catalog files are the registry's: String Catalogs anywhere, tables inside .lproj folders")
    func folderReaderFollowsTheRegistry() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formats-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "Localizable.xcstrings", "deep/down/Other.xcstrings", "fr.lproj/Localizable.strings",
            "fr.lproj/Localizable.stringsdict", "Lone.strings", "fr.lproj/notes.txt", "fr.lproj/Info.xliff",
            "web/lang/fr.json", "web/locales/de/common.json", "web/package.json", "web/locales/config.json",
        ]
        for file in files {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        let found = try ResourceFolderReader.catalogFiles(under: folder).map {
            $0.path.components(separatedBy: folder.lastPathComponent + "/").last ?? $0.path
        }
        #expect(found == [
            "Localizable.xcstrings", "deep/down/Other.xcstrings",
            "fr.lproj/Localizable.strings", "fr.lproj/Localizable.stringsdict",
            "web/lang/fr.json", "web/locales/de/common.json",
        ])
    }
}

@Suite("A one-language format that returns the catalog model still merges")
struct CatalogModelFromAOneLanguageFormatTests {
    /// A one-language format of its own, as a user might add one: `key=value` lines.
    struct KeyValueFormat: CatalogFormat {
        var name: String { "key=value table" }
        var fileExtension: String { "kv" }
        var placement: CatalogFilePlacement { .languageFolder }
        var precedence: Int { 0 }
        func read(_ data: Data, path: String, table: String, language: String?, locating: Bool) throws(ParseError) -> CatalogFile {
            guard let language else { throw ParseError("no language", at: ParlanceCatalogs.SourceLocation(file: path, line: 1, column: 1)) }
            var entries = OrderedMap<String, CatalogEntry>()
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                entries[parts[0]] = CatalogEntry(localizations: [language: .string(parts[1])])
            }
            return CatalogFile(catalog: Catalog(table: table, sourceLanguage: language, entries: entries))
        }
    }

    @Test("Its table reads as the catalog it returned, with no one-language form")
    func readsAsItsCatalog() throws {
        let file = try KeyValueFormat().read(Data("a=1\nb=2\n".utf8), path: "T.kv", table: "T", language: "fr", locating: false)
        #expect(file.oneLanguageTable == nil)
        #expect(file.catalog.entries.keys == ["a", "b"])
        #expect(file.catalog.entries["b"]?["fr"] == .string("2"))
    }

    @Test("A folder reader merges its values per language, as it merges a .strings table's")
    func mergesPerLanguage() throws {
        var merger = CatalogMerger(sourceLanguage: "en")
        for (language, text) in [("en", "a=one\nb=two\n"), ("fr", "a=un\n")] {
            let file = try KeyValueFormat().read(Data(text.utf8), path: "\(language).lproj/T.kv", table: "T", language: language, locating: false)
            merger.add(.read(file, format: KeyValueFormat(), path: "\(language).lproj/T.kv"))
        }
        let folder = merger.result(files: [])
        let catalog = try #require(folder["T"])
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.entries["a"]?["fr"] == .string("un"))
        #expect(catalog.entries["b"]?["en"] == .string("two"))
        #expect(catalog.entries["b"]?["fr"] == nil)
        #expect(folder.diagnostics.isEmpty)
    }
}
