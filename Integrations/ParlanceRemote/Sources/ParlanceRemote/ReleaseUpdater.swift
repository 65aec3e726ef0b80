import Foundation
import Parlance
import Synchronization

/// Keeps an app's catalogs up to date from releases published with `parlance-release publish`
/// to any static host, applying each while the app runs.
///
/// ```swift
/// let updater = try ReleaseUpdater(
///     bundled: CompiledLocalizationSource(pack: packURL),
///     configuration: .init(
///         baseURL: URL(string: "https://cdn.example.com/app-strings/")!,
///         trustedKeys: [try ReleasePublicKey(base64: "Qm9i…")],
///         appVersion: "2.4.1",
///         cacheDirectory: cachesURL.appendingPathComponent("parlance-updates")))
/// let localizer = try Localizer(source: updater.source)
/// updater.attach(localizer)
/// Task { await updater.run() }     // checks now, then every `checkInterval`
/// ```
///
/// What it guarantees:
/// - Nothing is applied unless the manifest's Ed25519 signature verifies with a trusted key,
///   every payload matches the manifest's size and SHA-256, the release applies to this app
///   version, and its number is higher than any applied before (no downgrade or replay).
/// - Every value is checked against the bundled catalogs: a value whose format arguments
///   differ from the bundled source's, with a plural category CLDR does not define, over the
///   size limit, or for a key the app does not have, is left out (``RejectedValue``) and the
///   bundled value, or the one applied before, stays.
/// - A release is written to the cache completely, then made current by one atomic rename:
///   a process killed at any point starts next time from the release before or the new one.
/// - Lookups never wait for an update: the localizer reloads off their path and swaps one
///   reference, and observers hear of a `LanguageChange` with reason `.reload`.
public final class ReleaseUpdater: Sendable {
    /// Where releases come from and how politely they are fetched.
    public struct Configuration: Sendable {
        /// The folder the release was published to: `manifest.txt` and `manifest.sig` are read from it.
        public var baseURL: URL
        /// The keys a manifest may be signed with.
        public var trustedKeys: [ReleasePublicKey]
        /// This app's version: releases for other versions are ignored.
        public var appVersion: AppVersion
        /// Where the applied release is kept between launches.
        public var cacheDirectory: URL
        /// The longest one request may take, start to end.
        public var requestTimeout: Duration
        /// The largest manifest, signature or payload downloaded; a larger one is cut off.
        public var maximumDownloadBytes: Int
        /// The most UTF-8 bytes one value may hold, over all its variants.
        public var maximumValueBytes: Int
        /// How often ``run()`` checks.
        public var checkInterval: Duration
        /// The least time between two checks: ``check()`` sooner than this after the last one
        /// returns ``CheckResult/tooSoon`` without a request.
        public var minimumCheckInterval: Duration
        /// The first wait after a failure; each further failure doubles it, up to ``maximumBackoff``,
        /// with up to half of it added at random so many clients do not retry in step.
        public var initialBackoff: Duration
        public var maximumBackoff: Duration

        public init(
            baseURL: URL, trustedKeys: [ReleasePublicKey], appVersion: AppVersion, cacheDirectory: URL,
            requestTimeout: Duration = .seconds(15), maximumDownloadBytes: Int = 16 << 20, maximumValueBytes: Int = 4096,
            checkInterval: Duration = .seconds(3600), minimumCheckInterval: Duration = .seconds(60),
            initialBackoff: Duration = .seconds(30), maximumBackoff: Duration = .seconds(6 * 3600)
        ) {
            self.baseURL = baseURL
            self.trustedKeys = trustedKeys
            self.appVersion = appVersion
            self.cacheDirectory = cacheDirectory
            self.requestTimeout = requestTimeout
            self.maximumDownloadBytes = maximumDownloadBytes
            self.maximumValueBytes = maximumValueBytes
            self.checkInterval = checkInterval
            self.minimumCheckInterval = minimumCheckInterval
            self.initialBackoff = initialBackoff
            self.maximumBackoff = maximumBackoff
        }
    }

