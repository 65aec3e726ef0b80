import Foundation
import Parlance
import ParlanceReleaseTooling
@testable import ParlanceRemote

/// The app's bundled catalogs, releases built from them, and the keys that sign them.
enum Fixture {
    static let key = try! ReleaseSigningKey(rawRepresentation: [UInt8](repeating: 7, count: 32))
    static let otherKey = try! ReleaseSigningKey(rawRepresentation: [UInt8](repeating: 9, count: 32))

    /// Two tables in English (the source) and French, with a format, a plural and a `{name}` message.
    static func bundled() -> [Catalog] {
        var main = Catalog(table: "Localizable", sourceLanguage: "en")
        main["greeting"] = entry(en: .string("Hello"), fr: .string("Bonjour"))
        main["welcome %@"] = entry(en: .string("Welcome, %@"), fr: .string("Bienvenue, %@"))
        main["files"] = entry(
            en: .plural([.one: .string("%lld file"), .other: .string("%lld files")]),
            fr: .plural([.one: .string("%lld fichier"), .other: .string("%lld fichiers")]))
        main["hi {name}"] = entry(en: .string("Hi {name}"), fr: .string("Salut {name}"))
        main[scoreKey] = entry(
            en: score("%#@correct@ of %#@total@", correct: ("%arg correct answer", "%arg correct answers"), total: ("%arg question", "%arg questions")),
            fr: score("%#@correct@ sur %#@total@", correct: ("%arg bonne réponse", "%arg bonnes réponses"), total: ("%arg question", "%arg questions")))
        var settings = Catalog(table: "Settings", sourceLanguage: "en")
        settings["title"] = entry(en: .string("Settings"), fr: .string("Réglages"))
        return [main, settings]
    }

    /// A key whose two arguments are each shown by a substitution's plural forms, as the example's score is.
    static let scoreKey = "%#@correct@ of %#@total@"

    /// A score value: its text and the `one` and `other` forms of each substitution.
    static func score(_ text: String, correct: (String, String), total: (String, String)) -> Localization {
        func substitution(_ argument: Int, _ forms: (String, String)) -> Substitution {
            Substitution(argNum: argument, formatSpecifier: "lld", variations: .plural([.one: .string(forms.0), .other: .string(forms.1)]))
        }
        return Localization(
            stringUnit: StringUnit(text), substitutions: ["correct": substitution(1, correct), "total": substitution(2, total)])
    }

    static func entry(en: Localization, fr: Localization) -> CatalogEntry {
        var entry = CatalogEntry()
        entry["en"] = en
        entry["fr"] = fr
        return entry
    }

    /// The bundled catalogs with `changes` applied to the French values.
    static func edited(_ changes: [String: Localization], table: String = "Localizable") -> [Catalog] {
        var catalogs = bundled()
        let index = catalogs.firstIndex { $0.table == table }!
        for (key, value) in changes {
            var entry = catalogs[index][key] ?? CatalogEntry()
            entry["fr"] = value
            catalogs[index][key] = entry
        }
        return catalogs
    }

    /// Publishes `catalogs` into a new temporary folder.
    static func publish(
        _ catalogs: [Catalog], release: Int, minimum: AppVersion = "1.0", maximum: AppVersion? = nil,
        languages: [Language]? = ["fr"], key: ReleaseSigningKey = Fixture.key
    ) throws -> URL {
        let folder = temporaryFolder("release")
        try ReleasePublisher.publish(
            catalogs, release: release, minimumAppVersion: minimum, maximumAppVersion: maximum, languages: languages,
            key: key, to: folder)
        return folder
    }

    /// One folder per test process holds every folder the tests make (releases, caches, the soak's
    /// and the kill test's scratch: hundreds of megabytes a run), removed when the process exits.
    static let scratchRoot: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-remote-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: Fixture.scratchRoot) }
        return url
    }()

    static func temporaryFolder(_ name: String) -> URL {
        let url = scratchRoot.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func configuration(
        _ base: URL, cache: URL, appVersion: AppVersion = "1.2", timeout: Duration = .seconds(5),
        keys: [ReleasePublicKey] = [Fixture.key.publicKey]
    ) -> ReleaseUpdater.Configuration {
        ReleaseUpdater.Configuration(
            baseURL: base, trustedKeys: keys, appVersion: appVersion, cacheDirectory: cache,
            requestTimeout: timeout, minimumCheckInterval: .zero, initialBackoff: .seconds(1))
    }

    /// An updater over the bundled catalogs and a French localizer attached to it.
    static func updater(_ configuration: ReleaseUpdater.Configuration) throws -> (ReleaseUpdater, Localizer) {
        let updater = ReleaseUpdater(bundled: InMemoryLocalizationSource(bundled()), configuration: configuration)
        let localizer = try Localizer(
            source: updater.source,
            configuration: .init(defaultLanguage: "fr", preferredLanguages: { ["fr"] }, notificationCenter: nil))
        updater.attach(localizer)
        return (updater, localizer)
    }
}
