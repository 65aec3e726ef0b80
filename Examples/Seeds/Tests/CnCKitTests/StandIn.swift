import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The main package's PostgREST stand-in (`Tests/ParlanceSyncTests/Fixtures/postgrest-standin.py`)
/// over the real PostgreSQL server at `PARLANCE_POSTGRES_URL`, started as ParlanceSyncTests'
/// `StandIn` starts it: `python3 <script> --dsn … --jwt-secret … --anon-key … --port 0
/// --schema profiles.sql`, reading its "LISTENING <port>" line. It ends when its stdin closes.
final class PostgRESTStandIn: @unchecked Sendable {
    static let anonKey = "anon-key-for-tests"
    static let jwtSecret = "a-jwt-secret-for-tests-only-0123456789"
    static var postgresURL: String? { ProcessInfo.processInfo.environment["PARLANCE_POSTGRES_URL"] }

    /// The main package's fixtures, found from this file: Examples/Seeds/Tests/CnCKitTests → the repository.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CnCKitTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // Seeds
        .deletingLastPathComponent()  // Examples
        .deletingLastPathComponent()  // the repository
        .appendingPathComponent("Tests/ParlanceSyncTests/Fixtures")

    let process = Process()
    let input = Pipe()
    let port: Int
    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    init() throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Self.fixtures.appendingPathComponent("postgrest-standin.py").path,
            "--dsn", Self.postgresURL ?? "",
            "--jwt-secret", Self.jwtSecret, "--anon-key", Self.anonKey,
            "--port", "0", "--schema", Self.fixtures.appendingPathComponent("profiles.sql").path,
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

    private func call(_ method: String, _ path: String, body: Any, headers: [String: String] = [:]) async throws -> (Int, Data) {
        var request = URLRequest(url: URL(string: "\(url.absoluteString)\(path)")!)
        request.httpMethod = method
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// A token as Supabase Auth would issue it: for user `sub`, or for the service role.
    func token(sub: String? = nil, role: String = "authenticated") async throws -> String {
        var claims: [String: Any] = ["role": role, "expires_in": 3_600]
        if let sub { claims["sub"] = sub }
        let (_, data) = try await call("POST", "/_standin/token", body: claims)
        guard let token = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["token"] as? String else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "no token in \(String(decoding: data, as: UTF8.self))"])
        }
        return token
    }

    /// Creates a profile with the service role, as the app's backend or a sign-up trigger would.
    /// - Returns: The HTTP status (201 when created) and the body.
    func createProfile(_ id: String, language: String?) async throws -> (Int, String) {
        let service = try await token(role: "service_role")
        let (status, data) = try await call(
            "POST", "/rest/v1/profiles", body: ["id": id, "software_language": language as Any? ?? NSNull()],
            headers: ["apikey": Self.anonKey, "Authorization": "Bearer \(service)", "Content-Type": "application/json"])
        return (status, String(decoding: data, as: UTF8.self))
    }
}