    /// What one check did.
    public enum CheckResult: Hashable, Sendable {
        /// A new release was verified, stored and applied; `rejected` lists the values left out.
        case applied(release: Int, rejected: [RejectedValue])
        /// The host's manifest is the one seen last time (one conditional request, answered 304),
        /// or the release it names is already applied.
        case upToDate
        /// The host's release is for other app versions.
        case otherAppVersion(release: Int)
        /// The last check was less than ``Configuration/minimumCheckInterval`` ago, or another
        /// check is under way; nothing was requested.
        case tooSoon
    }

    /// The source to make localizers over: the bundled catalogs with the applied release's values.
    public let source: UpdatableLocalizationSource
    public let configuration: Configuration
    let transport: any ReleaseTransport
    let store: ReleaseStore
    let clock = ContinuousClock()

    struct State {
        var localizers: [WeakLocalizer] = []
        var manifestETag: String?
        var lastCheck: ContinuousClock.Instant?
        var failures = 0
        var retryAfter: Duration?
        var checking = false
        var diagnostics: [Diagnostic] = []
        var rejected: [RejectedValue] = []
    }

    struct WeakLocalizer {
        weak var localizer: Localizer?
    }

    let state = Mutex(State())
    /// Serialises checks and rollbacks, which each read and replace the stored release.
    let applyLock = Mutex(())

    /// Opens the cache and lays the release found there (checked again: signature, hashes,
    /// values) over `bundled`. A cached release that no longer verifies, or that is for another
    /// app version, is set aside and the bundled catalogs are used; ``diagnostics`` says why.
    public init(
        bundled: any LocalizationSource, configuration: Configuration,
        transport: any ReleaseTransport = URLSessionReleaseTransport()
    ) {
        self.configuration = configuration
        self.transport = transport
        self.store = ReleaseStore(directory: configuration.cacheDirectory)
        self.source = UpdatableLocalizationSource(bundled: bundled, overlay: .empty)
        let stored = store.readState()
        store.sweep(keeping: stored.current)
        guard let name = stored.current else { return }
        do {
            let (overlay, rejected) = try loadStored(name)
            source.replace(with: overlay)
            state.withLock { $0.rejected = rejected }
        } catch {
            state.withLock { $0.diagnostics.append(error.diagnostic) }
        }
    }

    /// The release applied now; `nil` when the bundled catalogs are shown.
    public var currentRelease: Int? { source.release }

    /// The values the applied release holds that were left out, and why.
    public var rejectedValues: [RejectedValue] { state.withLock { $0.rejected } }

    /// What went wrong with the cache at start-up and with checks since (the 64 most recent).
    public var diagnostics: [Diagnostic] { state.withLock { $0.diagnostics } }

    /// Reloads `localizer` whenever a release is applied or rolled back. The updater holds it weakly.
    public func attach(_ localizer: Localizer) {
        state.withLock { state in
            state.localizers.removeAll { $0.localizer == nil }
            state.localizers.append(WeakLocalizer(localizer: localizer))
        }
    }

    /// Returns to the bundled catalogs, removes the cached release, and reloads the attached
    /// localizers. The release rolled back (and any older one) is not applied again; a newer
    /// one will be.
    public func rollback() throws(ReleaseError) {
        try applyLock.withLock { _ throws(ReleaseError) in
            var stored = store.readState()
            stored.highest = max(stored.highest ?? -1, source.release ?? -1)
            if stored.highest == -1 { stored.highest = nil }
            stored.current = nil
            try store.writeState(stored)
            source.replace(with: .empty)
            state.withLock { $0.rejected = [] }
            store.sweep(keeping: nil)
        }
        reloadLocalizers()
    }

    // MARK: Checking

