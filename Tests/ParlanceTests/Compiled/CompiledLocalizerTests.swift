import Foundation
import ParlanceTestSupport
import Testing
@testable @_spi(Files) import Parlance
@testable @_spi(Files) import ParlanceCore

/// The localizer over compiled catalogs: found beside the catalogs and used when fresh, passed
/// over (with a warning) when stale or damaged, and giving what reading the catalogs gives.
@Suite("A localizer over compiled catalogs")
struct CompiledLocalizerTests {
    /// A copy of the fixture app (a String Catalog and `.lproj` tables) in a temporary folder.
    func appFolder() throws -> URL {
        let folder = try temporaryFolder("compiled-app")
        for name in ["Localizable.xcstrings", "en.lproj", "fr.lproj"] {
            try FileManager.default.copyItem(
                at: Fixtures.url("compiled/app", name), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// Compiles `folder` into `folder/Compiled`, as `parlance compile folder --output folder/Compiled` does.
    @discardableResult
    func compile(_ folder: URL) throws -> CompiledCatalogManifest {
        let resources = try ResourceFolderReader.read(at: folder, sourceLanguage: nil, language: nil)
        #expect(!resources.hasErrors)
        let sources = try ResourceFolderReader.catalogFiles(under: folder).map { file in
            CompiledCatalogManifest.Source(
                path: String(file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)),
                bytes: try Data(contentsOf: file))
        }
        return try CompiledCatalogWriter.write(resources.catalogs, sources: sources, to: folder.appendingPathComponent("Compiled"))
    }

    func keys(_ folder: URL) throws -> [String: [String]] {
        var keys: [String: [String]] = [:]
        for catalog in try ResourceFolderReader.read(at: folder, sourceLanguage: nil, language: nil).catalogs {
            keys[catalog.table, default: []] += catalog.entries.map(\.key) + ["no.such.key"]
        }
        return keys
    }

    @Test("Fresh compiled catalogs are read in place and give what the catalogs give, in every language")
    func equivalent() throws {
        let folder = try appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = try keys(folder)
        let reference = try Localizer(resourcesAt: folder, configuration: isolatedConfiguration())
        #expect(reference.compiled == nil)
        try compile(folder)
        let compiled = try Localizer(resourcesAt: folder, configuration: isolatedConfiguration())
        #expect(compiled.compiled != nil, "\(compiled.diagnostics)")
        #expect(compiled.diagnostics.isEmpty)
        #expect(compiled.currentSnapshot.storage.compiled != nil)
        #expect(Set(compiled.availableLanguages) == Set(reference.availableLanguages))
        let equivalence = CompiledEquivalence(reference: reference, compiled: compiled, keys: keys, context: "app")
        let compared = equivalence.check(languages: reference.availableLanguages + ["fr-CA", "de-AT", "ja"])
        #expect(compared > 100)

        // The values the fixture was written to show.
        let french = compiled.snapshot(for: "fr")
        #expect(french.string("cart.items", 1_000_000) == "1000000 d’articles")
        #expect(french.string("only.english") == "Only in English")
        #expect(french.string("settings.sound", table: "Settings") == "Sound")
        #expect(french.string("welcome %@", "Ada") == "Bienvenue, Ada !")
        #expect(compiled.snapshot(for: "fr-CA").string("greeting") == "Allô")
        #expect(compiled.snapshot(for: "de").string("files.in.folders", 1, 2) == "1 file in 2 folders")
        #expect(french.tables == ["Localizable", "Settings"])
        #expect(french.keys(in: "Settings") == ["settings.sound", "settings.title"])
    }

    @Test("Lookups by position over compiled catalogs give what lookups by key give, in every language")
    func positions() throws {
        let folder = try appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tables = try keys(folder)
        try compile(folder)
        let localizer = try Localizer(resourcesAt: folder, configuration: isolatedConfiguration())
        #expect(localizer.readsCompiledCatalogs)
        let list = IndexedKeys(tables.keys.sorted().map { IndexedKeys.Table($0, keys: tables[$0]!.sorted()) })
        for language in localizer.availableLanguages + ["fr-CA", "ja"] {
            localizer.select(.language(language))
            for index in 0..<list.count {
                let (table, key) = list[index]
                #expect(list.string(index, localizer: localizer) == localizer.string(key, table: table), "\(language) \(key)")
                #expect(
                    list.string(index, arguments: [2, "Ada"], localizer: localizer)
                        == localizer.string(key, arguments: [2, "Ada"], table: table), "\(language) \(key)")
            }
        }
    }

    @Test("Switching languages and pseudo-localization work over compiled catalogs")
    func switching() throws {
        let folder = try appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try compile(folder)
        let localizer = try Localizer(resourcesAt: folder, configuration: isolatedConfiguration())
        #expect(localizer.string("greeting") == "Hello")
        localizer.selection = .language("fr")
        #expect(localizer.string("greeting") == "Bonjour")
        localizer.selection = .language("de")
        #expect(localizer.string("cart.items", 2) == "2 Artikel")
        localizer.selection = .pseudo(.accented)
        #expect(localizer.string("greeting") != "Hello")
        #expect(!localizer.string("greeting").isEmpty)
        localizer.selection = .language("fr")
        localizer.reload()
        #expect(localizer.string("greeting") == "Bonjour")
        #expect(localizer.currentSnapshot.storage.compiled != nil)
    }

    @Test("A catalog changed after compiling makes the compiled files stale: the catalogs are read, with a warning")
    func stale() throws {
        let folder = try appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try compile(folder)
        let settings = folder.appendingPathComponent("fr.lproj/Settings.strings")
        try Data("\"settings.title\" = \"Préférences\";\n".utf8).write(to: settings)
        let localizer = try Localizer(resourcesAt: folder, configuration: isolatedConfiguration(default: "fr"))
        #expect(localizer.compiled == nil)
        #expect(localizer.string("settings.title", table: "Settings") == "Préférences")
        let warning = try #require(localizer.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("stale: fr.lproj/Settings.strings changed"), "\(warning)")
        #expect(warning.location?.file.hasSuffix("Compiled/parlance-compiled.json") == true)
    }

    @Test("A catalog rewritten with the same bytes after compiling is still fresh: its hash is compared")
    func touched() throws {
        let folder = try appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try compile(folder)
        let catalog = folder.appendingPathComponent("Localizable.xcstrings")
        let bytes = try Data(contentsOf: catalog)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: catalog.path)
        try bytes.write(to: catalog)
        let localizer = try Localizer(resourcesAt: folder, configuration: isolatedConfiguration())
        #expect(localizer.compiled != nil, "\(localizer.diagnostics)")
    }

