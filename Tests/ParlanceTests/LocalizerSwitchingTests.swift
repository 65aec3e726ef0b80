import Foundation
import Observation
import Testing
@testable import Parlance

@Suite("Switching languages at runtime")
struct LocalizerSwitchingTests {
    @Test("Switching en → vi → en in one process changes what every API returns")
    func everyAPIFollows() throws {
        let localizer = TestCatalogs.localizer(preferred: ["en-US"])
        // Bound to this test's task: other tests set their own shared localizer meanwhile.
        Localizer.withShared(localizer) {
            LocalizationProvider.withLocalizer(localizer) {

                func everything() -> [String] {
                    [
                        localizer.language.identifier,
                        localizer.string("l10n.auth.welcome.to"),
                        localizer.string("photos.count", 1),
                        localizer.string("photos.count", 3),
                        localizer.string("settings.title", table: "Settings"),
                        "l10n.settings.language".localized(),
                        "products.available".localized(with: 3),
                        LocalizationProvider.string("l10n.settings.language"),
                        localizer.currentSnapshot.string("l10n.auth.welcome.to"),
                    ]
                }
                let english = [
                    "en", "Welcome to", "1 photo", "3 photos", "Settings", "Language", "3 products available", "Language", "Welcome to",
                ]
                let vietnamese = [
                    "vi", "Chào mừng đến với", "1 ảnh", "3 ảnh", "Cài đặt", "Ngôn ngữ", "Có 3 sản phẩm", "Ngôn ngữ", "Chào mừng đến với",
                ]
                #expect(everything() == english)
                localizer.selection = .language("vi")
                #expect(everything() == vietnamese)
                localizer.selection = .language("en")
                #expect(everything() == english)
            }
        }
    }

    @Test("Plural forms follow the language being shown, not the device")
    func pluralsFollowTheLanguage() {
        let localizer = TestCatalogs.localizer(preferred: ["vi"])
        #expect(localizer.string("photos.count", 1) == "1 ảnh")
        localizer.selection = .language("fr")
        #expect(localizer.string("photos.count", 1) == "1 photo")
        #expect(localizer.string("photos.count", 1_000_000) == "1000000 de photos")
        localizer.selection = .language("en")
        #expect(localizer.string("photos.count", 1_000_000) == "1000000 photos")
    }

    @Test("A lookup falls back: language, parents, source language, default, key")
    func fallbackChain() {
        let localizer = TestCatalogs.localizer(preferred: ["en-AU"])
        #expect(localizer.language == "en")
        localizer.selection = .language("en-GB")
        #expect(localizer.string("colour") == "colour")
        #expect(localizer.string("l10n.settings.language") == "Language")
        localizer.selection = .language("vi")
        #expect(localizer.string("only.english") == "Only in English")
        #expect(localizer.string("nowhere", default: "Default text") == "Default text")
        #expect(localizer.string("nowhere") == "nowhere")
        localizer.selection = .language("pt-BR")
        #expect(localizer.string("settings.title", table: "Settings") == "Configurações")
    }

    @Test("Device variations use the configured device")
    func deviceVariations() {
        #expect(TestCatalogs.localizer(device: .mac).string("tap") == "Click")
        #expect(TestCatalogs.localizer(device: .iphone).string("tap") == "Tap")
        #expect(TestCatalogs.localizer(device: .applewatch).string("tap") == "Select")
    }

    @Test("Named placeholders follow the language too")
    func namedPlaceholders() {
        let localizer = TestCatalogs.localizer()
        #expect(localizer.string("add_more_legs", values: ["count": 2, "minOdds": "1.50"]) == "Add 2 more legs at odds of 1.50")
        localizer.selection = .language("fr")
        #expect(localizer.string("add_more_legs", values: ["count": 2, "minOdds": "1,50"]) == "Ajoutez 2 sélections à une cote de 1,50")
    }

