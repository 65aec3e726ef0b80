import Benchmark
import Foundation
import Parlance
import Synchronization

/// The runtime an app calls on every visible string: looking a key up through the shared
/// localizer, and switching languages, against a plain dictionary doing the same.
func runtimeBenchmarks() {
    let configuration = ParlanceMetrics.fastCall
    let languages: [Language] = ["de", "fr"]

    Benchmark(
        "Runtime: Localizer.shared.string(key)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, table: RuntimeFixture) in
            // Each measured iteration goes on where the last one stopped, so all 5,000 keys take turns.
            var next = benchmark.currentIteration &* benchmark.scaledIterations.count % table.keys.count
            for _ in benchmark.scaledIterations {
                blackHole(Localizer.shared.string(table.keys[next]))
                next = next + 1 == table.keys.count ? 0 : next + 1
            }
        },
        setup: { () throws -> RuntimeFixture in
            let fixture = try RuntimeFixture.make()
            Localizer.shared = fixture.localizer
            return fixture
        }
    )

    Benchmark(
        "Runtime: [String: String] lookup (baseline)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, table: RuntimeFixture) in
            var next = benchmark.currentIteration &* benchmark.scaledIterations.count % table.keys.count
            for _ in benchmark.scaledIterations {
                blackHole(table.dictionary[table.keys[next]])
                next = next + 1 == table.keys.count ? 0 : next + 1
            }
        },
        setup: { () throws -> RuntimeFixture in try RuntimeFixture.make() }
    )

    // Not a target: the same two lookups over the 4,625 plain strings alone, leaving out the
    // plurals and substitutions that `string(key)` renders.
    Benchmark(
        "Runtime: Localizer.shared.string(key), plain strings only",
        configuration: configuration,
        closure: { (benchmark: Benchmark, table: RuntimeFixture) in
            var next = benchmark.currentIteration &* benchmark.scaledIterations.count % table.plainKeys.count
            for _ in benchmark.scaledIterations {
                blackHole(Localizer.shared.string(table.plainKeys[next]))
                next = next + 1 == table.plainKeys.count ? 0 : next + 1
            }
        },
        setup: { () throws -> RuntimeFixture in
            let fixture = try RuntimeFixture.make()
            Localizer.shared = fixture.localizer
            return fixture
        }
    )

    Benchmark(
        "Runtime: [String: String] lookup, plain strings only (baseline)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, table: RuntimeFixture) in
            var next = benchmark.currentIteration &* benchmark.scaledIterations.count % table.plainKeys.count
            for _ in benchmark.scaledIterations {
                blackHole(table.dictionary[table.plainKeys[next]])
                next = next + 1 == table.plainKeys.count ? 0 : next + 1
            }
        },
        setup: { () throws -> RuntimeFixture in try RuntimeFixture.make() }
    )

    // The path `"key".localized()` takes: the shared localizer read without a retain.
    Benchmark(
        "Runtime: \"key\".localized()",
        configuration: configuration,
        closure: { (benchmark: Benchmark, table: RuntimeFixture) in
            var next = benchmark.currentIteration &* benchmark.scaledIterations.count % table.keys.count
            for _ in benchmark.scaledIterations {
                blackHole(table.keys[next].localized())
                next = next + 1 == table.keys.count ? 0 : next + 1
            }
        },
        setup: { () throws -> RuntimeFixture in
            let fixture = try RuntimeFixture.make()
            Localizer.shared = fixture.localizer
            return fixture
        }
    )

    Benchmark(
        "Runtime: select(.language) between two loaded languages, no store or observers",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: RuntimeFixture) in
            for index in benchmark.scaledIterations {
                fixture.localizer.select(.language(languages[index & 1]))
            }
        },
        setup: { () throws -> RuntimeFixture in
            let fixture = try RuntimeFixture.make()
            // Both languages load here, so the benchmark measures switching, not loading.
            fixture.localizer.select(.language("fr"))
            fixture.localizer.select(.language("de"))
            return fixture
        }
    )

    // What an app pays: the choice written to a file (atomically, with fsync) and an
    // observer of changes() woken on every switch.
    Benchmark(
        "Runtime: select(.language) with a file store and a changes() observer",
        configuration: Benchmark.Configuration(
            metrics: ParlanceMetrics.all, warmupIterations: 10, scalingFactor: .one,
            maxDuration: .seconds(4), maxIterations: 2_000),
        closure: { (benchmark: Benchmark, fixture: SwitchFixture) in
            for index in benchmark.scaledIterations {
                fixture.localizer.select(.language(languages[index & 1]))
            }
        },
        setup: { () throws -> SwitchFixture in try SwitchFixture() }
    )

    Benchmark(
        "Runtime: swap two [String: String] tables (baseline)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: RuntimeFixture) in
            let tables = [fixture.dictionary, fixture.otherDictionary]
            let current = Mutex(tables[0])
            for index in benchmark.scaledIterations {
                current.withLock { $0 = tables[index & 1] }
            }
            blackHole(current.withLock { $0.count })
        },
        setup: { () throws -> RuntimeFixture in try RuntimeFixture.make() }
    )
}