    @Test("A folder holding only compiled files is read without the catalogs")
    func compiledOnly() throws {
        let folder = try appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try compile(folder)
        let compiledFolder = folder.appendingPathComponent("Compiled")
        let localizer = try Localizer(resourcesAt: compiledFolder, configuration: isolatedConfiguration(default: "fr"))
        #expect(localizer.compiled != nil)
        #expect(localizer.string("greeting") == "Bonjour")
        let direct = try Localizer(source: CompiledLocalizationSource(folder: compiledFolder), configuration: isolatedConfiguration(default: "fr"))
        #expect(direct.string("settings.title", table: "Settings") == "Réglages")
        // The source also hands out catalogs, for code that works with them.
        let catalogs = try CompiledLocalizationSource(folder: compiledFolder).catalogs(for: "fr")
        #expect(catalogs.map(\.table).sorted() == ["Localizable", "Settings"])
    }

    @Test("A damaged manifest, or one of another format version, is passed over with its file, line and column")
    func badManifest() throws {
        let folder = try appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try compile(folder)
        let manifest = folder.appendingPathComponent("Compiled/parlance-compiled.json")
        try Data("{\n  \"files\" : [\n    { \"language\" : \"fr\", \"path\" : \"../../etc/passwd\", \"table\" : \"x\" }\n  ],\n  \"format\" : 2\n}\n".utf8)
            .write(to: manifest)
        let escaping = try Localizer(resourcesAt: folder, configuration: isolatedConfiguration(default: "fr"))
        #expect(escaping.compiled == nil)
        #expect(escaping.string("greeting") == "Bonjour")
        let warning = try #require(escaping.diagnostics.first)
        #expect(warning.location?.line == 3)
        #expect(warning.location?.column == 35)
        #expect(warning.message.contains("a file name beside the manifest"), "\(warning)")

        // A source outside the compiled folder is refused: freshness reads what sources name.
        try Data("{ \"files\" : [], \"format\" : 2, \"sources\" : [ { \"hash\" : 1, \"path\" : \"../../etc/passwd\", \"size\" : 1 } ] }".utf8)
            .write(to: manifest)
        let outside = try Localizer(resourcesAt: folder, configuration: isolatedConfiguration(default: "fr"))
        #expect(outside.compiled == nil)
        #expect(outside.diagnostics.first?.message.contains("a relative path inside the compiled folder") == true)

        try Data("{ \"files\" : [], \"format\" : 1 }".utf8).write(to: manifest)
        let older = try Localizer(resourcesAt: folder, configuration: isolatedConfiguration(default: "fr"))
        #expect(older.compiled == nil)
        #expect(older.diagnostics.first?.message.contains("format version 1; this Parlance reads version 2") == true)
        #expect(older.string("greeting") == "Bonjour")
    }