    @Test("The missing-key handler hears of each language, table and key once")
    func missingKeys() {
        let heard = Recorder<MissingKey>()
        let localizer = TestCatalogs.localizer(missingKeys: { heard.append($0) })
        localizer.selection = .language("vi")
        for _ in 0..<5 {
            _ = localizer.string("only.english")
            _ = localizer.string("nowhere")
            _ = localizer.string("l10n.settings.language")
        }
        localizer.selection = .language("fr")
        _ = localizer.string("nowhere")
        localizer.flushMissingKeyReports()
        #expect(heard.all.map(\.description).sorted() == [
            "missing \"nowhere\" in Localizable for fr; showed the default or the key",
            "missing \"nowhere\" in Localizable for vi; showed the default or the key",
            "missing \"only.english\" in Localizable for vi; fell back to en",
        ])
    }

    @Test("Choosing a language with no catalogs takes the closest one, else the default")
    func unavailableSelection() {
        let localizer = TestCatalogs.localizer(defaultLanguage: "fr")
        localizer.selection = .language("pt-PT")
        #expect(localizer.language == "pt-BR")
        localizer.selection = .language("ja")
        #expect(localizer.language == "fr")
        localizer.selection = .system
        #expect(localizer.language == "en")
    }

    @Test("A server's own list of languages is matched in its order; none served is nil, not the default")
    func matchingFirstOf() {
        let localizer = TestCatalogs.localizer(defaultLanguage: "fr")
        // ja and ko are not available; pt-PT is served by pt-BR, the same language elsewhere.
        #expect(localizer.snapshot(matchingFirstOf: ["ja", "pt-PT", "vi"])?.language == "pt-BR")
        #expect(localizer.snapshot(matchingFirstOf: ["en-AU", "vi"])?.language == "en")
        #expect(localizer.snapshot(matchingFirstOf: ["vi", "en"])?.string("l10n.settings.language") == "Ngôn ngữ")
        #expect(localizer.snapshot(matchingFirstOf: ["ja", "ko"]) == nil)
        #expect(localizer.snapshot(matchingFirstOf: []) == nil)
        // Without a match a server tries its next step; snapshot(for:) would give the default.
        #expect(localizer.snapshot(for: "ja").language == "fr")
        // The same answer as the header that lists the same languages.
        #expect(localizer.snapshot(matchingFirstOf: ["ja", "pt-PT"])?.language
            == localizer.snapshot(matchingAcceptLanguage: "ja, pt-PT;q=0.9")?.language)
    }

    @Test("Every change is announced after lookups see it: Observation, then streams, then notifications")
    func announcements() async throws {
        let center = NotificationCenter()
        let localizer = Localizer(catalogs: TestCatalogs.app, configuration: .init(
            preferredLanguages: { ["en"] }, notificationCenter: center))
        let events = Recorder<String>()
        withObservationTracking {
            _ = localizer.language
        } onChange: {
            events.append("observation sees \(localizer.string("l10n.settings.language"))")
        }
        let token = center.addObserver(forName: Localizer.languageDidChangeNotification, object: localizer, queue: nil) { note in
            let old = note.userInfo?[Localizer.oldLanguageUserInfoKey] as? Language
            let new = note.userInfo?[Localizer.newLanguageUserInfoKey] as? Language
            events.append("notification \(old?.identifier ?? "?") → \(new?.identifier ?? "?") sees \(localizer.string("l10n.settings.language"))")
        }
        defer { center.removeObserver(token) }
        let stream = localizer.changes()
        localizer.selection = .language("vi")
        #expect(events.all == ["observation sees Ngôn ngữ", "notification en → vi sees Ngôn ngữ"])
        var iterator = stream.makeAsyncIterator()
        let change = await iterator.next()
        #expect(change == LanguageChange(oldLanguage: "en", newLanguage: "vi", selection: .language("vi")))
    }
}

@Suite("Arguments from variables")
struct MessageArgumentVariableTests {
    @Test("Variables of the common types convert without ambiguity")
    func variables() {
        let double = 2.5
        let float: Float = 0.5
        let int = 3
        let unsigned: UInt8 = 7
        let text = "x"
        let decimal = Decimal(string: "1.50")!
        #expect([MessageArgument(double), MessageArgument(float), MessageArgument(int), MessageArgument(unsigned),
                  MessageArgument(text), MessageArgument(decimal)]
            == [.double(2.5), .double(0.5), .int(3), .int(7), .string("x"), .decimal(Decimal(string: "1.5")!)])
    }
}

@Suite("Pseudo-languages at runtime")
struct PseudoLanguageTests {
    @Test("Switching to a pseudo-language needs no file, keeps placeholders, and is not remembered", arguments: PseudoLocalization.Style.allCases)
    func pseudo(style: PseudoLocalization.Style) throws {
        let store = InMemoryPreferenceStore("vi")
        let localizer = TestCatalogs.localizer(store: store)
        localizer.selection = .pseudo(style)
        #expect(localizer.language.identifier == style.defaultLanguage)
        let welcome = localizer.string("l10n.auth.welcome.to")
        #expect(welcome == PseudoLocalization.transform("Welcome to", style: style))
        #expect(welcome != "Welcome to")
        // Plurals still render, choosing forms by English rules, placeholders intact.
        let english = MessageFormatter(language: "en")
        #expect(localizer.string("photos.count", 1) == english.format(PseudoLocalization.transform("%lld photo", style: style), [1]).string)
        #expect(localizer.string("photos.count", 3) == english.format(PseudoLocalization.transform("%lld photos", style: style), [3]).string)
        #expect(store.load() == "vi")
        localizer.reload()
        #expect(localizer.string("l10n.auth.welcome.to") == welcome)
        localizer.selection = .language("en")
        #expect(localizer.string("l10n.auth.welcome.to") == "Welcome to")
    }
}
