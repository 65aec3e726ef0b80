import Foundation
import Parlance
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A Supabase project's `profiles` table, through its REST endpoint (PostgREST), with the
/// requests the official Supabase Swift client sends for seed 003's two calls:
///
/// | seed 003 | request |
/// |---|---|
/// | `.from("profiles").select("software_language").eq("id", value: id).single()` | `GET /rest/v1/profiles?select=software_language&id=eq.<id>` with `Accept: application/vnd.pgrst.object+json` |
/// | `.from("profiles").update(["software_language": tag]).eq("id", value: id)` | `PATCH /rest/v1/profiles?id=eq.<id>` with `Prefer: return=representation` and the body `{"software_language":"fr"}` |
///
/// Both carry `apikey: <key>` and `Authorization: Bearer <access token>` (the API key
/// itself when no user session gives a token, as the official client does), and
/// `Content-Type: application/json`. Errors are read from PostgREST's JSON body (`code`,
/// `message`, `details`, `hint`): an expired token (401, PGRST301 or PGRST303) is
/// ``ProfileStoreError/authentication(_:)``; `.single()` finding no row (406 PGRST116,
/// "The result contains 0 rows") is ``ProfileStoreError/noSuchProfile(userID:)``, and
/// finding several is ``ProfileStoreError/ambiguousProfile(userID:message:)``; an update
/// that matches no row (PostgREST answers 200 with `[]`, which the official client
/// silently accepts) is ``ProfileStoreError/noSuchProfile(userID:)`` too.
///
/// Uses URLSession (FoundationNetworking on Linux) and nothing else. Every request has an
/// overall deadline and a cap on the answer's size.
///
/// With ``Configuration/changedAtColumn`` set (a `timestamptz` column you add), the store
/// records when each choice was made and an update applies only when it is later than the
/// stored one (`or=(<column>.is.null,<column>.lt.<time>)` on the same PATCH), so two
/// devices converge on the later change.
public final class SupabaseProfileStore: ProfileLanguageStore {
    public struct Configuration: Sendable {
        /// The project's URL, such as `https://abcd.supabase.co`; requests go to `<url>/rest/v1/<table>`.
        public var projectURL: URL
        /// The project's anon or publishable key, sent as `apikey` (and as the bearer token
        /// when no user session gives one).
        public var apiKey: String
        public var table: String
        public var idColumn: String
        public var languageColumn: String
        /// A `timestamptz` column recording when the choice changed, or `nil` (seed 003's
        /// table has none: the last write wins).
        public var changedAtColumn: String?
        /// The PostgreSQL schema, sent as `Accept-Profile` / `Content-Profile`; `nil` uses the API's default.
        public var schema: String?
        /// The longest a request may take in all, in seconds.
        public var timeout: Double
        /// The largest answer read; a larger one fails as ``ProfileStoreError/invalidResponse(_:)``.
        public var maximumResponseBytes: Int

        public init(
            projectURL: URL, apiKey: String, table: String = "profiles", idColumn: String = "id",
            languageColumn: String = "software_language", changedAtColumn: String? = nil, schema: String? = nil,
            timeout: Double = 10, maximumResponseBytes: Int = 64 * 1024
        ) {
            self.projectURL = projectURL
            self.apiKey = apiKey
            self.table = table
            self.idColumn = idColumn
            self.languageColumn = languageColumn
            self.changedAtColumn = changedAtColumn
            self.schema = schema
            self.timeout = timeout
            self.maximumResponseBytes = maximumResponseBytes
        }
    }

    public let configuration: Configuration
    private let accessToken: @Sendable () async -> String?
    private let transport = HTTPTransport()

    /// - Parameters:
    ///   - configuration: The project, its API key, and the table and columns to use.
    ///   - accessToken: The signed-in user's access token (a Supabase session's
    ///     `accessToken`), asked for before every request so a refreshed token is used;
    ///     `nil` sends the API key as the bearer token, as the official client does.
    public init(configuration: Configuration, accessToken: @escaping @Sendable () async -> String?) {
        self.configuration = configuration
        self.accessToken = accessToken
    }

    deinit { transport.invalidate() }

    public var recordsChangeTime: Bool { configuration.changedAtColumn != nil }

    // MARK: The two calls