    @Test("A damaged compiled value reads as missing, falls back to the next language, and is reported with its byte")
    func damagedValue() throws {
        let folder = try appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try compile(folder)
        let file = folder.appendingPathComponent("Compiled/Localizable.fr.pcat")
        var bytes = Array(try Data(contentsOf: file))
        // Point every entry's value node outside the heap; checksums made right so the header opens.
        let entries = word(bytes, 28)
        for index in 0..<word(bytes, 16) { bytes.setLittleEndian(0xFFF0, at: entries + 16 * index + 12) }
        try Data(resealed(bytes)).write(to: file)
        let localizer = try Localizer(
            source: CompiledLocalizationSource(folder: folder.appendingPathComponent("Compiled")),
            configuration: isolatedConfiguration(default: "fr"))
        #expect(localizer.string("greeting") == "Hello")
        #expect(localizer.string("greeting") == "Hello")
        let errors = localizer.diagnostics.filter { $0.message.contains("misaligned or runs past") }
        #expect(errors.count == 1)
        #expect(errors.first?.location?.file.hasSuffix("Localizable.fr.pcat") == true)
    }

    @Test("A compiled file that is missing or truncated is reported, and the chain's next language answers")
    func missingFile() throws {
        let folder = try appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try compile(folder)
        let file = folder.appendingPathComponent("Compiled/Localizable.fr.pcat")
        let bytes = try Data(contentsOf: file)
        try bytes.prefix(100).write(to: file)
        let localizer = try Localizer(
            source: CompiledLocalizationSource(folder: folder.appendingPathComponent("Compiled")),
            configuration: isolatedConfiguration(default: "fr"))
        #expect(localizer.string("greeting") == "Hello")
        #expect(localizer.diagnostics.contains { $0.message.contains("truncated") })
    }

    @Test("Forty compiled languages: a snapshot maps only its own language's files until a key is missing from them")
    func lazyLanguages() throws {
        let folder = try temporaryFolder("compiled-forty")
        defer { try? FileManager.default.removeItem(at: folder) }
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        let languages: [Language] = ["en", "fr", "de", "it", "es", "pt", "nl", "sv", "da", "fi"]
        for index in 0..<20 {
            var entry = CatalogEntry()
            for language in languages { entry[language.identifier] = .string("\(language) \(index)") }
            catalog["key.\(index)"] = entry
        }
        var lastResort = CatalogEntry()
        lastResort["fi"] = .string("vain suomeksi")
        catalog["only.finnish"] = lastResort
        var english = CatalogEntry()
        english["en"] = .string("English only")
        catalog["only.english"] = english
        try CompiledCatalogWriter.write([catalog], sources: [], to: folder)
        let localizer = try Localizer(
            source: CompiledLocalizationSource(folder: folder), configuration: isolatedConfiguration(default: "fr"))
        let compiled = try #require(localizer.currentSnapshot.storage.compiled)
        #expect(compiled.layers.map(\.language).prefix(2) == ["fr", "en"])
        #expect(compiled.layers.filter(\.isOpened).map(\.language) == ["fr"])
        #expect(localizer.string("key.3") == "fr 3")
        #expect(compiled.layers.filter(\.isOpened).map(\.language) == ["fr"])
        // A key French lacks maps the next language of the chain, the default, and no other.
        #expect(localizer.string("only.english") == "English only")
        #expect(compiled.layers.filter(\.isOpened).map(\.language) == ["fr", "en"])
        #expect(localizer.string("only.finnish") == "vain suomeksi")
        // Reaching Finnish opened every language before it in the chain, and none after it.
        let opened = compiled.layers.map { $0.isOpened }
        let finnish = try #require(compiled.layers.firstIndex { $0.language == "fi" })
        #expect(opened.prefix(finnish + 1).allSatisfy { $0 })
        #expect(!opened.dropFirst(finnish + 1).contains(true))
    }

