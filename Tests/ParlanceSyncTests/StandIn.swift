import Foundation
import Parlance
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import ParlanceSync

/// A PostgREST stand-in (Fixtures/postgrest-standin.py) over the real PostgreSQL server at
/// `PARLANCE_POSTGRES_URL`: no PostgREST binary can be installed here, so this loopback
/// server answers the few PostgREST requests the Supabase store sends, from a real table,
/// with PostgREST 12's status codes and error bodies. Each test starts its own, so faults
/// injected into one never reach another.
final class StandIn: @unchecked Sendable {
    static let anonKey = "anon-key-for-tests"
    static let jwtSecret = "a-jwt-secret-for-tests-only-0123456789"

    /// Why the tests that need the stand-in are skipped, or `nil` when they can run.
    static let unavailable: String? = {
        guard ProcessInfo.processInfo.environment["PARLANCE_POSTGRES_URL"] != nil else {
            return "PARLANCE_POSTGRES_URL is unset: start PostgreSQL with `eval \"$(Scripts/postgres.sh start)\"` (.ci/run does)"
        }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import psycopg2"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "python3 cannot be started" }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? nil : "python3 has no psycopg2 (pip install psycopg2-binary)"
    }()

    let process = Process()
    let input = Pipe()
    let port: Int
    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    static func fixture(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)
            ?? Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    init(port requested: Int = 0) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Self.fixture("postgrest-standin.py").path,
            "--dsn", ProcessInfo.processInfo.environment["PARLANCE_POSTGRES_URL"] ?? "",
            "--jwt-secret", Self.jwtSecret, "--anon-key", Self.anonKey,
            "--port", String(requested), "--schema", Self.fixture("profiles.sql").path,
        ]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the stand-in exited"]) }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let port = Int(text.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "unexpected stand-in output: \(text)"])
        }
        self.port = port
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit { stop() }

    // MARK: Control

    private func call(_ method: String, _ path: String, body: Any? = nil, headers: [String: String] = [:]) async throws -> (Int, Data) {
        var request = URLRequest(url: URL(string: "\(url.absoluteString)\(path)")!)
        request.httpMethod = method
        if let body { request.httpBody = try JSONSerialization.data(withJSONObject: body) }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// A token as Supabase Auth would issue it for `sub`.
    func token(sub: String? = nil, role: String = "authenticated", expiresIn: Int = 3_600) async throws -> String {
        var claims: [String: Any] = ["role": role, "expires_in": expiresIn]
        if let sub { claims["sub"] = sub }
        let (_, data) = try await call("POST", "/_standin/token", body: claims)
        return try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["token"] as? String)
    }

    /// Faults applied to the next REST requests, in order.
    func inject(_ faults: [[String: Any]]) async throws {
        _ = try await call("POST", "/_standin/faults", body: faults)
    }

    struct LoggedRequest: Decodable {
        var method: String
        var path: String
        var query: String
        var headers: [String: String]
        var body: String
    }

    func requests() async throws -> [LoggedRequest] {
        let (_, data) = try await call("GET", "/_standin/requests")
        return try JSONDecoder().decode([LoggedRequest].self, from: data)
    }

    /// Creates a profile with the service role, as the app's backend or a trigger would.
    func createProfile(_ id: String, language: String?, table: String = "profiles") async throws {
        let service = try await token(role: "service_role")
        let (status, data) = try await call(
            "POST", "/rest/v1/\(table)", body: ["id": id, "software_language": language as Any? ?? NSNull()],
            headers: ["apikey": Self.anonKey, "Authorization": "Bearer \(service)", "Content-Type": "application/json"])
        #expect(status == 201, "\(String(decoding: data, as: UTF8.self))")
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
