import Foundation
import Parlance

extension ProfileSync {
    /// Something the sync did that an app may want to tell the user about or log.
    public enum Event: Hashable, Sendable {
        /// A choice made on another device (or stored in the profile before this sign-in) is
        /// now shown here. The localizer announced the change too, with reason
        /// ``/ParlanceCore/LanguageChange/Reason/remote``; this event says the sync made it.
        case remoteChangeApplied(LanguageSelection)
        /// The profile names a language no catalog holds (another version of the app may
        /// hold it); the device's choice stays, and ``ProfileSync/diagnostics`` says so.
        case remoteChangeIgnored(profileTag: String)
        /// A choice made here reached the profile (`nil`: following the device).
        case pushed(tag: String?)
    }

    /// The sync's events from now on, in order, until the stream is cancelled or the sync is
    /// released. A listener that falls behind loses the oldest events beyond the last 64.
    ///
    /// ```swift
    /// for await event in await sync.events() {
    ///     if case .remoteChangeApplied(let selection) = event {
    ///         banner.show("Language changed on another device: \(selection)")
    ///     }
    /// }
    /// ```
    public func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        eventContinuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeEventContinuation(id) }
        }
        return stream
    }

    /// Sends `event` to every open stream.
    func emit(_ event: Event) {
        for continuation in eventContinuations.values { continuation.yield(event) }
    }

    private func removeEventContinuation(_ id: UUID) {
        eventContinuations[id] = nil
    }
}