    /// Checks the host once and applies a new release if there is one.
    /// - Throws: ``ReleaseError`` saying what was wrong; nothing was applied, and the release
    ///   shown before stays.
    @discardableResult
    public func check() async throws(ReleaseError) -> CheckResult {
        let now = clock.now
        let (tooSoon, etag) = state.withLock { state -> (Bool, String?) in
            if state.checking { return (true, nil) }
            if let last = state.lastCheck, now - last < configuration.minimumCheckInterval { return (true, nil) }
            state.checking = true
            state.lastCheck = now
            return (false, state.manifestETag)
        }
        if tooSoon { return .tooSoon }
        defer { state.withLock { $0.checking = false } }
        do {
            let result = try await fetchAndApply(etag: etag)
            state.withLock { state in
                state.failures = 0
                state.retryAfter = nil
            }
            return result
        } catch {
            state.withLock { state in
                state.failures += 1
                state.retryAfter = error.retryAfter.map { .milliseconds(Int64($0 * 1000)) }
                if state.diagnostics.count >= 64 { state.diagnostics.removeFirst() }
                state.diagnostics.append(error.diagnostic)
            }
            throw error
        }
    }

    /// Checks now, then every ``Configuration/checkInterval``, until the task is cancelled.
    /// After a failure it waits the backoff instead (or what `Retry-After` asked, when longer),
    /// and never less than ``Configuration/minimumCheckInterval``.
    public func run() async {
        while !Task.isCancelled {
            _ = try? await check()
            let wait = nextWait()
            do {
                try await Task.sleep(for: wait)
            } catch {
                return
            }
        }
    }

    /// How long ``run()`` waits before the next check.
    func nextWait() -> Duration {
        let (failures, retryAfter) = state.withLock { ($0.failures, $0.retryAfter) }
        var wait = failures == 0 ? configuration.checkInterval : Self.backoff(
            failures: failures, initial: configuration.initialBackoff, maximum: configuration.maximumBackoff)
        if let retryAfter, retryAfter > wait { wait = retryAfter }
        return max(wait, configuration.minimumCheckInterval)
    }

    /// `initial × 2^(failures−1)`, capped at `maximum`, plus up to half of it at random.
    static func backoff(failures: Int, initial: Duration, maximum: Duration) -> Duration {
        let exponent = min(max(failures - 1, 0), 30)
        var base = initial * (1 << exponent)
        if base > maximum { base = maximum }
        let jitter = Double.random(in: 0...0.5)
        return base + base * jitter
    }

    private func url(_ path: String) -> URL {
        configuration.baseURL.appendingPathComponent(path)
    }

    private func fetchAndApply(etag: String?) async throws(ReleaseError) -> CheckResult {
        let limit = configuration.maximumDownloadBytes
        let timeout = configuration.requestTimeout
        let manifestResponse = try await transport.get(
            url(ReleaseManifest.fileName), etag: etag, limit: min(limit, ReleaseManifest.maximumSize), timeout: timeout)
        if manifestResponse.status == 304 { return .upToDate }
        let signatureResponse = try await transport.get(
            url(ReleaseSignature.fileName), etag: nil, limit: ReleaseSignature.maximumSize, timeout: timeout)
        let origin = configuration.baseURL.absoluteString.trimmingSuffix("/")
        let verified = try VerifiedManifest.verify(
            manifest: manifestResponse.body, signature: signatureResponse.body, trusting: configuration.trustedKeys, origin: origin)
        let manifest = verified.manifest
        // The manifest verified: later checks may skip it while it is unchanged.
        let remember = { self.state.withLock { $0.manifestETag = manifestResponse.etag } }
        guard manifest.applies(to: configuration.appVersion) else {
            remember()
            return .otherAppVersion(release: manifest.release)
        }
        let stored = store.readState()
        if let current = source.release, manifest.release == current,
            stored.current == ReleaseStore.folderName(verified)
        {
            remember()
            return .upToDate
        }
        let highest = max(stored.highest ?? -1, source.release ?? -1)
        if highest >= 0, manifest.release <= highest {
            throw ReleaseError(
                .downgrade, "the host offers release \(manifest.release); release \(highest) was already applied, so it is refused",
                at: SourceLocation(file: origin + "/" + ReleaseManifest.fileName, line: 2, column: 9))
        }
        // Payloads the cached release already holds are not downloaded again.
        let cached = stored.current.flatMap(store.read)
        var payloads: [ReleaseManifest.Payload: [UInt8]] = [:]
        for payload in manifest.payloads {
            try Task.checkCancellation(or: ReleaseError(.network, "cancelled"))
            if let bytes = cached?.payload(payload.sha256), bytes.count == payload.size, ReleaseDigest.sha256(bytes) == payload.sha256 {
                payloads[payload] = bytes
                continue
            }
            guard payload.size <= limit else {
                throw ReleaseError(
                    .tooLarge, "the manifest lists a payload of \(payload.size) bytes; at most \(limit) are downloaded",
                    at: SourceLocation(file: origin + "/" + payload.path, line: 1, column: 1))
            }
            let response = try await transport.get(url(payload.path), etag: nil, limit: payload.size, timeout: timeout)
            try VerifiedManifest.check(response.body, against: payload, origin: origin)
            payloads[payload] = response.body
        }
        let result = try apply(verified, payloads: payloads, origin: origin)
        remember()
        return result
    }

