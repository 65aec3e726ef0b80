import Dispatch

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
final class MissingKeyReporter: Sendable {
    private struct Identity: Hashable {
        var language: Language
        var table: String
        var key: String
    }

    private let handler: @Sendable (MissingKey) -> Void
    private let reported = Locked<Set<Identity>>([])
    private let queue = DispatchQueue(label: "Parlance.MissingKeyReporter")

    init(handler: @escaping @Sendable (MissingKey) -> Void) {
        self.handler = handler
    }

    func report(_ missing: MissingKey) {
        let identity = Identity(language: missing.language, table: missing.table, key: missing.key)
        let isNew = reported.withLock { $0.insert(identity).inserted }
        guard isNew else { return }
        let handler = handler
        queue.async { handler(missing) }
    }

    /// Waits until every report made so far has been handled (for tests and orderly shutdown).
    func flush() {
        queue.sync {}
    }
}
