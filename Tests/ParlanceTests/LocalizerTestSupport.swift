import Foundation
import Synchronization
@testable import Parlance

/// Catalogs built in code for the localizer's tests.
enum TestCatalogs {
    /// `entries`: key → language → localization.
    static func catalog(
        _ entries: [(String, [String: Localization])], table: String = "Localizable", source: String = "en"
    ) -> Catalog {
        var catalog = Catalog(table: table, sourceLanguage: source)
        for (key, localizations) in entries {
            var entry = CatalogEntry()
            for language in localizations.keys.sorted() { entry[language] = localizations[language] }
            catalog.entries[key] = entry
        }
        return catalog
    }

    /// An English-source app with Vietnamese (seed 004), French, British English and Portuguese.
    static let app: [Catalog] = [
        catalog([
            ("l10n.auth.welcome.to", ["en": .string("Welcome to"), "vi": .string("Chào mừng đến với"), "fr": .string("Bienvenue sur")]),
            ("l10n.settings.language", ["en": .string("Language"), "vi": .string("Ngôn ngữ"), "fr": .string("Langue")]),
            ("colour", ["en": .string("color"), "en-GB": .string("colour")]),
            ("only.english", ["en": .string("Only in English")]),
            ("photos.count", [
                "en": .plural([.one: .string("%lld photo"), .other: .string("%lld photos")]),
                "vi": .plural([.other: .string("%lld ảnh")]),
                "fr": .plural([.one: .string("%lld photo"), .many: .string("%lld de photos"), .other: .string("%lld photos")]),
            ]),
            ("products.available", ["en": .string("%d products available"), "vi": .string("Có %d sản phẩm")]),
            ("tap", ["en": .device([.iphone: .string("Tap"), .mac: .string("Click"), .other: .string("Select")])]),
            ("add_more_legs", ["en": .string("Add {count} more legs at odds of {minOdds}"), "fr": .string("Ajoutez {count} sélections à une cote de {minOdds}")]),
        ]),
        catalog([
            ("settings.title", ["en": .string("Settings"), "vi": .string("Cài đặt"), "pt-BR": .string("Configurações")]),
        ], table: "Settings"),
    ]

    static func localizer(
        preferred: [Language] = ["en"], store: (any LanguagePreferenceStore)? = nil, defaultLanguage: Language = "en",
        device: DeviceClass = .other, missingKeys: (@Sendable (MissingKey) -> Void)? = nil
    ) -> Localizer {
        Localizer(catalogs: app, configuration: .init(
            defaultLanguage: defaultLanguage, preferenceStore: store, preferredLanguages: { preferred },
            device: device, missingKeyHandler: missingKeys, notificationCenter: NotificationCenter()))
    }
}

/// Collects values from any thread.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

/// Runs `body` on a thread of its own and waits for it without blocking a cooperative thread.
///
/// Swift Testing runs synchronous tests on the cooperative pool, which has one thread per core
/// (two on CI). A test that joins threads or spins for seconds there starves every async test
/// running beside it; the profile-sync tests then miss their deadlines.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
