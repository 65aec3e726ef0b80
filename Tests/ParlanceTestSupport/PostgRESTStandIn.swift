import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A PostgREST stand-in (`Resources/postgrest-standin.py`) over the real PostgreSQL server at
/// `PARLANCE_POSTGRES_URL`. No PostgREST binary can be installed on the machines Parlance is
/// tested on, so this loopback server answers the few PostgREST requests the Supabase store
/// sends, from a real table, with PostgREST 12's status codes and error bodies. Each test starts
/// its own, so faults injected into one never reach another; it ends when its standard input
/// closes (``stop()``, or this object's end).
public final class PostgRESTStandIn: @unchecked Sendable {
    /// The API key the stand-in accepts as Supabase's anon key.
    public static let anonKey = "anon-key-for-tests"
    /// The secret its tokens are signed with, as a Supabase project's JWT secret.
    public static let jwtSecret = "a-jwt-secret-for-tests-only-0123456789"

    /// Why the tests that need the stand-in are skipped, or `nil` when they can run.
    public static let unavailable: String? = {
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

    /// The stand-in's script and the `profiles` table it serves (seed 003's).
    public static func resource(_ name: String) -> URL {
        Bundle.module.url(forResource: "Resources/\(name)", withExtension: nil)
            ?? Bundle.module.resourceURL!.appendingPathComponent("Resources").appendingPathComponent(name)
    }

    /// The running `python3` process.
    public let process = Process()
    private let input = Pipe()
    /// The loopback port it listens on.
    public let port: Int
    /// Its base URL, what a Supabase store is configured with as the project URL.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts a stand-in and waits for the port it listens on (`requested`, or any free one).
    public init(port requested: Int = 0) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Self.resource("postgrest-standin.py").path,
            "--dsn", ProcessInfo.processInfo.environment["PARLANCE_POSTGRES_URL"] ?? "",
            "--jwt-secret", Self.jwtSecret, "--anon-key", Self.anonKey,
            "--port", String(requested), "--schema", Self.resource("profiles.sql").path,
        ]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw StandInError("the stand-in exited before it listened") }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let port = Int(text.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") else {
            throw StandInError("unexpected stand-in output: \(text)")
        }
        self.port = port
    }

    /// Ends the stand-in and waits for it.
    public func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit { stop() }

    // MARK: Control

    /// Sends a request to the stand-in; returns the HTTP status and the body.
    public func call(_ method: String, _ path: String, body: Any? = nil, headers: [String: String] = [:]) async throws -> (Int, Data) {
        var request = URLRequest(url: URL(string: "\(url.absoluteString)\(path)")!)
        request.httpMethod = method
        if let body { request.httpBody = try JSONSerialization.data(withJSONObject: body) }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// A token as Supabase Auth would issue it: for user `sub`, or for the service role.
    public func token(sub: String? = nil, role: String = "authenticated", expiresIn: Int = 3_600) async throws -> String {
        var claims: [String: Any] = ["role": role, "expires_in": expiresIn]
        if let sub { claims["sub"] = sub }
        let (_, data) = try await call("POST", "/_standin/token", body: claims)
        guard let token = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["token"] as? String else {
            throw StandInError("no token in \(String(decoding: data, as: UTF8.self))")
        }
        return token
    }

    /// Faults applied to the next REST requests, in order.
    public func inject(_ faults: [[String: Any]]) async throws {
        _ = try await call("POST", "/_standin/faults", body: faults)
    }

    /// A REST request the stand-in received.
    public struct LoggedRequest: Decodable, Sendable {
        /// `GET`, `PATCH`, …
        public var method: String
        /// The path, without the query.
        public var path: String
        /// The query string, without `?`.
        public var query: String
        /// The headers, names lowercased.
        public var headers: [String: String]
        /// The body as text.
        public var body: String
    }

    /// The REST requests received so far, oldest first.
    public func requests() async throws -> [LoggedRequest] {
        let (_, data) = try await call("GET", "/_standin/requests")
        return try JSONDecoder().decode([LoggedRequest].self, from: data)
    }

    /// Creates a profile with the service role, as the app's backend or a sign-up trigger would.
    /// - Returns: The HTTP status (201 when created) and the body.
    @discardableResult
    public func createProfile(_ id: String, language: String?, table: String = "profiles") async throws -> (status: Int, body: String) {
        let service = try await token(role: "service_role")
        let (status, data) = try await call(
            "POST", "/rest/v1/\(table)", body: ["id": id, "software_language": language as Any? ?? NSNull()],
            headers: ["apikey": Self.anonKey, "Authorization": "Bearer \(service)", "Content-Type": "application/json"])
        return (status, String(decoding: data, as: UTF8.self))
    }
}

/// The stand-in did not start, or answered what no PostgREST would.
public struct StandInError: Error, CustomStringConvertible {
    /// What went wrong, as a sentence.
    public var description: String
    init(_ description: String) { self.description = description }
}
