import Foundation
import Testing
@testable import Parlance

/// A ``CompiledTableSource`` laying files over others: the first file holding a key answers,
/// an excluded key is answered by the file below, and a reload reads the new files.
@Suite("Compiled tables laid over others")
struct ProbedTableTests {
    /// Files laid over a bundle, replaceable, as a live-update source does.
    final class LayeredSource: CompiledTableSource {
        let bundle: [Language: [CompiledCatalog]]
        let over = Locked<[Language: [ProbedTable]]>([:])

        init(bundle: [Language: [CompiledCatalog]]) { self.bundle = bundle }

        /// The bundle's languages, then those only laid over.
        func availableLanguages() -> [Language] {
            let added = over.withLock { $0.keys.filter { !["en", "fr"].contains($0) } }
            return ["en", "fr"] + added.sorted { $0.identifier < $1.identifier }
        }
        func sourceLanguages() -> [Language] { ["en"] }
        func catalogs(for language: Language) -> [Catalog] { [] }
        func probedTables(for language: Language) -> [ProbedTable] {
            over.withLock { $0[language] ?? [] } + (bundle[language] ?? []).map { ProbedTable($0) }
        }
    }

    static func compiled(_ table: String, _ language: Language, _ values: [String: Localization]) throws -> CompiledCatalog {
        var catalog = Catalog(table: table, sourceLanguage: "en")
        for (key, value) in values {
            var entry = CatalogEntry()
            entry[language.identifier] = value
            catalog[key] = entry
        }
        return try CompiledCatalog(bytes: CompiledCatalogWriter.bytes(for: catalog, language: language))
    }

    static func plural(one: String, other: String) -> Localization {
        var value = Localization()
        value.variations = .plural([.one: .string(one), .other: .string(other)])
        return value
    }

    func source() throws -> LayeredSource {
        LayeredSource(bundle: [
            "en": [try Self.compiled("Localizable", "en", ["greeting": .string("Hello"), "only.en": .string("English")])],
            "fr": [
                try Self.compiled("Localizable", "fr", [
                    "greeting": .string("Bonjour"), "farewell": .string("Au revoir"),
                    "items": Self.plural(one: "%lld article", other: "%lld articles"),
                ]),
                try Self.compiled("Menu", "fr", ["open": .string("Ouvrir")]),
            ],
        ])
    }

    @Test("A file laid over answers first; an excluded key, and a key it lacks, come from the file below")
    func layering() throws {
        let source = try source()
        source.over.withLock {
            $0["fr"] = [ProbedTable(
                try! Self.compiled("Localizable", "fr", [
                    "greeting": .string("Salut"), "farewell": .string("Adieu %@"),
                    "items": Self.plural(one: "%lld objet", other: "%lld objets"),
                ]),
                excluding: ["farewell", "not.in.the.file"])]
        }
        let localizer = try Localizer(source: source, configuration: .init(defaultLanguage: "fr", preferredLanguages: { ["fr"] }, notificationCenter: nil))
        #expect(localizer.readsCompiledCatalogs)
        #expect(localizer.string("greeting") == "Salut")
        #expect(localizer.string("farewell") == "Au revoir")
        #expect(localizer.string("items", 3) == "3 objets")
        #expect(localizer.string("open", table: "Menu") == "Ouvrir")
        #expect(localizer.string("only.en") == "English")
        #expect(Set(localizer.currentSnapshot.keys(in: "Localizable")) == ["greeting", "farewell", "items", "only.en"])
    }

    @Test("Decoded into catalogs: one per table, each key from the first file that answers for it")
    func decodedCatalogs() throws {
        let source = try source()
        source.over.withLock {
            $0["fr"] = [ProbedTable(
                try! Self.compiled("Localizable", "fr", ["greeting": .string("Salut"), "farewell": .string("Adieu")]),
                excluding: ["farewell"])]
        }
        let catalogs = try source.decodedCatalogs(for: "fr")
        #expect(catalogs.map(\.table) == ["Localizable", "Menu"])
        #expect(catalogs[0].sourceLanguage == "en")
        #expect(catalogs[0]["greeting"]?["fr"] == .string("Salut"))
        #expect(catalogs[0]["farewell"]?["fr"] == .string("Au revoir"))
        #expect(catalogs[0]["items"]?["fr"] == Self.plural(one: "%lld article", other: "%lld articles"))
        #expect(catalogs[1]["open"]?["fr"] == .string("Ouvrir"))
    }

