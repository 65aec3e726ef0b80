import Foundation
import Parlance
import ParlanceTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import ParlanceSync

/// What the sync tests add to the shared stand-in (``PostgRESTStandIn``, in ParlanceTestSupport):
/// a created profile is expected, and a store signed in as a user.
extension PostgRESTStandIn {
    /// Creates a profile with the service role; PostgREST answers 201 when it is created.
    func addProfile(_ id: String, language: String?, table: String = "profiles") async throws {
        let (status, body) = try await createProfile(id, language: language, table: table)
        #expect(status == 201, "\(body)")
    }

    /// A store for `user`, signed in with a fresh token unless `token` is given.
    func store(for user: String, token: String? = nil, timeout: Double = 5, changedAtColumn: String? = nil) async throws -> SupabaseProfileStore {
        let bearer: String? = if let token { token } else { try await self.token(sub: user) }
        return SupabaseProfileStore(
            configuration: .init(projectURL: url, apiKey: Self.anonKey, changedAtColumn: changedAtColumn, timeout: timeout),
            accessToken: { bearer })
    }
}

/// A fresh user id, as Supabase Auth gives (a UUID, sent as `uuidString` in seed 003).
func newUserID() -> String { UUID().uuidString }

/// A localizer over small English, French and Italian catalogs, starting in `start`.
func makeLocalizer(start: Language = "en", store: (any LanguagePreferenceStore)? = nil) -> Localizer {
    var entry = CatalogEntry()
    for (tag, title) in ["en": "Settings", "fr": "Réglages", "it": "Impostazioni"] { entry[tag] = .string(title) }
    var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
    catalog["settings.title"] = entry
    return Localizer(catalogs: [catalog], configuration: .init(
        defaultLanguage: "en", preferenceStore: store ?? InMemoryPreferenceStore(start.identifier),
        preferredLanguages: { [start] }, notificationCenter: nil))
}
