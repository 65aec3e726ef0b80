import AIPhotoKit
import Foundation
import Parlance

// AIPhotoApp's sign-in screen, switched between English and Vietnamese in one process
// with no restart. The choice is remembered under "app.selectedLanguage" in the
// "AIPhotoDemo" defaults suite; AppleLanguages is never written.
let manager = try LanguageManager(suiteName: "AIPhotoDemo")
manager.install()
let observer = NotificationCenter.default.addObserver(forName: .languageChanged, object: nil, queue: nil) { note in
    print("(.languageChanged → \(note.userInfo?[LanguageManager.languageUserInfoKey] ?? "?"))")
}
print("Started in \(manager.current.rawValue).")
for language in [AppLanguage.en, .vi, .en] {
    manager.apply(language)
    print("[\(language.rawValue)]")
    for line in AuthLandingScreen.current().lines { print("  \(line)") }
    print("  menu: \(AppLanguage.allCases.map { L10n.tr($0.displayNameKey) }.joined(separator: " | "))")
}
NotificationCenter.default.removeObserver(observer)
