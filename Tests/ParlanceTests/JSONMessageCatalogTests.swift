import Foundation
import Synchronization
import Testing
@testable import Parlance
@testable import ParlanceCore
import ParlanceCatalogWriters

/// A web project's JSON message catalogs served by a localizer like any catalog: each language
/// from the file named for it, ICU messages rendered with the language's plural rules.
@Suite("JSON message catalogs (ICU MessageFormat) served by a localizer")
struct JSONMessageCatalogTests {
    /// A resources folder as a web project lays it out: FormatJS's `lang/xx.json` and
    /// i18next's `locales/xx/namespace.json`, beside files that are not catalogs.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("json-catalogs-\(UUID().uuidString)")
        let files: [String: String] = [
            "lang/en.json": #"""
                {
                  "inbox.count": "{count, plural, =0 {No messages} one {# message} other {# messages}}",
                  "greeting": "Hello {name}!",
                  "position": "{0} of {1}",
                  "quote": "It''s '{'literal'}'",
                  "plain": "Settings",
                  "only.english": "Only in English",
                  "who": "{gender, select, female {She replied} male {He replied} other {They replied}}",
                  "broken": "{count, plural, one {# file}"
                }
                """#,
            "lang/fr.json": #"""
                {
                  "inbox.count": "{count, plural, =0 {Aucun message} one {# message} many {# de messages} other {# messages}}",
                  "greeting": "Bonjour {name} !",
                  "position": "{0} sur {1}",
                  "quote": "C''est '{'littéral'}'",
                  "plain": "Réglages",
                  "who": "{gender, select, female {Elle a répondu} male {Il a répondu} other {Iel a répondu}}",
                  "broken": "{count, plural, one {# fichier}"
                }
                """#,
            "locales/fr/common.json": #"{"home": {"title": "Bienvenue", "rank": "{n, selectordinal, one {#er} other {#e}}"}}"#,
            "locales/en/common.json": #"{"home": {"title": "Welcome", "rank": "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}"}}"#,
            "package.json": #"{"name": "web"}"#,
            "locales/config.json": #"{"fallback": "en"}"#,
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    static func localizer(_ folder: URL, language: Language = "fr") throws -> Localizer {
        try Localizer(resourcesAt: folder, configuration: .init(
            defaultLanguage: "en", preferredLanguages: { [language] }, notificationCenter: nil))
    }

    @Test("The languages are those the files are named for; other JSON files are not catalogs")
    func languages() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = FolderLocalizationSource(folder: folder)
        #expect(try source.availableLanguages().map(\.identifier).sorted() == ["en", "fr"])
        let localizer = try Self.localizer(folder)
        #expect(localizer.language == "fr")
        #expect(localizer.currentSnapshot.tables == ["Localizable", "common"])
    }

    @Test("Plurals, =N, select and named values follow the language, and switch with it")
    func messagesFollowTheLanguage() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let localizer = try Self.localizer(folder)
        #expect(localizer.string("inbox.count", values: ["count": 0]) == "Aucun message")
        #expect(localizer.string("inbox.count", values: ["count": 1]) == "1 message")
        #expect(localizer.string("inbox.count", values: ["count": 1_000_000]) == "1\u{202F}000\u{202F}000 de messages")
        #expect(localizer.string("inbox.count", values: ["count": 2]) == "2 messages")
        #expect(localizer.string("greeting", values: ["name": "Ada"]) == "Bonjour Ada !")
        #expect(localizer.string("who", values: ["gender": "female"]) == "Elle a répondu")
        #expect(localizer.string("home.rank", values: ["n": 1], table: "common") == "1er")
        localizer.selection = .language("en")
        #expect(localizer.string("inbox.count", values: ["count": 1]) == "1 message")
        #expect(localizer.string("inbox.count", values: ["count": 1_000_000]) == "1,000,000 messages")
        #expect(localizer.string("who", values: ["gender": "x"]) == "They replied")
        #expect(localizer.string("home.rank", values: ["n": 23], table: "common") == "23rd")
    }

    @Test("Positional arguments are ICU's {0}, {1}; a message without arguments is its text, apostrophes read")
    func positionalAndPlain() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let localizer = try Self.localizer(folder)
        #expect(localizer.string("position", 3, 10) == "3 sur 10")
        #expect(localizer.string("quote") == "C'est {littéral}")
        #expect(localizer.string("plain") == "Réglages")
        #expect(localizer.string("home.title", table: "common") == "Bienvenue")
        let snapshot = localizer.snapshot(acceptLanguage: "en-GB,en;q=0.8")
        #expect(snapshot.string("quote") == "It's {literal}")
        #expect(snapshot.string("position", arguments: [1, 2]) == "1 of 2")
    }

    @Test("A key French lacks falls back to English and is reported missing")
    func fallback() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = MissingKeys()
        let localizer = try Localizer(resourcesAt: folder, configuration: .init(
            defaultLanguage: "en", preferredLanguages: { ["fr"] }, missingKeyHandler: { missing.append($0.key) },
            notificationCenter: nil))
        #expect(localizer.string("only.english") == "Only in English")
        localizer.flushMissingKeyReports()
        #expect(missing.keys == ["only.english"])
    }

    @Test("A message that does not parse shows as written and says why; a missing value shows as {name}")
    func brokenMessages() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let localizer = try Self.localizer(folder)
        let broken = localizer.currentSnapshot.message("broken", values: ["count": 2])
        #expect(broken.string == "{count, plural, one {# fichier}")
        #expect(broken.diagnostics.count == 1)
        #expect(broken.diagnostics.first?.message.contains("syntax-error") == true)
        let unfilled = localizer.currentSnapshot.message("greeting", values: [:])
        #expect(unfilled.string == "Bonjour {name} !")
        #expect(unfilled.diagnostics.first?.message.contains("name") == true)
    }

    @Test("Pseudo-localization transforms the formatted text and leaves ICU's syntax alone")
    func pseudo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let localizer = try Self.localizer(folder)
        localizer.selection = .pseudo(.brackets)
        let text = localizer.string("inbox.count", values: ["count": 2])
        #expect(text.contains("2"))
        #expect(text.contains("messages"))
        #expect(text != "2 messages")
        #expect(!text.contains("plural"))
    }

    @Test("A String Catalog table beside a JSON table of the same name: each renders by its own syntax")
    func mixedSyntaxes() throws {
        var apple = Catalog(table: "Localizable", sourceLanguage: "en")
        apple.entries["percent"] = CatalogEntry(localizations: ["en": .string("%lld%% done")])
        var icu = Catalog(table: "Localizable", sourceLanguage: "en", messageSyntax: .icu)
        icu.entries["files"] = CatalogEntry(localizations: ["en": .string("{n, plural, one {# file} other {# files}}")])
        icu.entries["literal"] = CatalogEntry(localizations: ["en": .string("100% done")])
        let localizer = Localizer(catalogs: [apple, icu], configuration: .init(preferredLanguages: { ["en"] }, notificationCenter: nil))
        #expect(localizer.string("percent", 40) == "40% done")
        #expect(localizer.string("files", values: ["n": 3]) == "3 files")
        // ICU has no printf: a % is text, arguments or not.
        #expect(localizer.string("literal", 7) == "100% done")
    }

    @Test("Compiling leaves an ICU table out, by name, rather than storing its messages as format strings")
    func compileLeavesICUOut() throws {
        var icu = Catalog(table: "Web", sourceLanguage: "en", messageSyntax: .icu)
        icu.entries["a"] = CatalogEntry(localizations: ["en": .string("{n}")])
        var apple = Catalog(table: "App", sourceLanguage: "en")
        apple.entries["b"] = CatalogEntry(localizations: ["en": .string("B")])
        var warnings: [String] = []
        var compiled: [String] = []
        _ = try CompiledCatalogWriter.eachTable(of: [icu, apple], warn: { warnings.append($0) }) { catalog, _, _ in
            compiled.append(catalog.table)
        }
        #expect(compiled == ["App"])
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("Web") == true)
        #expect(warnings.first?.contains("ICU MessageFormat") == true)
    }

    @Test("Beside compiled catalogs, a folder's JSON message catalogs are still served: the catalogs are read")
    func compiledBesideJSON() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var apple = Catalog(table: "App", sourceLanguage: "en", version: "1.0")
        apple.entries["app.title"] = CatalogEntry(localizations: ["en": .string("Parlance"), "fr": .string("Parlance FR")])
        try XCStringsWriter().write(apple).data.write(to: folder.appendingPathComponent("App.xcstrings"))
        let read = try ResourceFolderReader.read(at: folder)
        try CompiledCatalogWriter.write(read.catalogs, sources: [], to: folder.appendingPathComponent("Compiled"))
        let localizer = try Self.localizer(folder)
        #expect(!localizer.readsCompiledCatalogs)
        #expect(localizer.diagnostics.contains { $0.message.contains("JSON message catalogs") })
        #expect(localizer.string("inbox.count", values: ["count": 2]) == "2 messages")
        #expect(localizer.string("app.title", table: "App") == "Parlance FR")
    }

    @Test("Beside compiled catalogs, JSON files that are not message catalogs (package.json) leave the compiled catalogs read")
    func compiledBesideOtherJSON() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("json-other-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("web"), withIntermediateDirectories: true)
        try Data(#"{"name": "web"}"#.utf8).write(to: folder.appendingPathComponent("web/package.json"))
        var apple = Catalog(table: "App", sourceLanguage: "en", version: "1.0")
        apple.entries["app.title"] = CatalogEntry(localizations: ["en": .string("Parlance"), "fr": .string("Parlance FR")])
        try XCStringsWriter().write(apple).data.write(to: folder.appendingPathComponent("App.xcstrings"))
        try CompiledCatalogWriter.write(ResourceFolderReader.read(at: folder).catalogs, sources: [], to: folder.appendingPathComponent("Compiled"))
        let localizer = try Self.localizer(folder)
        #expect(localizer.readsCompiledCatalogs, "\(localizer.diagnostics)")
        #expect(localizer.string("app.title", table: "App") == "Parlance FR")
    }

    @Test("The suffixes a launch tests names by before consulting the formats are the language-named formats' extensions")
    func languageNamedSuffixes() {
        let registry = CatalogFormats.all.filter { $0.placement == .languageNamed }.map { "." + $0.fileExtension }
        #expect(FolderLocalizationSource.languageNamedSuffixes == registry)
    }
}

/// Missing keys a handler was told of, in order.
private final class MissingKeys: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ key: String) { storage.withLock { $0.append(key) } }
    var keys: [String] { storage.withLock { $0 } }
}
