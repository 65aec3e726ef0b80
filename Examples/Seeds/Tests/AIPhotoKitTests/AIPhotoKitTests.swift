import AIPhotoKit
import Foundation
import Observation
import Parlance
import Synchronization
import Testing

/// Notifications a test's own center received, in order.
final class Received: Sendable {
    let names = Mutex<[Notification.Name]>([])
    let userInfos = Mutex<[[String: String]]>([])
}

/// Whether an observation's onChange ran.
final class Flag: Sendable {
    let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func raise() { count.withLock { $0 += 1 } }
}

/// The seed's LocalizationRuntimeTests, and more. `L10n.tr(_:)` reads a process-wide
/// localizer (the seed's static `L10n`), so these run one at a time; each has its own
/// defaults suite and notification center.
@Suite("Seed 004, AIPhotoApp: English ↔ Vietnamese at runtime", .serialized)
struct AIPhotoKitTests {
    let suite = "AIPhotoKitTests.\(UUID().uuidString)"
    let center = NotificationCenter()

    var defaults: UserDefaults { UserDefaults(suiteName: suite)! }

    func removeSuite() {
        UserDefaults.standard.removePersistentDomain(forName: suite)
    }

    func manager(device: [Language] = ["en-US"]) throws -> LanguageManager {
        let manager = try LanguageManager(suiteName: suite, notificationCenter: center, preferredLanguages: { device })
        manager.install()
        return manager
    }

    @Test("L10n.tr returns the English strings")
    func english() throws {
        defer { removeSuite() }
        let manager = try manager()
        #expect(manager.current == .en)
        #expect(L10n.tr("l10n.settings.language.hint") == "Double-tap to change app language")
        #expect(AuthLandingScreen.current().signInWithGoogle.label == "Continue with Google")
        #expect(AuthLandingScreen.current().welcome == "Welcome to AIPhoto")
    }

