import Benchmark
import BenchmarkFixtures
import Foundation
import Parlance
import ParlanceReleaseTooling
import ParlanceRemote
import Synchronization

/// What applying a live update costs the caller: `ReleaseUpdater.check()` taking a release of
/// 5,000 keys × English and French (every value changed) from a host that answers from
/// memory, so the figure is the updater's own work: signature and hashes, every value checked
/// against the bundle, the release written to the cache and flushed, the localizer reloaded.
/// Beside it, JSONDecoder reading the same 10,000 values as a plain JSON object (the least a
/// client that trusted its download blindly would do).
func liveUpdateBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: ParlanceMetrics.all, warmupIterations: 3, scalingFactor: .one,
        maxDuration: .seconds(6), maxIterations: 200)

    Benchmark(
        "Live update: check() applying 5,000 keys × 2 languages (host in memory)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: LiveUpdateFixture) async throws in
            for _ in benchmark.scaledIterations {
                fixture.publishNext()
                benchmark.startMeasurement()
                let result = try await fixture.updater.check()
                benchmark.stopMeasurement()
                guard case .applied(_, let rejected) = result, rejected.isEmpty else {
                    throw FixtureError(description: "the release was not applied whole: \(result)")
                }
            }
        },
        setup: { () throws -> LiveUpdateFixture in try LiveUpdateFixture() }
    )

    Benchmark(
        "Live update: JSONDecoder of the same 10,000 values (baseline)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: LiveUpdateFixture) throws in
            for _ in benchmark.scaledIterations {
                let decoded = try JSONDecoder().decode([String: [String: String]].self, from: fixture.json)
                blackHole(decoded)
            }
        },
        setup: { () throws -> LiveUpdateFixture in try LiveUpdateFixture() }
    )

    let lookUp = { (benchmark: Benchmark, fixture: LiveUpdateFixture) in
        for index in benchmark.scaledIterations {
            blackHole(fixture.localizer.string(fixture.keys[index % fixture.keys.count]))
        }
    }

    // A lookup on this thread while another thread applies releases back to back: the
    // lookups never wait for an update.
    Benchmark(
        "Live update: string(key) while releases are applied on another thread",
        configuration: ParlanceMetrics.fastCall,
        closure: lookUp,
        setup: { () throws -> LiveUpdateFixture in
            let fixture = try LiveUpdateFixture()
            fixture.applyInBackground()
            return fixture
        },
        teardown: { LiveUpdateFixture.stopBackground() }
    )

    Benchmark(
        "Live update: string(key), no update running (baseline)",
        configuration: ParlanceMetrics.fastCall,
        closure: lookUp,
        setup: { () throws -> LiveUpdateFixture in try LiveUpdateFixture() }
    )
}

/// An updater over the synthetic catalog in English and French, a localizer showing French,
/// and two compiled versions of every value that releases alternate between.
final class LiveUpdateFixture: Sendable {
    let updater: ReleaseUpdater
    let localizer: Localizer
    let keys: [String]
    let json: Data
    let host: MemoryHost
    private let key = try! ReleaseSigningKey(rawRepresentation: [UInt8](repeating: 3, count: 32))
    private let payloads: [[(ReleaseManifest.Payload, [UInt8])]]
    private let release = Mutex(0)
    private static let running = Atomic<Bool>(false)

    init() throws {
        let catalog = try XCStringsReader.read(SyntheticCatalog.make(keys: 5_000, languages: ["en", "fr"]), path: "Localizable.xcstrings")
        keys = Array(catalog.entries.keys)
        var sets: [[(ReleaseManifest.Payload, [UInt8])]] = []
        var plain: [String: [String: String]] = [:]
        for edition in ["A", "B"] {
            var edited = catalog
            for key in keys {
                for language in ["en", "fr"] {
                    guard var value = edited[key]?[language], let unit = value.stringUnit else { continue }
                    value.stringUnit = StringUnit(unit.value + " " + edition)
                    edited[key]?[language] = value
                    plain[language, default: [:]][key] = unit.value + " " + edition
                }
            }
            var set: [(ReleaseManifest.Payload, [UInt8])] = []
            for language: Language in ["en", "fr"] {
                let bytes = try CompiledCatalogWriter.bytes(for: edited, language: language)
                let hash = ReleaseDigest.sha256(bytes)
                set.append((.init(language: language, table: "Localizable", size: bytes.count, sha256: hash,
                                  path: "payloads/Localizable.\(language).\(hash.prefix(16)).pcat"), bytes))
            }
            sets.append(set)
        }
        payloads = sets
        json = try JSONEncoder().encode(plain)
        host = MemoryHost()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-bench-live-\(UUID().uuidString)")
        updater = ReleaseUpdater(
            bundled: InMemoryLocalizationSource([catalog]),
            configuration: .init(
                baseURL: URL(string: "https://strings.invalid/")!, trustedKeys: [key.publicKey], appVersion: "1.0",
                cacheDirectory: cache, minimumCheckInterval: .zero),
            transport: host)
        localizer = try Localizer(
            source: updater.source, configuration: .init(defaultLanguage: "fr", preferredLanguages: { ["fr"] }, notificationCenter: nil))
        updater.attach(localizer)
        publishNext()
    }

    /// Serves the next release: a higher number, the other edition's payloads.
    func publishNext() {
        let number = release.withLock { $0 += 1; return $0 }
        let set = payloads[number % 2]
        let manifest = ReleaseManifest(release: number, minimumAppVersion: "1.0", sourceLanguages: ["en"], payloads: set.map(\.0))
        let bytes = manifest.encoded()
        var files = ["manifest.txt": bytes, "manifest.sig": try! key.sign(bytes).encoded()]
        for (payload, data) in set { files[payload.path] = data }
        host.files.withLock { $0 = files }
    }

    /// Publishes and applies releases on another thread until `stopBackground()`.
    func applyInBackground() {
        Self.running.store(true, ordering: .relaxed)
        Thread.detachNewThread { [self] in
            let done = DispatchSemaphore(value: 0)
            while Self.running.load(ordering: .relaxed) {
                publishNext()
                Task {
                    _ = try? await updater.check()
                    done.signal()
                }
                done.wait()
            }
        }
    }

    static func stopBackground() {
        running.store(false, ordering: .relaxed)
    }
}

/// Answers GETs from memory, as a host with every file in its cache would.
final class MemoryHost: ReleaseTransport {
    let files = Mutex<[String: [UInt8]]>([:])

    func get(_ url: URL, etag: String?, limit: Int, timeout: Duration) async throws(ReleaseError) -> ReleaseResponse {
        let path = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        guard let body = files.withLock({ $0[path] }) else { throw ReleaseError(.httpStatus, "no \(path)", status: 404) }
        return ReleaseResponse(status: 200, body: body, etag: nil)
    }
}
