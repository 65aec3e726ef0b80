import Foundation
import KeyzKit

// Shows Keyz's property screen, switching language live in one process. The choice is
// remembered under `lang` in the "KeyzDemo" defaults suite, so the next run starts in the
// language this one ended in (and then switches to the other).
let suite = "KeyzDemo"
let app = try KeyzApp(suiteName: suite)
let stored = UserDefaults(suiteName: suite)?.string(forKey: KeyzApp.languageKey) ?? "nothing"
print("Started in \(app.language) (stored under \"\(KeyzApp.languageKey)\": \(stored)).")
for code in app.language == "fr" ? ["fr", "en"] : ["en", "fr"] {
    Bundle.setLanguage(code)
    print("\n[\(app.language)] lang = \(UserDefaults(suiteName: suite)?.string(forKey: KeyzApp.languageKey) ?? "nil")")
    for line in app.propertyDetailScreen() { print("  \(line)") }
}
// UserDefaultsPreferenceStore writes each choice through at once (swift-corelibs-foundation
// drops unsynchronized defaults at exit), so the next run starts where this one ended.