    @Test("Showing one string decodes that string's value alone, and threads racing to decode one agree")
    func lazyPlainValues() async throws {
        let folder = try appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try compile(folder)
        let localizer = try Localizer(resourcesAt: folder, configuration: isolatedConfiguration(default: "fr"))
        let compiled = try #require(localizer.currentSnapshot.storage.compiled)
        func stored() -> Int {
            compiled.layers.compactMap { $0.openedTables }.flatMap { $0.byTable.values }.map(\.storedPlainCount).reduce(0, +)
        }
        #expect(stored() == 0)
        let greeting = localizer.string("greeting")
        #expect(stored() == 1)
        #expect(localizer.string("greeting") == greeting)
        #expect(stored() == 1)
        // Eight threads reach every key of a fresh localizer for the first time together: each
        // sees the value a single thread saw.
        let keys = localizer.currentSnapshot.keys()
        let expected = Dictionary(uniqueKeysWithValues: keys.map { ($0, localizer.string($0)) })
        #expect(keys.count > 3)
        let racing = try Localizer(resourcesAt: folder, configuration: isolatedConfiguration(default: "fr"))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for key in keys.shuffled() { #expect(racing.string(key) == expected[key]) }
                }
            }
        }
    }

    @Test("The per-key value cache holds at most one value per key a file has, after 100,000 distinct lookups")
    func boundedCache() throws {
        let folder = try appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try compile(folder)
        let localizer = try Localizer(resourcesAt: folder, configuration: isolatedConfiguration(default: "fr"))
        let compiled = try #require(localizer.currentSnapshot.storage.compiled)
        for index in 0..<100_000 { let key = "missing.\(index)"; _ = localizer.string(key) }
        // A plain value is kept apart from the slots; a plural is decoded on its first lookup, once.
        _ = localizer.string("greeting")
        _ = localizer.string("cart.items", 2)
        _ = localizer.string("cart.items", 3)
        let decoded = compiled.layers.compactMap { $0.openedTables }.flatMap { $0.byTable.values }.map(\.decodedCount)
        #expect(decoded.reduce(0, +) == 1)
        // The plural was planned when it was decoded, so rendering it walks no variations.
        guard case .rich(let message)? = compiled.value("cart.items", table: "Localizable") else {
            Issue.record("cart.items is not a message")
            return
        }
        #expect(message.plan != nil)
    }
}

/// Every corpus String Catalog read by a localizer from the catalog and from its compiled files.
@Suite("Compiled catalogs over the corpus, through the localizer", .enabled(
    if: ProcessInfo.processInfo.environment["PARLANCE_CORPUS"] != nil,
    "PARLANCE_CORPUS is not set, so the compiled-localizer corpus test is skipped."))
struct CompiledLocalizerCorpusTests {
    @Test("Every key, every language, every plural category: compiled and catalog give the same")
    func corpus() throws {
        let files = try Corpus.files("xcstrings").filter { $0.pathExtension == "xcstrings" }
        #expect(!files.isEmpty)
        var compared = 0
        for file in files {
            let catalog = try XCStringsReader.read(Data(contentsOf: file), path: file.lastPathComponent)
            let folder = try temporaryFolder("compiled-corpus")
            defer { try? FileManager.default.removeItem(at: folder) }
            try CompiledCatalogWriter.write([catalog], sources: [], to: folder)
            let configuration = isolatedConfiguration(default: Language(catalog.sourceLanguage) ?? "en")
            let reference = Localizer(catalogs: [catalog], configuration: configuration)
            let compiled = try Localizer(source: CompiledLocalizationSource(folder: folder), configuration: configuration)
            #expect(Set(compiled.availableLanguages) == Set(reference.availableLanguages), "\(file.lastPathComponent)")
            let equivalence = CompiledEquivalence(
                reference: reference, compiled: compiled, keys: [catalog.table: catalog.entries.map(\.key)],
                context: file.lastPathComponent)
            compared += equivalence.check(languages: reference.availableLanguages)
        }
        #expect(compared > 10_000)
    }
}