/// The synthetic catalog loaded into a localizer showing German, and the same German strings
/// (and the French ones) as plain dictionaries.
final class RuntimeFixture {
    let localizer: Localizer
    /// All 5,000 keys, shuffled the same way on every run so lookups do not walk memory in order.
    let keys: [String]
    /// The keys whose German value is a plain string, in the same order.
    let plainKeys: [String]
    /// Each key's German string, exactly as the localizer returns it.
    let dictionary: [String: String]
    let otherDictionary: [String: String]

    private init(
        localizer: Localizer, keys: [String], plainKeys: [String], dictionary: [String: String],
        otherDictionary: [String: String]
    ) {
        self.localizer = localizer
        self.keys = keys
        self.plainKeys = plainKeys
        self.dictionary = dictionary
        self.otherDictionary = otherDictionary
    }

    /// One catalog read per process; each benchmark makes its own localizer over it.
    private static let catalog = Result { () throws(ParseError) -> Catalog in
        try XCStringsReader.read(Fixtures.catalog, path: "Localizable.xcstrings")
    }

    static func make() throws -> RuntimeFixture {
        let catalog = try catalog.get()
        let localizer = Localizer(
            catalogs: [catalog],
            configuration: Localizer.Configuration(defaultLanguage: "en", preferredLanguages: { ["de"] }))
        localizer.select(.language("de"))
        var generator = SplitMix64(seed: 42)
        let keys = Array(catalog.entries.keys).shuffled(using: &generator)
        var german: [String: String] = [:]
        for key in keys {
            let value = localizer.string(key)
            guard value != key else { throw FixtureError(description: "the localizer has no German string for \"\(key)\".") }
            german[key] = value
        }
        let french = localizer.snapshot(for: "fr")
        let other = Dictionary(uniqueKeysWithValues: keys.map { ($0, french.string($0)) })
        let plainKeys = keys.filter { key in
            guard let german = catalog.entries[key]?["de"] else { return false }
            return german.variations == nil && german.substitutions == nil
        }
        return RuntimeFixture(
            localizer: localizer, keys: keys, plainKeys: plainKeys, dictionary: german, otherDictionary: other)
    }
}

/// A localizer remembering its choice in a file, with a task draining its `changes()`.
final class SwitchFixture: Sendable {
    let localizer: Localizer
    let observer: Task<Int, Never>

    init() throws {
        let catalog = try XCStringsReader.read(Fixtures.catalog, path: "Localizable.xcstrings")
        // One folder, emptied on each run, so runs leave nothing behind but it.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-bench-switch")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        localizer = Localizer(catalogs: [catalog], configuration: Localizer.Configuration(
            defaultLanguage: "en", preferenceStore: FilePreferenceStore(url: folder.appendingPathComponent("language")),
            preferredLanguages: { ["de"] }))
        localizer.select(.language("fr"))
        localizer.select(.language("de"))
        let changes = localizer.changes()
        observer = Task {
            var heard = 0
            for await _ in changes { heard += 1 }
            return heard
        }
    }
}

/// A tiny seeded generator, so the key order is the same on every run and machine.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
