import Foundation
@testable import ParlanceFoundation
import Testing

/// Apple's API on Linux: a model layer written for iOS (`ModelLayer.swift`) compiled here and
/// run against catalogs in two languages. Each test binds its own `Localizer.shared` to its
/// task (`Localizer.withShared`), so the tests run in parallel.
@Suite("Apple's localization API, served by Parlance")
struct AppleAPITests {
    /// The app's catalogs: English source, French.
    static func appLocalizer() -> Localizer {
        var main = Catalog(table: "Localizable", sourceLanguage: "en")
        func add(_ catalog: inout Catalog, _ key: String, _ values: [String: Localization]) {
            var entry = CatalogEntry()
            for (language, value) in values { entry[language] = value }
            catalog[key] = entry
        }
        add(&main, "Inbox", ["en": .string("Inbox"), "fr": .string("Boîte de réception")])
        add(&main, "You have %lld new messages", [
            "en": .plural([.one: .string("You have %lld new message"), .other: .string("You have %lld new messages")]),
            "fr": .plural([.one: .string("Vous avez %lld nouveau message"), .other: .string("Vous avez %lld nouveaux messages")]),
        ])
        add(&main, "Archive", ["en": .string("Archive"), "fr": .string("Archiver")])
        add(&main, "%@ (%lld)", ["en": .string("%@ (%lld)"), "fr": .string("%@ (%lld non lus)")])
        var inbox = Catalog(table: "Inbox", sourceLanguage: "en")
        add(&inbox, "From %@", ["en": .string("From %@"), "fr": .string("De %@")])
        add(&inbox, "inbox.empty", ["en": .string("Nothing new since %lld days"), "fr": .string("Rien de nouveau depuis %lld jours")])
        return Localizer(catalogs: [main, inbox], configuration: .init(
            defaultLanguage: "en", preferredLanguages: { ["en"] }, notificationCenter: nil))
    }

    static let model = InboxModel(
        unread: 1, sender: "Ada", downloads: 2, folders: [Folder(name: "Work", unread: 3), Folder(name: "Home", unread: 1)])

    @Test("Every string of the iOS model layer, in English and in French after a switch")
    func modelLayerInTwoLanguages() {
        let localizer = Self.appLocalizer()
        Localizer.withShared(localizer) {
            let model = Self.model
            #expect(model.title == "Inbox")
            #expect(model.unreadLine == "You have 1 new message")
            #expect(model.fromLine == "From Ada")
            #expect(model.emptyLine == "Nothing new since 1 days")
            #expect(model.archiveButton == "Archive")
            #expect(model.untranslated == "Sent at 1 o'clock")
            #expect(model.settingsTitle == "Settings")
            #expect(model.downloadsLine == "2 downloads")
            #expect(model.folderRows == ["Work (3)", "Home (1)"])

            localizer.selection = .language("fr")
            #expect(model.title == "Boîte de réception")
            #expect(model.unreadLine == "Vous avez 1 nouveau message")
            #expect(InboxModel(unread: 4, sender: "Ada", downloads: 1, folders: []).unreadLine == "Vous avez 4 nouveaux messages")
            #expect(model.fromLine == "De Ada")
            #expect(model.emptyLine == "Rien de nouveau depuis 1 jours")
            #expect(model.archiveButton == "Archiver")
            // No catalog holds it: the value as written, its values in place.
            #expect(model.untranslated == "Sent at 1 o'clock")
            // The module's own catalog, in the language the app shows.
            #expect(model.settingsTitle == "Réglages")
            #expect(model.downloadsLine == "2 téléchargements")
            #expect(InboxModel(unread: 0, sender: "", downloads: 1, folders: []).downloadsLine == "1 téléchargement")
            #expect(model.folderRows == ["Work (3 non lus)", "Home (1 non lus)"])
        }
    }

    @Test("A LocalizedStringResource keeps its key, default, table and bundle, and is resolved when shown")
    func resources() {
        let localizer = Self.appLocalizer()
        Localizer.withShared(localizer) {
            let unread = 2
            let resource = LocalizedStringResource("You have \(unread) new messages")
            #expect(resource.key == "You have %lld new messages")
            #expect(resource.defaultValue.arguments == [.int(2)])
            #expect(resource.table == nil)
            let keyed = LocalizedStringResource("inbox.empty", defaultValue: "Nothing new since \(unread) days", table: "Inbox")
            #expect(keyed.key == "inbox.empty")
            #expect(keyed.defaultValue.key == "Nothing new since %lld days")
            #expect(String(localized: resource) == "You have 2 new messages")
            localizer.selection = .language("fr")
            #expect(String(localized: resource) == "Vous avez 2 nouveaux messages")
            #expect(String(localized: keyed) == "Rien de nouveau depuis 2 jours")
            let literal: LocalizedStringResource = "Archive"
            #expect(String(localized: literal) == "Archiver")
            #expect(literal == LocalizedStringResource("Archive"))
            #expect(literal != LocalizedStringResource("Archive", table: "Other"))
            // Interpolated into a value, a resource shows localized.
            #expect(String(localized: "\(literal)!") == "Archiver!")
        }
    }

    @Test("The bundle cache keeps at most its capacity over 100,000 distinct folders")
    func bundleCacheIsBounded() {
        let cache = BundleLocalizers(capacity: 32)
        let empty = Localizer(catalogs: [])
        var made = 0
        for index in 0..<100_000 {
            _ = cache.localizer(forFolder: "/bundles/\(index)") {
                made += 1
                return empty
            }
            #expect(cache.count <= 32)
        }
        #expect(made == 100_000)
        // A kept folder is not made again.
        _ = cache.localizer(forFolder: "/bundles/99999") {
            made += 1
            return empty
        }
        #expect(made == 100_000)
    }

    @Test("A bundle that holds no catalogs shows the key, as Apple's does, in any language")
    func bundleWithoutCatalogs() throws {
        let localizer = Self.appLocalizer()
        try Localizer.withShared(localizer) {
            localizer.selection = .language("fr")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-catalogs-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let bundle = try #require(Bundle(path: folder.path))
            #expect(String(localized: "Inbox", bundle: bundle) == "Inbox")
            #expect(String(localized: "Inbox") == "Boîte de réception")
        }
    }
}