    public func loadLanguage(userID: String) async throws -> ProfileLanguage {
        var columns = [configuration.languageColumn]
        if let changedAt = configuration.changedAtColumn { columns.append(changedAt) }
        var request = try await request(
            "GET", query: [("select", columns.joined(separator: ",")), (configuration.idColumn, "eq.\(userID)")])
        request.setValue("application/vnd.pgrst.object+json", forHTTPHeaderField: "Accept")
        let response = try await send(request)
        guard response.status == 200 else { throw error(from: response, userID: userID, single: true) }
        guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] else {
            throw ProfileStoreError.invalidResponse("expected one JSON object, got \(Self.excerpt(response.body))")
        }
        return try profileLanguage(from: object)
    }

    public func saveLanguage(_ tag: String?, changedAt: Date, userID: String) async throws -> ProfileSaveResult {
        var body: [String: Any] = [configuration.languageColumn: tag ?? NSNull()]
        var query = [(configuration.idColumn, "eq.\(userID)")]
        if let column = configuration.changedAtColumn {
            let time = Self.timestamp(changedAt)
            body[column] = time
            query.append(("or", "(\(column).is.null,\(column).lt.\(time))"))
        }
        var request = try await request("PATCH", query: query)
        request.setValue("return=representation", forHTTPHeaderField: "Prefer")
        request.httpBody = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        let response = try await send(request)
        guard (200..<300).contains(response.status) else { throw error(from: response, userID: userID, single: false) }
        guard let rows = try? JSONSerialization.jsonObject(with: response.body) as? [Any] else {
            throw ProfileStoreError.invalidResponse("expected a JSON array of updated rows, got \(Self.excerpt(response.body))")
        }
        if !rows.isEmpty { return .saved }
        // No row updated: no such profile, or (with change times) a later choice is stored.
        guard configuration.changedAtColumn != nil else { throw ProfileStoreError.noSuchProfile(userID: userID) }
        let stored = try await loadLanguage(userID: userID)
        return .superseded(by: stored)
    }

    // MARK: Requests

    private func request(_ method: String, query: [(String, String)]) async throws -> URLRequest {
        let base = configuration.projectURL.absoluteString.hasSuffix("/")
            ? String(configuration.projectURL.absoluteString.dropLast()) : configuration.projectURL.absoluteString
        let encoded = query.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        guard let url = URL(string: "\(base)/rest/v1/\(Self.encode(configuration.table))?\(encoded)") else {
            throw ProfileStoreError.rejected(status: 0, code: nil, message: "cannot make a URL from \(base) and the table \(configuration.table)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(configuration.apiKey, forHTTPHeaderField: "apikey")
        let token = await accessToken() ?? configuration.apiKey
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("parlance-swift/0.1; runtime=swift", forHTTPHeaderField: "X-Client-Info")
        if let schema = configuration.schema {
            request.setValue(schema, forHTTPHeaderField: method == "GET" ? "Accept-Profile" : "Content-Profile")
        }
        return request
    }

    private func send(_ request: URLRequest) async throws -> HTTPTransport.Response {
        do {
            return try await transport.send(request, timeout: configuration.timeout, maximumBytes: configuration.maximumResponseBytes)
        } catch let failure as HTTPTransport.Failure {
            switch failure {
            case .timedOut: throw ProfileStoreError.timedOut(seconds: configuration.timeout)
            case .tooLarge(let limit): throw ProfileStoreError.invalidResponse("the answer is larger than \(limit) bytes")
            case .network(let message): throw ProfileStoreError.network(message)
            }
        }
    }

    // MARK: Answers

    private func profileLanguage(from object: [String: Any]) throws -> ProfileLanguage {
        var changedAt: Date?
        if let column = configuration.changedAtColumn, let text = object[column] as? String {
            changedAt = Self.date(text)
        }
        switch object[configuration.languageColumn] {
        case nil, is NSNull:
            return ProfileLanguage(tag: nil, changedAt: changedAt)
        case let value as String:
            if value.isEmpty { return ProfileLanguage(tag: nil, changedAt: changedAt) }
            return ProfileLanguage(tag: try ProfileStoreError.validatedTag(value), changedAt: changedAt)
        case let value?:
            throw ProfileStoreError.invalidTag(String(String(describing: value).prefix(64)))
        }
    }

    /// PostgREST's error body, `{"code","message","details","hint"}`, mapped to what failed.
    private func error(from response: HTTPTransport.Response, userID: String, single: Bool) -> ProfileStoreError {
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        let code = object?["code"] as? String
        let message = (object?["message"] as? String).map { String($0.prefix(500)) }
            ?? "Status Code: \(response.status) Body: \(Self.excerpt(response.body))"
        let details = (object?["details"] as? String).map { String($0.prefix(500)) }
        switch response.status {
        case 401, 403:
            return .authentication([code, message].compactMap { $0 }.joined(separator: ": "))
        case 406 where code == "PGRST116" && single:
            // "The result contains 0 rows" or "… 2 rows".
            if let details, details.contains(" 0 rows") || details.contains("contain 0 rows") {
                return .noSuchProfile(userID: userID)
            }
            return .ambiguousProfile(userID: userID, message: details ?? message)
        case 429:
            return .rateLimited(retryAfter: response.headers["retry-after"].flatMap(Self.retryAfter))
        case 500...:
            return .server(status: response.status, message: message)
        default:
            return .rejected(status: response.status, code: code, message: message)
        }
    }

    // MARK: Encoding

    /// Percent-encodes as the official client does: `urlQueryAllowed` without ``:#[]@!$&'()*+,;=``.
    private static let allowed: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.remove(charactersIn: ":#[]@!$&'()*+,;=")
        return set
    }()

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }

    static func date(_ text: String) -> Date? {
        // PostgreSQL writes `2026-11-23T10:00:00.123456+00:00`; keep milliseconds.
        let trimmed = text.replacingOccurrences(of: #"(\.\d{3})\d+"#, with: "$1", options: .regularExpression)
        for style in [
            Date.ISO8601FormatStyle(includingFractionalSeconds: true), Date.ISO8601FormatStyle(),
        ] {
            if let date = try? style.parse(trimmed) { return date }
        }
        return nil
    }

    private static func retryAfter(_ value: String) -> Double? {
        if let seconds = Double(value.trimmingCharacters(in: .whitespaces)), seconds >= 0 { return seconds }
        return nil
    }

    private static func excerpt(_ data: Data) -> String {
        let text = String(decoding: data.prefix(200), as: UTF8.self)
        return text.isEmpty ? "an empty body" : "\"\(text)\(data.count > 200 ? "…" : "")\""
    }
}