    @Test("L10n.tr returns the Vietnamese strings")
    func vietnamese() throws {
        defer { removeSuite() }
        defaults.set("vi", forKey: "app.selectedLanguage")
        let manager = try manager()
        #expect(manager.current == .vi)
        #expect(L10n.tr("l10n.settings.language.hint") == "Nhấn hai lần để thay đổi ngôn ngữ ứng dụng")
        let screen = AuthLandingScreen.current()
        #expect(screen.signInWithApple == .init(
            identifier: "signin_apple", label: "Đăng nhập bằng Apple", hint: "Đăng nhập bằng Apple ID của bạn"))
        #expect(screen.languageMenu.identifier == "language_menu")
    }

    @Test("Every seed key is translated in both languages, differently")
    func everyKeyInBoth() throws {
        defer { removeSuite() }
        let keys = [
            "l10n.settings.language", "l10n.settings.language.hint", "l10n.language.english", "l10n.language.vietnamese",
            "l10n.auth.google", "l10n.auth.google.hint", "l10n.auth.signin.apple", "l10n.auth.signin.apple.hint",
            "l10n.auth.welcome.to", "l10n.auth.subtitle",
        ]
        let localizer = try manager().localizer
        #expect(localizer.availableLanguages.sorted() == ["en", "vi"])
        #expect(localizer.missingKeys(of: KeyManifest(library: "AIPhotoApp", keys: keys.map { .init($0) })).isEmpty)
        for key in keys {
            #expect(localizer.snapshot(for: "en").string(key) != localizer.snapshot(for: "vi").string(key), "\(key)")
        }
    }

    @Test("en → vi in the same process updates the returned string")
    func switchInProcess() throws {
        defer { removeSuite() }
        let manager = try manager()
        #expect(L10n.tr("l10n.auth.subtitle") == "Turn your photos into art with AI")
        manager.apply(.vi)
        #expect(L10n.tr("l10n.auth.subtitle") == "Biến ảnh của bạn thành tác phẩm nghệ thuật với AI")
        manager.apply(.en)
        #expect(L10n.tr("l10n.auth.subtitle") == "Turn your photos into art with AI")
    }

    @Test("apply persists, posts Parlance's notification then .languageChanged, and never writes AppleLanguages")
    func applyNotifiesWithoutAppleLanguages() throws {
        defer { removeSuite() }
        let standardBefore = UserDefaults.standard.object(forKey: "AppleLanguages") as? [String]
        let manager = try manager()
        let received = Received()
        let tokens = [Notification.Name.languageChanged, Localizer.languageDidChangeNotification].map { name in
            center.addObserver(forName: name, object: nil, queue: nil) { note in
                received.names.withLock { $0.append(note.name) }
                let info = Dictionary(uniqueKeysWithValues: (note.userInfo ?? [:]).map { ("\($0.key)", "\($0.value)") })
                received.userInfos.withLock { $0.append(info) }
            }
        }
        defer { tokens.forEach(center.removeObserver) }

        manager.apply(.vi)
        #expect(received.names.withLock { $0 } == [Localizer.languageDidChangeNotification, .languageChanged])
        let infos = received.userInfos.withLock { $0 }
        #expect(infos.first?[Localizer.oldLanguageUserInfoKey] == "en")
        #expect(infos.first?[Localizer.newLanguageUserInfoKey] == "vi")
        #expect(infos.last?[LanguageManager.languageUserInfoKey] == "vi")

        #expect(defaults.string(forKey: LanguageManager.preferenceKey) == "vi")
        #expect(defaults.object(forKey: "AppleLanguages") == nil)
        #expect(defaults.persistentDomain(forName: suite)?.keys.sorted() == [LanguageManager.preferenceKey])
        #expect(UserDefaults.standard.object(forKey: "AppleLanguages") as? [String] == standardBefore)
    }

    @Test("A view reading L10n.tr is invalidated by a switch: no .id() needed")
    func observationOfStrings() throws {
        defer { removeSuite() }
        let manager = try manager()
        let flag = Flag()
        let shown = withObservationTracking { L10n.tr("l10n.auth.google") } onChange: { flag.raise() }
        #expect(shown == "Continue with Google")
        #expect(flag.value == 0)
        manager.apply(.vi)
        #expect(flag.value == 1)
        #expect(L10n.tr("l10n.auth.google") == "Tiếp tục với Google")
    }

    @Test("LocalizationModel: language and locale are observed, setLanguage switches and persists")
    @MainActor
    func localizationModel() throws {
        defer { removeSuite() }
        let model = LocalizationModel(manager: try manager())
        #expect(model.language == .en)
        #expect(model.menu.map(\.title) == ["English", "Vietnamese"])
        let flag = Flag()
        withObservationTracking {
            _ = model.language
            _ = model.locale
        } onChange: { flag.raise() }
        model.setLanguage(.vi)
        #expect(flag.value == 1)
        #expect(model.language == .vi)
        #expect(model.locale.identifier == "vi")
        #expect(model.menu.map(\.title) == ["Tiếng Anh", "Tiếng Việt"])
        #expect(L10n.tr("l10n.settings.language") == "Ngôn ngữ")
        #expect(defaults.string(forKey: LanguageManager.preferenceKey) == "vi")
    }

    @Test("An older build's choice under app.selectedLanguage is kept by the new build")
    func migrationKeepsTheStoredChoice() throws {
        defer { removeSuite() }
        defaults.set("vi", forKey: "app.selectedLanguage")
        let manager = try manager(device: ["en-US"])
        #expect(manager.current == .vi)
        #expect(manager.localizer.diagnostics.isEmpty)
        #expect(defaults.string(forKey: "app.selectedLanguage") == "vi")
        #expect(L10n.tr("l10n.auth.welcome.to") == "Chào mừng bạn đến với")
        // And the choice made now survives the next start.
        manager.apply(.en)
        #expect(try self.manager(device: ["vi-VN"]).current == .en)
    }

    @Test("With nothing stored the device decides")
    func deviceDecides() throws {
        defer { removeSuite() }
        #expect(try manager(device: ["vi-VN"]).current == .vi)
        #expect(try manager(device: ["fr-FR"]).current == .en)
        #expect(defaults.object(forKey: "app.selectedLanguage") == nil)
    }
}
