/// A key a lookup did not find in the language it asked for.
public struct MissingKey: Hashable, Sendable, CustomStringConvertible {
    /// The language the lookup asked for.
    public var language: Language
    public var table: String
    public var key: String
    /// The language that supplied the value instead, or `nil` when the default or the key itself was shown.
    public var resolvedFrom: Language?

    public var description: String {
        let origin = resolvedFrom.map { "fell back to \($0)" } ?? "showed the default or the key"
        return "missing \"\(key)\" in \(table) for \(language); \(origin)"
    }
}

/// Calls the missing-key handler once per language, table and key, on its own queue,
/// so neither the lookup nor the handler waits for the other.
///
/// Keys can come from untrusted input (a server looking up what a client sent), so its
/// memory is capped twice: it remembers at most ``maximumRemembered`` reports (as 64-bit
/// hashes; when full it starts over, so a key may be reported again), and at most
/// ``maximumPending`` reports, or ``maximumPendingBytes`` of keys, wait for a slow
/// handler: beyond that reports are dropped and counted in ``droppedCount``.
final class MissingKeyReporter: Sendable {
    static let maximumRemembered = 10_000
    static let maximumPending = 1_000
    static let maximumPendingBytes = 4 << 20

    private struct Counts {
        var remembered: Set<Int> = []
        var pending = 0
        var pendingBytes = 0
        var dropped = 0
    }

    private let handler: @Sendable (MissingKey) -> Void
    private let counts = Locked(Counts())
    private let queue = SerialWorkQueue()

    init(handler: @escaping @Sendable (MissingKey) -> Void) {
        self.handler = handler
    }

    func report(_ missing: MissingKey) {
        var hasher = Hasher()
        hasher.combine(missing.language)
        hasher.combine(missing.table)
        hasher.combine(missing.key)
        let identity = hasher.finalize()
        let bytes = missing.key.utf8.count + missing.table.utf8.count
        let accepted = counts.withLock { counts -> Bool in
            if counts.remembered.contains(identity) { return false }
            guard counts.pending < Self.maximumPending, counts.pendingBytes + bytes <= Self.maximumPendingBytes else {
                counts.dropped += 1
                return false
            }
            if counts.remembered.count >= Self.maximumRemembered { counts.remembered.removeAll(keepingCapacity: true) }
            counts.remembered.insert(identity)
            counts.pending += 1
            counts.pendingBytes += bytes
            return true
        }
        guard accepted else { return }
        let handler = handler
        queue.async { [counts] in
            handler(missing)
            counts.withLock {
                $0.pending -= 1
                $0.pendingBytes -= bytes
            }
        }
    }

    /// Waits until every report made so far has been handled (for tests and orderly shutdown).
    func flush() {
        queue.waitUntilIdle()
    }

    /// Reports dropped because too many were waiting for the handler.
    var droppedCount: Int { counts.withLock { $0.dropped } }

    /// How many reports are remembered now.
    var rememberedCount: Int { counts.withLock { $0.remembered.count } }
}
