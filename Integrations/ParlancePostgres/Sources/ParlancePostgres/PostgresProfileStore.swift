import Foundation
import Logging
import Parlance
import ParlanceSync
import PostgresNIO

/// Profiles in your own PostgreSQL database, through postgres-nio: for server-side apps
/// (and their admin tools) that keep users' language choice beside their other data.
///
/// ```swift
/// let client = PostgresClient(configuration: .init(host: "127.0.0.1", username: "app", password: nil, database: "app", tls: .disable))
/// Task { await client.run() }
/// let store = try PostgresProfileStore(client: client)
/// try await store.loadLanguage(userID: id)                         // SELECT software_language FROM profiles WHERE id = $1::uuid
/// try await store.saveLanguage("fr", changedAt: .now, userID: id)  // UPDATE profiles SET software_language = $1 WHERE id = $2::uuid
/// ```
///
/// Table and column names are configurable and checked to be plain identifiers (they are
/// quoted into the SQL); every value is a bound parameter. With
/// ``Configuration/changedAtColumn``, the update is conditional in one statement
/// (`… AND (changed IS NULL OR changed < $2)`), so the later of two changes wins whatever
/// order they arrive in. Each call has an overall timeout.
public final class PostgresProfileStore: ProfileLanguageStore {
    public struct Configuration: Sendable {
        public var table: String
        public var idColumn: String
        /// The id column's type, used to cast the bound id (`uuid` in seed 003's table; `text`, `bigint`, …).
        public var idType: String
        public var languageColumn: String
        /// A `timestamptz` column recording when the choice changed, or `nil`: the last write wins.
        public var changedAtColumn: String?
        /// The longest a call may take, in seconds.
        public var timeout: Double

        public init(
            table: String = "profiles", idColumn: String = "id", idType: String = "uuid",
            languageColumn: String = "software_language", changedAtColumn: String? = nil, timeout: Double = 10
        ) {
            self.table = table
            self.idColumn = idColumn
            self.idType = idType
            self.languageColumn = languageColumn
            self.changedAtColumn = changedAtColumn
            self.timeout = timeout
        }
    }

    /// A configuration naming something that is no plain SQL identifier.
    public struct InvalidIdentifier: Error, CustomStringConvertible {
        public var name: String
        public var description: String { "\"\(name)\" is no plain SQL identifier (letters, digits and _ only, not starting with a digit)" }
    }

    public let configuration: Configuration
    private let client: PostgresClient
    private let logger: Logger

    /// - Throws: ``InvalidIdentifier`` when a table, column or type name is not a plain identifier.
    public init(client: PostgresClient, configuration: Configuration = Configuration(), logger: Logger = Logger(label: "parlance.postgres")) throws {
        for name in [configuration.table, configuration.idColumn, configuration.idType, configuration.languageColumn]
            + (configuration.changedAtColumn.map { [$0] } ?? []) {
            guard Self.isIdentifier(name) else { throw InvalidIdentifier(name: name) }
        }
        self.client = client
        self.configuration = configuration
        self.logger = logger
    }

    public var recordsChangeTime: Bool { configuration.changedAtColumn != nil }

    public func loadLanguage(userID: String) async throws -> ProfileLanguage {
        let changed = configuration.changedAtColumn.map { "\"\($0)\"" } ?? "NULL::timestamptz"
        var binds = PostgresBindings()
        binds.append(userID)
        let sql = "SELECT \"\(configuration.languageColumn)\", \(changed) FROM \"\(configuration.table)\" "
            + "WHERE \"\(configuration.idColumn)\" = $1::\(configuration.idType) LIMIT 2"
        let rows = try await run(PostgresQuery(unsafeSQL: sql, binds: binds), userID: userID)
        guard let row = rows.first else { throw ProfileStoreError.noSuchProfile(userID: userID) }
        guard rows.count == 1 else {
            throw ProfileStoreError.ambiguousProfile(userID: userID, message: "more than one row of \(configuration.table) has this \(configuration.idColumn)")
        }
        guard let tag = row.tag, !tag.isEmpty else { return ProfileLanguage(tag: nil, changedAt: row.changedAt) }
        return ProfileLanguage(tag: try ProfileStoreError.validatedTag(tag), changedAt: row.changedAt)
    }

    public func saveLanguage(_ tag: String?, changedAt: Date, userID: String) async throws -> ProfileSaveResult {
        var binds = PostgresBindings()
        binds.append(tag)
        var sql = "UPDATE \"\(configuration.table)\" SET \"\(configuration.languageColumn)\" = $1"
        if let column = configuration.changedAtColumn {
            binds.append(changedAt)
            binds.append(userID)
            sql += ", \"\(column)\" = $2 WHERE \"\(configuration.idColumn)\" = $3::\(configuration.idType) "
                + "AND (\"\(column)\" IS NULL OR \"\(column)\" < $2) RETURNING \"\(configuration.languageColumn)\", \"\(column)\""
        } else {
            binds.append(userID)
            sql += " WHERE \"\(configuration.idColumn)\" = $2::\(configuration.idType) RETURNING \"\(configuration.languageColumn)\", NULL::timestamptz"
        }
        let rows = try await run(PostgresQuery(unsafeSQL: sql, binds: binds), userID: userID)
        if !rows.isEmpty { return .saved }
        guard configuration.changedAtColumn != nil else { throw ProfileStoreError.noSuchProfile(userID: userID) }
        // Nothing updated: no such profile (throws), or a later change is stored.
        return .superseded(by: try await loadLanguage(userID: userID))
    }

    // MARK: Running queries

    private struct Row: Sendable {
        var tag: String?
        var changedAt: Date?
    }

    private func run(_ query: PostgresQuery, userID: String) async throws -> [Row] {
        let timeout = configuration.timeout
        do {
            return try await withThrowingTaskGroup(of: [Row]?.self) { group in
                group.addTask {
                    var rows: [Row] = []
                    for try await (tag, changedAt) in try await self.client.query(query, logger: self.logger).decode((String?, Date?).self) {
                        rows.append(Row(tag: tag, changedAt: changedAt))
                    }
                    return rows
                }
                group.addTask {
                    try await Task.sleep(for: .milliseconds(Int64(timeout * 1_000)))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let rows = first else {
                    throw ProfileStoreError.timedOut(seconds: timeout)
                }
                return rows
            }
        } catch let error as ProfileStoreError {
            throw error
        } catch let error as PSQLError {
            throw Self.storeError(error)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ProfileStoreError.network(String(describing: error))
        }
    }

    /// What a PostgreSQL error means for sync: SQLSTATE classes 08 (connection), 53
    /// (resources), 57 (operator intervention) and 40 (rollback) may pass; 28 is the
    /// credentials; the rest is a refused request.
    static func storeError(_ error: PSQLError) -> ProfileStoreError {
        guard let info = error.serverInfo, let state = info[.sqlState] else {
            return .network("\(error.code)")
        }
        let message = info[.message] ?? "\(error.code)"
        switch state.prefix(2) {
        case "28": return .authentication("\(state): \(message)")
        case "08", "53", "57", "40": return .server(status: 503, message: "\(state): \(message)")
        default: return .rejected(status: 400, code: state, message: message)
        }
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !name.isEmpty, name.utf8.count <= 63 else { return false }
        guard first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