    @Test("A reload drops what was laid over: the bundle's values come back on every lookup")
    func reload() throws {
        let source = try source()
        source.over.withLock { $0["fr"] = [ProbedTable(try! Self.compiled("Localizable", "fr", ["greeting": .string("Salut")]))] }
        let localizer = try Localizer(source: source, configuration: .init(defaultLanguage: "fr", preferredLanguages: { ["fr"] }, notificationCenter: nil))
        #expect(localizer.string("greeting") == "Salut")
        source.over.withLock { $0 = [:] }
        #expect(localizer.string("greeting") == "Salut", "the snapshot keeps its files until a reload")
        localizer.reload()
        #expect(localizer.string("greeting") == "Bonjour")
        #expect(localizer.snapshot(for: "en").string("greeting") == "Hello")
    }

    @Test("Every key excluded: the file answers for none of them, and the one below answers for all")
    func everyKeyExcluded() throws {
        let source = try source()
        let keys: Set<String> = ["greeting", "farewell", "items"]
        source.over.withLock {
            $0["fr"] = [ProbedTable(
                try! Self.compiled("Localizable", "fr", ["greeting": .string("X"), "farewell": .string("Y"), "items": .string("Z")]),
                excluding: keys)]
        }
        let localizer = try Localizer(source: source, configuration: .init(defaultLanguage: "fr", preferredLanguages: { ["fr"] }, notificationCenter: nil))
        #expect(localizer.string("greeting") == "Bonjour")
        #expect(localizer.string("farewell") == "Au revoir")
        #expect(localizer.string("items", 1) == "1 article")
    }

    @Test("A reload lists the languages again: one the source gained is shown to a user whose device prefers it, and goes when the source loses it")
    func languageAddedLive() async throws {
        let source = try source()
        let localizer = try Localizer(
            source: source, configuration: .init(defaultLanguage: "fr", preferredLanguages: { ["de-AT", "fr"] }, notificationCenter: nil))
        #expect(localizer.language == "fr")
        #expect(localizer.availableLanguages == ["en", "fr"])
        #expect(localizer.snapshot(matchingAcceptLanguage: "de-CH, ja;q=0.5") == nil, "remembered as matching nothing")
        let changes = localizer.changes()
        source.over.withLock { $0["de"] = [ProbedTable(try! Self.compiled("Localizable", "de", ["greeting": .string("Hallo")]))] }
        localizer.reload()
        #expect(localizer.availableLanguages == ["en", "fr", "de"])
        #expect(localizer.language == "de")
        #expect(localizer.string("greeting") == "Hallo")
        #expect(localizer.string("only.en") == "English", "a key German lacks falls back as in any language")
        #expect(localizer.snapshot(for: "de-CH").language == "de")
        #expect(localizer.snapshot(matchingAcceptLanguage: "de-CH, ja;q=0.5")?.language == "de", "the reload forgot the old answer")
        var iterator = changes.makeAsyncIterator()
        let change = await iterator.next()
        #expect(change?.oldLanguage == "fr")
        #expect(change?.newLanguage == "de")
        #expect(change?.reason == .reload)

        source.over.withLock { $0 = [:] }
        localizer.reload()
        #expect(localizer.availableLanguages == ["en", "fr"])
        #expect(localizer.language == "fr")
        #expect(localizer.string("greeting") == "Bonjour")
        #expect(localizer.snapshot(matchingAcceptLanguage: "de-CH, ja;q=0.5") == nil)
    }

    @Test("A user who chose a language the source lacks is shown it as soon as a reload finds it")
    func chosenLanguageArrives() throws {
        let source = try source()
        let localizer = try Localizer(
            source: source, configuration: .init(defaultLanguage: "en", preferredLanguages: { ["en"] }, notificationCenter: nil))
        localizer.selection = .language("de")
        #expect(localizer.language == "en")
        source.over.withLock { $0["de"] = [ProbedTable(try! Self.compiled("Localizable", "de", ["greeting": .string("Hallo")]))] }
        localizer.reload()
        #expect(localizer.selection == .language("de"))
        #expect(localizer.language == "de")
        #expect(localizer.string("greeting") == "Hallo")
    }
}