    /// Checks the values, stores the release, makes it current, swaps the overlay and reloads.
    func apply(_ verified: VerifiedManifest, payloads: [ReleaseManifest.Payload: [UInt8]], origin: String) throws(ReleaseError) -> CheckResult {
        let rejected = try applyLock.withLock { _ throws(ReleaseError) -> [RejectedValue] in
            let builder = OverlayBuilder(
                source: source, checker: UpdateChecker(maximumValueBytes: configuration.maximumValueBytes),
                previous: source.current)
            var stored = store.readState()
            // Checked again under the lock: another check may have applied a release meanwhile.
            if let highest = stored.highest, verified.manifest.release <= highest {
                throw ReleaseError(.downgrade, "release \(verified.manifest.release) is not above release \(highest), already applied")
            }
            let (overlay, rejected) = try builder.overlay(of: verified.manifest, payloads: payloads, origin: origin)
            let name = try store.save(verified, payloads: payloads)
            stored.current = name
            stored.highest = verified.manifest.release
            try store.writeState(stored)
            source.replace(with: overlay)
            state.withLock { $0.rejected = rejected }
            store.sweep(keeping: name)
            return rejected
        }
        reloadLocalizers()
        return .applied(release: verified.manifest.release, rejected: rejected)
    }

    /// Reads a stored release and checks it as if it had just been downloaded.
    private func loadStored(_ name: String) throws(ReleaseError) -> (ReleaseOverlay, [RejectedValue]) {
        let origin = store.folder(named: name).path
        guard let files = store.read(name) else {
            throw ReleaseError(.cache, "the cached release is incomplete; the bundled catalogs are used", at: .init(file: origin, line: 1, column: 1))
        }
        let verified = try VerifiedManifest.verify(
            manifest: files.manifest, signature: files.signature, trusting: configuration.trustedKeys, origin: origin)
        guard verified.manifest.applies(to: configuration.appVersion) else {
            throw ReleaseError(
                .otherAppVersion, "the cached release \(verified.manifest.release) is not for app version \(configuration.appVersion); the bundled catalogs are used",
                at: .init(file: origin, line: 1, column: 1))
        }
        var payloads: [ReleaseManifest.Payload: [UInt8]] = [:]
        for payload in verified.manifest.payloads {
            guard let bytes = files.payload(payload.sha256) else {
                throw ReleaseError(.cache, "the cached release lacks \(payload.path)", at: .init(file: origin, line: 1, column: 1))
            }
            try VerifiedManifest.check(bytes, against: payload, origin: origin)
            payloads[payload] = bytes
        }
        let builder = OverlayBuilder(
            source: source, checker: UpdateChecker(maximumValueBytes: configuration.maximumValueBytes), previous: .empty)
        return try builder.overlay(of: verified.manifest, payloads: payloads, origin: origin)
    }

    private func reloadLocalizers() {
        let localizers = state.withLock { state in
            state.localizers.removeAll { $0.localizer == nil }
            return state.localizers.compactMap(\.localizer)
        }
        for localizer in localizers { localizer.reload() }
    }
}

extension Task where Success == Never, Failure == Never {
    static func checkCancellation(or error: ReleaseError) throws(ReleaseError) {
        if Task.isCancelled { throw error }
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
