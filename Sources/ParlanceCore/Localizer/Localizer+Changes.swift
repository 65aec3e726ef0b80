#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Localizer {
    /// Every change from now on, each delivered after lookups see it: switches and
    /// reloads (``LanguageChange/reason``). The stream ends when the caller stops iterating.
    public func changes() -> AsyncStream<LanguageChange> {
        let (stream, continuation) = AsyncStream<LanguageChange>.makeStream(bufferingPolicy: .unbounded)
        let id = UUID()
        state.withLock { $0.continuations[id] = continuation }
        // Weak to the state, never to the localizer: a weak reference gives an object a side
        // table, and every retain and release of it then takes the slow path, which lookups
        // (retaining the shared localizer) would pay on every call.
        continuation.onTermination = { [weak state] _ in
            _ = state?.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Calls `handler` with every change from now on, on the thread that made it, once
    /// lookups see it, until ``removeChangeHandler(_:)``. For this package's own observers
    /// that must hand a change to a thread of their own at the least cost to the caller (a
    /// profile sync): the handler must be short and must not call back into the localizer.
    package func addChangeHandler(_ handler: @escaping @Sendable (LanguageChange) -> Void) -> UUID {
        let id = UUID()
        state.withLock { $0.changeHandlers[id] = handler }
        return id
    }

    /// Stops calling the handler ``addChangeHandler(_:)`` returned `id` for.
    package func removeChangeHandler(_ id: UUID) {
        _ = state.withLock { $0.changeHandlers.removeValue(forKey: id) }
    }

    /// How many change handlers are registered (for the tests that prove they are removed).
    package var changeHandlerCount: Int { state.withLock { $0.changeHandlers.count } }

    /// Tells every kind of observer, in a fixed order: Observation, then the change
    /// handlers, then the streams, then (through the Foundation layer) `NotificationCenter`.
    func announce(_ change: LanguageChange) {
        if change.reason == .selection {
            observation?.didChange(self, .selection)
        }
        // Lookups register this key path, so every view that showed a string re-renders,
        // whether the language, the pseudo style or the catalogs changed.
        if change.contentChanged || change.oldLanguage != change.newLanguage {
            observation?.didChange(self, .language)
        }
        let (handlers, continuations) = state.withLock { state in
            (state.changeHandlers.isEmpty ? [] : Array(state.changeHandlers.values), Array(state.continuations.values))
        }
        for handler in handlers { handler(change) }
        for continuation in continuations { continuation.yield(change) }
        foundationLayer?.post(change, from: self, to: configuration.changeNotifications)
    }
}
