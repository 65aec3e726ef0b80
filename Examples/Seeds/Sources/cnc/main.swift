import CnCKit
import Foundation
import Parlance
import ParlanceSync

// The C&C Team app's strings, plurals, prices and dates in Italian, French and English in
// one process, then the seed's "Supabase Language Sync": signing in applies the profile's
// language, a later choice is pushed to it, signing out stops. The choice is remembered
// under "AppLanguagePreference" in the "CnCDemo" defaults suite.
//
// Profiles are kept in memory unless CNC_SUPABASE_URL, CNC_SUPABASE_KEY (the anon key),
// CNC_ACCESS_TOKEN (a user's access token) and CNC_USER_ID (that user's id) are all set:
// then the `profiles` table of that Supabase project (its `software_language` column) is used.
let environment = ProcessInfo.processInfo.environment
let store: any ProfileLanguageStore
let userID: String
if let url = environment["CNC_SUPABASE_URL"].flatMap(URL.init(string:)),
   let key = environment["CNC_SUPABASE_KEY"], let token = environment["CNC_ACCESS_TOKEN"],
   let user = environment["CNC_USER_ID"] {
    store = SupabaseProfileStore(configuration: .init(projectURL: url, apiKey: key), accessToken: { token })
    userID = user
    print("Profiles: Supabase at \(url.absoluteString), user \(user).")
} else {
    userID = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
    store = InMemoryProfileStore(profiles: [userID: "fr"])
    print("Profiles: in memory; user \(userID)'s profile holds \"fr\" (set CNC_SUPABASE_URL, CNC_SUPABASE_KEY, CNC_ACCESS_TOKEN and CNC_USER_ID to use Supabase).")
}

let localizer = try LocalizationManager.makeLocalizer(suiteName: "CnCDemo")
let manager = LocalizationManager(localizer: localizer, sync: ProfileSync(localizer: localizer, store: store, outbox: nil))
manager.install()
let observer = NotificationCenter.default.addObserver(forName: .languageDidChange, object: nil, queue: nil) { note in
    if let language = note.object as? AppLanguage { print("  (languageDidChange → \(language.flag) \(language.nativeName))") }
}

@MainActor func show() {
    let language = manager.currentLanguage
    let date = Date(timeIntervalSince1970: 1_732_356_000)  // 23 November 2024, 10:00 UTC
    print("[\(language.flag) \(language.nativeName)]")
    print("  \(LocalizedKeys.appName.localized): \(LocalizedKeys.authTitle.localized). \(LocalizedKeys.authSubtitle.localized)")
    print("  \(LocalizedKeys.authWelcomeUser.localized(with: "Giulia")) · \(LocalizedKeys.authSignOut.localized)")
    print("  \(LocalizedKeys.productsTitle.localized): \(LocalizedKeys.productsAvailable.localized(with: 12)) · \(LocalizedKeys.productsOutOfStock.localized) · \(manager.formatCurrency(Decimal(string: "99.99")!))")
    print("  \(LocalizedKeys.teamTitle.localized): \([0, 1, 3].map { LocalizedKeys.teamMemberCount.localized(with: $0) }.joined(separator: ", "))")
    print("  \(LocalizedKeys.filterTitle.localized): \([1, 2].map { LocalizedKeys.filterActiveCount.localized(with: $0) }.joined(separator: ", ")) · \(LocalizedKeys.filterNoResults.localized)")
    print("  \(manager.formatShort(date)) · \(manager.formatLong(date))")
}

@MainActor func picker() {
    print("  \(LocalizedKeys.settingsLanguage.localized): " + AppLanguage.allCases.map {
        "\($0.flag) \($0.nativeName)\($0 == manager.currentLanguage ? " ✓" : "")"
    }.joined(separator: "  "))
}

func profile() async -> String {
    do { return try await store.loadLanguage(userID: userID).tag ?? "none" } catch { return "unreadable: \(error)" }
}

print("Started in \(manager.currentLanguage.nativeName) (the stored choice, else the device's language, else Italian).")
for language in [AppLanguage.italian, .french, .english] {
    manager.setLanguage(language)
    show()
}
picker()

print("\nSigning in (the profile's language wins over this device's):")
manager.setLanguage(.italian)
let result = await manager.signIn(userID: userID)
print("  \(result.map { "\($0)" } ?? "no sync") → \(manager.currentLanguage.nativeName)")
picker()

print("\nChoosing English while signed in:")
manager.setLanguage(.english)
await manager.settled()
print("  the profile now holds \(await profile()); pending: \(await manager.sync?.pendingChange.map { "\($0.tag ?? "none")" } ?? "nothing")")

print("\nSigning out, then choosing Italian:")
await manager.signOut()
manager.setLanguage(.italian)
await manager.settled()
print("  the profile still holds \(await profile()); this device shows \(manager.currentLanguage.nativeName)")
if let diagnostics = await manager.sync?.diagnostics, !diagnostics.isEmpty {
    print("Sync diagnostics: \(diagnostics.map(\.description).joined(separator: "; "))")
}
NotificationCenter.default.removeObserver(observer)
