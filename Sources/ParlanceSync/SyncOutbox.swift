import Foundation
@_spi(Files) import Parlance

/// What ``ProfileSync`` remembers on disk, per user: the choice last known to be in the
/// profile, and a change not yet pushed. Every update replaces the file atomically, so an
/// app killed at any point finds the last state written, and the next sign-in sends what
/// was pending.
struct SyncOutbox: Sendable {
    struct Pending: Codable, Hashable, Sendable {
        /// The tag to store; `nil` clears the choice.
        var tag: String?
        var changedAt: Date
        /// Failed attempts so far, for the backoff.
        var attempts: Int
    }

    struct Record: Codable, Hashable, Sendable {
        /// Whether ``synced`` is known (after a pull or a push succeeded).
        var hasSynced = false
        /// The tag the profile was last known to hold.
        var synced: String?
        var pending: Pending?
        /// When the record was last touched; the oldest records go first past the cap.
        var touched: Date
    }

    private struct File: Codable {
        var version: Int
        var users: [String: Record]
    }

    /// At most this many users are remembered; a shared device cycling through accounts
    /// must not grow the file without bound. Records with a pending change go last.
    static let maximumUsers = 64
    /// A file larger than this is not read (it is no outbox Parlance wrote).
    static let maximumFileBytes = 1 << 20

    let url: URL?
    private(set) var records: [String: Record] = [:]

    /// Reads the outbox at `url`; `nil` keeps it in memory only. A file that cannot be
    /// read is moved aside (to `<name>.unreadable`) rather than lost, and reported.
    static func open(url: URL?) -> (SyncOutbox, Diagnostic?) {
        var outbox = SyncOutbox(url: url, records: [:])
        guard let url, FileManager.default.fileExists(atPath: url.path) else { return (outbox, nil) }
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            if let size = attributes[.size] as? Int, size > Self.maximumFileBytes {
                throw CocoaError(.fileReadTooLarge)
            }
            let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
            guard file.version == 1 else { throw CocoaError(.fileReadCorruptFile) }
            outbox.records = file.users
            return (outbox, nil)
        } catch {
            let aside = url.appendingPathExtension("unreadable")
            try? FileManager.default.removeItem(at: aside)
            try? FileManager.default.moveItem(at: url, to: aside)
            return (outbox, Diagnostic(.warning, "the sync outbox \(url.path) cannot be read (\(error)); it was moved to \(aside.lastPathComponent) and sync starts afresh."))
        }
    }

    private init(url: URL?, records: [String: Record]) {
        self.url = url
        self.records = records
    }

    func record(for userID: String) -> Record? { records[userID] }

    /// Changes `userID`'s record and writes the file.
    mutating func update(_ userID: String, _ change: (inout Record) -> Void) throws {
        var record = records[userID] ?? Record(touched: Date())
        change(&record)
        record.touched = Date()
        records[userID] = record
        evictBeyondCap()
        try write()
    }

    private mutating func evictBeyondCap() {
        guard records.count > Self.maximumUsers else { return }
        let order = records.sorted { lhs, rhs in
            // Records without a pending change go first, oldest first.
            if (lhs.value.pending == nil) != (rhs.value.pending == nil) { return lhs.value.pending == nil }
            return lhs.value.touched < rhs.value.touched
        }
        for (userID, _) in order.prefix(records.count - Self.maximumUsers) { records[userID] = nil }
    }

    private func write() throws {
        guard let url else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .deferredToDate
        let data = try encoder.encode(File(version: 1, users: records))
        try AtomicFile.replace(url, with: Array(data))
    }
}
