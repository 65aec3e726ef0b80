import Foundation
import Parlance

/// Keeps a signed-in user's language choice in their profile, so it follows them to every
/// device (seed 003's Supabase sync, done so that nothing is lost and nothing loops).
///
/// ```swift
/// let sync = ProfileSync(localizer: localizer, store: store, outbox: appSupport.appending(path: "language-sync.json"))
/// await sync.signIn(userID: session.user.id.uuidString)   // the profile's choice wins over the device
/// localizer.select(.language("fr"))                       // pushed in the background
/// await sync.signOut()                                    // stops syncing
/// ```
///
/// - **Sign-in**: a choice stored in the profile is applied (it wins over the device). With
///   none, the device's choice is pushed. A value that is no language tag is replaced by the
///   device's choice; a language no catalog holds is ignored (another version of the app
///   may hold it), and both are reported in ``diagnostics``, never shown as keys.
/// - **Changes**: every ``/ParlanceCore/Localizer/select(_:reason:)`` by the user is pushed once, off the
///   calling thread; changes made while a push is waiting, or back to back, are coalesced
///   into the latest. The calling thread pays at most one thread wake for it (the hand-off's
///   floor; back to back, none): see "The profile sync's hand-off" in docs/PERFORMANCE.md.
///   A choice applied from the profile (reason ``/ParlanceCore/LanguageChange/Reason/remote``) is never
///   pushed back.
/// - **Failures**: a push that fails for a reason that may pass (offline, a 5xx, a
///   timeout, 429) stays in a durable outbox and is retried with backoff and jitter
///   (``RetryPolicy``), honouring `Retry-After`. The outbox is written before the first
///   attempt, so an app killed with a push pending sends it at the next sign-in. A refused
///   token stops pushing (the change stays pending) until the next ``signIn(userID:)`` or
///   ``resume()``; a missing profile or a refused value drops the change with a diagnostic.
/// - **Two devices**: each sign-in and ``refresh()`` pulls, and a change made elsewhere
///   since the last sync is applied here. A store that records change times
///   (``ProfileLanguageStore/recordsChangeTime``) keeps the later of two conflicting
///   changes whatever order they arrive in; without it, the last write to arrive wins.
///
/// ``events()`` says, as it happens, when a change made elsewhere was applied here (or
/// ignored), and when a change made here reached the profile.
///
/// The outbox also remembers, per user, the value last known to be in the profile: that
/// is how a sign-in tells "changed here since the last sync" (push it) from "changed
/// elsewhere" (apply it).
public actor ProfileSync {
    /// What the sync is doing.
    public enum Status: Hashable, Sendable {
        /// No user is signed in; nothing is synced.
        case signedOut
        /// A pull or push is in flight.
        case syncing
        /// Nothing is pending.
        case idle
        /// The last attempt failed with an error that may pass; another follows.
        case retrying(ProfileStoreError, failures: Int)
        /// Sync waits for the app: new credentials (``resume()``), or a profile to exist.
        case stopped(ProfileStoreError)
    }

    /// What a sign-in or ``refresh()`` found and did.
    public enum PullResult: Hashable, Sendable {
        /// The profile's choice is now shown.
        case applied(Language)
        /// The profile already holds what the device shows.
        case inStep
        /// The device's choice is being pushed: the profile had none, had no valid tag, or
        /// is behind a change made here (perhaps before the app was killed).
        case pushing(tag: String?)
        /// The profile names a language no catalog holds; the device's choice stays.
        case keptLocal(profileTag: String)
        /// The profile could not be read; retried in the background when the error may pass.
        case failed(ProfileStoreError)
    }

    public nonisolated let localizer: Localizer
    public nonisolated let store: any ProfileLanguageStore
    public nonisolated let retryPolicy: RetryPolicy

    public private(set) var status: Status = .signedOut
    /// What went wrong or was ignored, oldest first; the first 256 are kept.
    public private(set) var diagnostics: [Diagnostic] = []
    /// How many pushes the store accepted, for tests and dashboards.
    public private(set) var completedPushes = 0
    /// The signed-in user.
    public private(set) var userID: String?

    private var outbox: SyncOutbox
    /// Counts sign-ins and sign-outs; work begun under an earlier one stops.
    private var session = 0
    /// Counts local changes recorded, so a pull that raced one does not overwrite it.
    private var localChanges = 0
    private var listener: Task<Void, Never>?
    /// The localizer's handler that leaves the user's selections in ``mailbox``, and the
    /// mailbox ``listener`` takes them from (see ``signIn(userID:)``).
    private var changeHandler: UUID?
    private var mailbox: SelectionMailbox?
    /// The selection the sync last heard of or applied, so ``settled()`` can tell a change
    /// still on its way from the localizer.
    private var lastSeenSelection: LanguageSelection?
    private var pusher: Task<Void, Never>?
    private var puller: Task<Void, Never>?
    /// The streams ``events()`` handed out, by identity (see ProfileSync+Events.swift).
    var eventContinuations: [UUID: AsyncStream<Event>.Continuation] = [:]

    /// - Parameters:
    ///   - localizer: Whose choice is synced.
    ///   - store: Where profiles keep the choice.
    ///   - outbox: A file for pending pushes and the last synced value (in Application
    ///     Support, say); `nil` keeps them in memory, so a killed app loses a pending push.
    ///   - retryPolicy: How long to wait after failures.
    public init(localizer: Localizer, store: any ProfileLanguageStore, outbox: URL?, retryPolicy: RetryPolicy = RetryPolicy()) {
        self.localizer = localizer
        self.store = store
        self.retryPolicy = retryPolicy
        let (outbox, problem) = SyncOutbox.open(url: outbox)
        self.outbox = outbox
        if let problem { diagnostics.append(problem) }
    }

    deinit {
        if let changeHandler { localizer.removeChangeHandler(changeHandler) }
        mailbox?.close()
        for continuation in eventContinuations.values { continuation.finish() }
    }

    /// The change waiting to be pushed for the signed-in user, if any: its tag (`nil`
    /// clears the profile's choice) and when it was made.
    public var pendingChange: (tag: String?, changedAt: Date)? {
        guard let userID, let pending = outbox.record(for: userID)?.pending else { return nil }
        return (pending.tag, pending.changedAt)
    }

    // MARK: Signing in and out

    /// Starts syncing `userID`'s choice: sends a change left pending by an earlier run, or
    /// pulls the profile and applies it (see the type's documentation). Local changes from
    /// now on are pushed.
    @discardableResult
    public func signIn(userID: String) async -> PullResult {
        stop()
        session += 1
        self.userID = userID
        status = .syncing
        lastSeenSelection = localizer.selection
        // Listen before pulling, so a change made during the pull is not missed. The selecting
        // thread only leaves the selection in the mailbox, waking the listener if it sleeps.
        let session = self.session
        let mailbox = SelectionMailbox()
        self.mailbox = mailbox
        changeHandler = localizer.addChangeHandler { change in
            guard change.reason == .selection else { return }
            mailbox.leave(change.selection)
        }
        listener = Task { [weak self] in
            while let delivery = await mailbox.next() {
                await self?.recordLocalChange(delivery, session: session)
            }
        }
        return await pull(session: session, failures: 0)
    }

    /// Stops syncing. A pending change stays in the outbox and is sent at this user's next sign-in.
    public func signOut() {
        stop()
        session += 1
        userID = nil
        status = .signedOut
    }

    /// Pulls the profile again and applies a change made elsewhere (call it when the app
    /// comes to the foreground, or on a push notification). A pending change is pushed first.
    @discardableResult
    public func refresh() async -> PullResult {
        guard userID != nil else { return .failed(.notSignedIn) }
        return await pull(session: session, failures: 0)
    }

    /// Tries a stopped push again, after the app refreshed its credentials, say.
    public func resume() {
        guard userID != nil else { return }
        startPushing()
    }

    /// Returns once nothing is in flight: no push pending (or sync stopped), no pull
    /// waiting to retry. While the server stays unreachable, it does not return.
    public func settled() async {
        // A change the localizer announced may still be on its way to the listener (on a
        // busy cooperative pool, for seconds).
        let deadline = ContinuousClock.now + .seconds(60)
        while userID != nil, listener != nil, localizer.selection != lastSeenSelection, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        while let task = pusher ?? puller {
            await task.value
            if pusher == task { pusher = nil }
            if puller == task { puller = nil }
        }
    }

    private func stop() {
        if let changeHandler { localizer.removeChangeHandler(changeHandler) }
        changeHandler = nil
        mailbox?.close()
        mailbox = nil
        listener?.cancel()
        pusher?.cancel()
        puller?.cancel()
        listener = nil
        pusher = nil
        puller = nil
    }

    // MARK: Pulling

    private func pull(session: Int, failures: Int) async -> PullResult {
        guard let userID, session == self.session else { return .failed(.notSignedIn) }
        if outbox.record(for: userID)?.pending != nil {
            // A change made here is newer than anything this device pulled: send it first.
            startPushing()
            return .pushing(tag: outbox.record(for: userID)?.pending?.tag)
        }
        status = .syncing
        let changesBefore = localChanges
        let remote: ProfileLanguage?
        do {
            remote = try await store.loadLanguage(userID: userID)
        } catch {
            guard session == self.session else { return .failed(.notSignedIn) }
            let error = Self.storeError(error)
            if case .invalidTag(let value) = error {
                report("the profile of \(userID) holds \"\(value)\", which is no language tag; the device's choice replaces it.")
                remote = nil
            } else {
                return pullFailed(error, session: session, failures: failures + 1)
            }
        }
        guard session == self.session else { return .failed(.notSignedIn) }
        // A change made during the pull is newer than what was pulled; it is being pushed.
        if localChanges != changesBefore {
            return .pushing(tag: outbox.record(for: userID)?.pending?.tag)
        }
        let local = Self.tag(of: localizer.selection)
        let record = outbox.record(for: userID)
        guard let remoteTag = remote?.tag, let remoteLanguage = Language(remoteTag) else {
            // No valid choice in the profile: the device's choice goes there.
            guard let local = local else {
                markSynced(nil, userID: userID)
                return .inStep
            }
            enqueue(tag: local, userID: userID)
            return .pushing(tag: local)
        }
        if LanguageMatcher(available: localizer.availableLanguages).match(remoteLanguage) == nil {
            report("the profile of \(userID) names \(remoteTag), which no catalog holds; the device's choice (\(local ?? "system")) stays.")
            status = .idle
            emit(.remoteChangeIgnored(profileTag: remoteTag))
            return .keptLocal(profileTag: remoteTag)
        }
        if remoteTag == local {
            markSynced(remoteTag, userID: userID)
            return .inStep
        }
        if let record, record.hasSynced, record.synced == remoteTag, let local {
            // The profile has not changed since the last sync but the device has (the app
            // was killed before its change reached the outbox): the device's change is newer.
            enqueue(tag: local, userID: userID)
            return .pushing(tag: local)
        }
        // The profile's choice wins over the device.
        localizer.select(.language(remoteLanguage), reason: .remote)
        lastSeenSelection = localizer.selection
        markSynced(remoteTag, userID: userID)
        emit(.remoteChangeApplied(.language(remoteLanguage)))
        return .applied(remoteLanguage)
    }

    /// Shows a later choice another device stored, unless no catalog holds it.
    private func apply(_ later: ProfileLanguage, userID: String) {
        defer { lastSeenSelection = localizer.selection }
        guard let tag = later.tag else {
            localizer.select(.system, reason: .remote)
            emit(.remoteChangeApplied(.system))
            return
        }
        guard let language = Language(tag), LanguageMatcher(available: localizer.availableLanguages).match(language) != nil else {
            report("the profile of \(userID) names \(tag), which no catalog holds; the device's choice stays.")
            emit(.remoteChangeIgnored(profileTag: tag))
            return
        }
        localizer.select(.language(language), reason: .remote)
        emit(.remoteChangeApplied(.language(language)))
    }

    private func pullFailed(_ error: ProfileStoreError, session: Int, failures: Int) -> PullResult {
        guard error.isRetriable else {
            report("cannot read the language of \(userID ?? "?")'s profile: \(error).")
            status = .stopped(error)
            return .failed(error)
        }
        status = .retrying(error, failures: failures)
        let delay = retryPolicy.delay(afterFailures: failures, serverAsked: Self.retryAfter(error))
        puller = Task { [weak self] in
            guard (try? await Task.sleep(for: delay)) != nil else { return }
            _ = await self?.retryPull(session: session, failures: failures)
        }
        return .failed(error)
    }

    private func retryPull(session: Int, failures: Int) async {
        puller = nil
        _ = await pull(session: session, failures: failures)
    }

    private func markSynced(_ tag: String?, userID: String) {
        status = .idle
        persist(userID) { record in
            record.hasSynced = true
            record.synced = tag
        }
    }

    // MARK: Pushing

    private func recordLocalChange(_ delivery: SelectionMailbox.Delivery, session: Int) {
        guard session == self.session, let userID else { return }
        lastSeenSelection = delivery.seen
        guard let selection = delivery.push else { return }
        localChanges += 1
        enqueue(tag: Self.tag(of: selection), userID: userID)
    }

    /// Writes the change to the outbox (before any attempt, so a kill cannot lose it) and
    /// starts pushing.
    private func enqueue(tag: String?, userID: String) {
        persist(userID) { $0.pending = SyncOutbox.Pending(tag: tag, changedAt: Date(), attempts: 0) }
        startPushing()
    }

    private func startPushing() {
        guard pusher == nil, userID != nil else { return }
        let session = self.session
        pusher = Task { [weak self] in await self?.drain(session: session) }
    }

    private func drain(session: Int) async {
        defer { if session == self.session { pusher = nil } }
        while session == self.session, let userID, let pending = outbox.record(for: userID)?.pending {
            status = .syncing
            do {
                let result = try await store.saveLanguage(pending.tag, changedAt: pending.changedAt, userID: userID)
                guard session == self.session else { return }
                completedPushes += 1
                let unchanged = outbox.record(for: userID)?.pending == pending
                switch result {
                case .saved:
                    persist(userID) { record in
                        record.hasSynced = true
                        record.synced = pending.tag
                        if unchanged { record.pending = nil }
                    }
                    emit(.pushed(tag: pending.tag))
                case .superseded(let later):
                    // Another device changed the language after this change was made.
                    persist(userID) { record in
                        record.hasSynced = true
                        record.synced = later.tag
                        if unchanged { record.pending = nil }
                    }
                    if unchanged { apply(later, userID: userID) }
                }
            } catch {
                guard session == self.session, !(error is CancellationError) else { return }
                let error = Self.storeError(error)
                if error.isRetriable {
                    let failures = pending.attempts + 1
                    persist(userID) { record in
                        if record.pending == pending { record.pending?.attempts = failures }
                    }
                    status = .retrying(error, failures: failures)
                    let delay = retryPolicy.delay(afterFailures: failures, serverAsked: Self.retryAfter(error))
                    guard (try? await Task.sleep(for: delay)) != nil else { return }
                    continue
                }
                status = .stopped(error)
                if case .authentication = error {
                    report("cannot push the language of \(userID): \(error); it stays pending until the next sign-in or resume().")
                } else {
                    report("dropped the language change \(pending.tag ?? "system") of \(userID): \(error).")
                    persist(userID) { record in
                        if record.pending == pending { record.pending = nil }
                    }
                }
                return
            }
        }
        if session == self.session, userID != nil { status = .idle }
    }

    // MARK: Helpers

    private func persist(_ userID: String, _ change: (inout SyncOutbox.Record) -> Void) {
        do {
            try outbox.update(userID, change)
        } catch {
            report("cannot write the sync outbox: \(error); the change is kept in memory only.")
        }
    }

    private func report(_ message: String) {
        guard diagnostics.count < 256 else { return }
        diagnostics.append(Diagnostic(.warning, message))
    }

    /// The tag a selection stores: a language's, or `nil` for following the device.
    private static func tag(of selection: LanguageSelection) -> String? {
        if case .language(let language) = selection { return language.identifier }
        return nil
    }

    private static func storeError(_ error: any Error) -> ProfileStoreError {
        if let error = error as? ProfileStoreError { return error }
        return .network(String(describing: error))
    }

    private static func retryAfter(_ error: ProfileStoreError) -> Duration? {
        guard case .rateLimited(let seconds?) = error else { return nil }
        return .milliseconds(Int64(min(seconds, 3_600) * 1_000))
    }
}
