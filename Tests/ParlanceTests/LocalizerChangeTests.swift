import Foundation
import Observation
import Testing
@testable import Parlance
@testable import ParlanceCore

@Suite("What lookups show changes, and observers hear of it")
struct LocalizerChangeTests {
    @Test("Each pseudo style has its own snapshot, and switching styles is announced")
    func pseudoStyles() async {
        let localizer = TestCatalogs.localizer()
        localizer.selection = .pseudo(.accented)
        let accented = localizer.string("l10n.auth.welcome.to")
        #expect(accented == PseudoLocalization.transform("Welcome to", style: .accented))
        let heard = Recorder<String>()
        withObservationTracking {
            _ = localizer.string("l10n.auth.welcome.to")
        } onChange: {
            heard.append("observation")
        }
        let stream = localizer.changes()
        localizer.selection = .pseudo(.expanded)
        #expect(localizer.string("l10n.auth.welcome.to") == PseudoLocalization.transform("Welcome to", style: .expanded))
        #expect(heard.all == ["observation"])
        var iterator = stream.makeAsyncIterator()
        let change = await iterator.next()
        #expect(change?.contentChanged == true)
        #expect(change?.reason == .selection)
        localizer.selection = .pseudo(.accented)
        #expect(localizer.string("l10n.auth.welcome.to") == accented)
    }

    @Test("reload() tells Observation, the change streams and the notification center")
    func reloadAnnounced() async throws {
        let center = NotificationCenter()
        let source = SwappableSource(TestCatalogs.app)
        let localizer = try Localizer(source: source, configuration: .init(preferredLanguages: { ["fr"] }, notificationCenter: center))
        #expect(localizer.string("l10n.settings.language") == "Langue")
        let heard = Recorder<String>()
        withObservationTracking {
            _ = localizer.string("l10n.settings.language")
        } onChange: {
            heard.append("observation")
        }
        let token = center.addObserver(forName: Localizer.languageDidChangeNotification, object: localizer, queue: nil) { note in
            let change = note.userInfo?[Localizer.changeUserInfoKey] as? LanguageChange
            heard.append("notification \(change?.reason == .reload ? "reload" : "other") sees \(localizer.string("l10n.settings.language"))")
        }
        defer { center.removeObserver(token) }
        let stream = localizer.changes()
        source.catalogs = [TestCatalogs.catalog([("l10n.settings.language", ["en": .string("Language"), "fr": .string("Langue choisie")])])]
        localizer.reload()
        #expect(localizer.string("l10n.settings.language") == "Langue choisie")
        #expect(heard.all == ["observation", "notification reload sees Langue choisie"])
        var iterator = stream.makeAsyncIterator()
        let change = try #require(await iterator.next())
        #expect(change == LanguageChange(
            oldLanguage: "fr", newLanguage: "fr", selection: .system, reason: .reload, contentChanged: true))
    }

    @Test("The provider formats {name} values through the localizer it was configured with")
    func providerUsesItsLocalizer() {
        let heard = Recorder<MissingKey>()
        let localizer = TestCatalogs.localizer(preferred: ["fr"], missingKeys: { heard.append($0) })
        LocalizationProvider.withLocalizer(localizer) {
            #expect(LocalizationProvider.string("add_more_legs", values: ["count": 2, "minOdds": 1.5])
                == "Ajoutez 2 sélections à une cote de 1.5")
            // A key the configured localizer lacks comes back as the key, and its handler hears of it.
            #expect(LocalizationProvider.string("absent_{count}", values: ["count": 3]) == "absent_3")
            localizer.flushMissingKeyReports()
            #expect(heard.all.map(\.key) == ["absent_{count}"])
            // A plural's form is chosen by the named value, not always `other`.
            let plural = TestCatalogs.catalog([("selections", [
                "fr": .plural([.one: .string("{count} sélection"), .other: .string("{count} sélections")]),
            ])])
            LocalizationProvider.withLocalizer(Localizer(catalogs: [plural], configuration: .init(
                defaultLanguage: "fr", preferredLanguages: { ["fr"] }, notificationCenter: nil))) {
                #expect(LocalizationProvider.string("selections", values: ["count": 1]) == "1 sélection")
                #expect(LocalizationProvider.string("selections", values: ["count": 4]) == "4 sélections")
            }
        }
    }
}

@Suite("Every language answers in some language that holds the key")
struct FallbackEverywhereTests {
    /// A French-source app with English and Italian; the default is English.
    static let catalogs = [TestCatalogs.catalog([
        ("greet", ["fr": .string("Bonjour"), "en": .string("Hello"), "it": .string("Ciao")]),
        ("only.source", ["fr": .string("Seulement en français")]),
        ("only.italian", ["it": .string("Solo in italiano")]),
    ], source: "fr")]

    @Test("Unavailable, unknown, undetermined and private-use languages fall back", arguments: ["de", "xx", "und", "qaa", "de-x-private", "ja-JP", "fr-va0001"])
    func unavailable(tag: String) throws {
        let localizer = Localizer(catalogs: Self.catalogs, configuration: .init(
            defaultLanguage: "en", preferredLanguages: { ["en"] }, notificationCenter: nil))
        let language = try #require(Language(tag))
        let snapshot = localizer.snapshot(for: language)
        #expect(snapshot.string("greet") != "greet")
        #expect(snapshot.string("only.source") == "Seulement en français")
        #expect(snapshot.string("only.italian") == "Solo in italiano")
        #expect(snapshot.string("nowhere") == "nowhere")
        localizer.selection = .language(language)
        #expect(localizer.string("only.source") == "Seulement en français")
    }

    @Test("With a default no catalog holds, the source language still answers")
    func defaultUnavailable() {
        let localizer = Localizer(catalogs: Self.catalogs, configuration: .init(
            defaultLanguage: "de", preferredLanguages: { ["ja"] }, notificationCenter: nil))
        #expect(localizer.language == "de")
        #expect(localizer.string("greet") == "Bonjour")
        #expect(localizer.currentSnapshot.explain("greet") == LookupExplanation(chain: ["fr", "en", "it"], source: .language("fr")))
    }
}

/// A source whose catalogs a test replaces, as a downloaded update would.
final class SwappableSource: LocalizationSource, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Catalog]
    init(_ catalogs: [Catalog]) { stored = catalogs }
    var catalogs: [Catalog] {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
    func availableLanguages() -> [Language] { InMemoryLocalizationSource(catalogs).availableLanguages() }
    func catalogs(for language: Language) -> [Catalog] { catalogs }
    func sourceLanguages() -> [Language] { InMemoryLocalizationSource(catalogs).sourceLanguages() }
}
