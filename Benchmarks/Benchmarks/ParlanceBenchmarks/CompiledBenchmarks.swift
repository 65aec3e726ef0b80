import Benchmark
import BenchmarkFixtures
import Foundation
import Parlance

/// Compiled catalogs: read directly (opening one 5,000-key table against reading the same keys
/// from a String Catalog, probing it against a dictionary), and through a localizer reading the
/// synthetic catalog's compiled files in place (lookups, messages, switching to a language not
/// yet loaded), each beside its baseline.
func compiledBenchmarks() {
    compiledRuntimeBenchmarks()
    let loads = Benchmark.Configuration(
        metrics: ParlanceMetrics.all, warmupIterations: 3, scalingFactor: .one,
        maxDuration: .seconds(4), maxIterations: 2_000)

    Benchmark(
        "Compiled: open a 5,000-key German table (mmap, header check)",
        configuration: loads,
        closure: { (benchmark: Benchmark, fixture: CompiledFixture) throws in
            for _ in benchmark.scaledIterations {
                blackHole(try CompiledCatalog(contentsOf: fixture.file))
            }
        },
        setup: { () throws -> CompiledFixture in try CompiledFixture.shared.get() }
    )

    Benchmark(
        "Compiled: XCStringsReader of the same keys in en and de (baseline)",
        configuration: loads,
        closure: { (benchmark: Benchmark, fixture: CompiledFixture) throws in
            for _ in benchmark.scaledIterations {
                blackHole(try XCStringsReader.read(fixture.twoLanguages, path: "Localizable.xcstrings"))
            }
        },
        setup: { () throws -> CompiledFixture in try CompiledFixture.shared.get() }
    )

    Benchmark(
        "Compiled: value(forKey:), plain strings only",
        configuration: ParlanceMetrics.fastCall,
        closure: { (benchmark: Benchmark, fixture: CompiledFixture) throws in
            let keys = fixture.plainKeys
            var next = benchmark.currentIteration &* benchmark.scaledIterations.count % keys.count
            for _ in benchmark.scaledIterations {
                blackHole(try fixture.catalog.value(forKey: keys[next]))
                next = next + 1 == keys.count ? 0 : next + 1
            }
        },
        setup: { () throws -> CompiledFixture in try CompiledFixture.shared.get() }
    )
}

/// The synthetic catalog's German table compiled to a file, mapped once.
final class CompiledFixture: Sendable {
    static let shared = Result { try CompiledFixture() }

    /// The runtime fixture's keys whose German value is a plain string.
    let plainKeys: [String]
    let file: URL
    let catalog: CompiledCatalog
    let twoLanguages: Data

    private init() throws {
        let runtime = try RuntimeFixture.make()
        plainKeys = runtime.plainKeys
        let source = try XCStringsReader.read(Fixtures.catalog, path: "Localizable.xcstrings")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-bench-compiled")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        file = folder.appendingPathComponent("Localizable.pcat")
        try Data(try CompiledCatalogWriter.bytes(for: source, language: "de")).write(to: file)
        catalog = try CompiledCatalog(contentsOf: file)
        twoLanguages = SyntheticCatalog.make(languages: ["en", "de"])
        for key in runtime.plainKeys where try catalog.value(forKey: key) != .plain(runtime.dictionary[key]!) {
            throw FixtureError(description: "the compiled table gives another value for \"\(key)\"")
        }
    }
}

/// The localizer over compiled files, against the same calls over catalogs read into
/// dictionaries and against a plain dictionary.
func compiledRuntimeBenchmarks() {
    let configuration = ParlanceMetrics.fastCall

    Benchmark(
        "Compiled runtime: Localizer.shared.string(key)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: CompiledRuntimeFixture) in
            let keys = fixture.keys
            var next = benchmark.currentIteration &* benchmark.scaledIterations.count % keys.count
            for _ in benchmark.scaledIterations {
                blackHole(Localizer.shared.string(keys[next]))
                next = next + 1 == keys.count ? 0 : next + 1
            }
        },
        setup: { () throws -> CompiledRuntimeFixture in
            let fixture = try CompiledRuntimeFixture.shared.get()
            Localizer.shared = fixture.localizer
            return fixture
        }
    )

    Benchmark(
        "Compiled runtime: Localizer.shared.string(key), plain strings only",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: CompiledRuntimeFixture) in
            let keys = fixture.plainKeys
            var next = benchmark.currentIteration &* benchmark.scaledIterations.count % keys.count
            for _ in benchmark.scaledIterations {
                blackHole(Localizer.shared.string(keys[next]))
                next = next + 1 == keys.count ? 0 : next + 1
            }
        },
        setup: { () throws -> CompiledRuntimeFixture in
            let fixture = try CompiledRuntimeFixture.shared.get()
            Localizer.shared = fixture.localizer
            return fixture
        }
    )

    Benchmark(
        "Compiled runtime: typed accessor, IndexedKeys.string(i) through Localizer.shared, plain strings",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: CompiledRuntimeFixture) in
            let keys = fixture.indexedPlainKeys
            var next = benchmark.currentIteration &* benchmark.scaledIterations.count % keys.count
            for _ in benchmark.scaledIterations {
                blackHole(keys.string(next))
                next = next + 1 == keys.count ? 0 : next + 1
            }
        },
        setup: { () throws -> CompiledRuntimeFixture in
            let fixture = try CompiledRuntimeFixture.shared.get()
            Localizer.shared = fixture.localizer
            return fixture
        }
    )

    Benchmark(
        "Compiled runtime: typed accessor, IndexedKeys.string(i, localizer:), plain strings",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: CompiledRuntimeFixture) in
            let keys = fixture.indexedPlainKeys
            let localizer = fixture.localizer
            var next = benchmark.currentIteration &* benchmark.scaledIterations.count % keys.count
            for _ in benchmark.scaledIterations {
                blackHole(keys.string(next, localizer: localizer))
                next = next + 1 == keys.count ? 0 : next + 1
            }
        },
        setup: { () throws -> CompiledRuntimeFixture in try CompiledRuntimeFixture.shared.get() }
    )

    // The floor under the typed accessors: the same values, each returned owned by a function in
    // another module, with nothing looked up.
    Benchmark(
        "Floor: a String returned owned from another module, [String] element (baseline)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: CompiledRuntimeFixture) in
            let floor = fixture.ownedStringFloor
            var next = benchmark.currentIteration &* benchmark.scaledIterations.count % floor.count
            for _ in benchmark.scaledIterations {
                blackHole(floor.value(next))
                next = next + 1 == floor.count ? 0 : next + 1
            }
        },
        setup: { () throws -> CompiledRuntimeFixture in try CompiledRuntimeFixture.shared.get() }
    )

    // The dictionary baseline reads `dictionary[key]` inline, where the optimizer may borrow the
    // value; behind a function in another module, as a lookup API is, it is returned owned.
    Benchmark(
        "Floor: [String: String] lookup returned owned from another module, plain strings only",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: CompiledRuntimeFixture) in
            let floor = fixture.ownedStringFloor
            let keys = fixture.plainKeys
            var next = benchmark.currentIteration &* benchmark.scaledIterations.count % keys.count
            for _ in benchmark.scaledIterations {
                blackHole(floor.value(forKey: keys[next]))
                next = next + 1 == keys.count ? 0 : next + 1
            }
        },
        setup: { () throws -> CompiledRuntimeFixture in try CompiledRuntimeFixture.shared.get() }
    )

    // The same two floors after an Observation access, which every lookup of the localizer
    // makes so views follow a switch (issue 33: where the typed accessors' and lookups' time
    // goes beyond returning the string).
    Benchmark(
        "Floor: a String returned owned after an Observation access, [String] element",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: CompiledRuntimeFixture) in
            let floor = fixture.observedStringFloor
            var next = benchmark.currentIteration &* benchmark.scaledIterations.count % floor.count
            for _ in benchmark.scaledIterations {
                blackHole(floor.value(next))
                next = next + 1 == floor.count ? 0 : next + 1
            }
        },
        setup: { () throws -> CompiledRuntimeFixture in try CompiledRuntimeFixture.shared.get() }
    )

    Benchmark(
        "Floor: [String: String] lookup returned owned after an Observation access, plain strings only",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: CompiledRuntimeFixture) in
            let floor = fixture.observedStringFloor
            let keys = fixture.plainKeys
            var next = benchmark.currentIteration &* benchmark.scaledIterations.count % keys.count
            for _ in benchmark.scaledIterations {
                blackHole(floor.value(forKey: keys[next]))
                next = next + 1 == keys.count ? 0 : next + 1
            }
        },
        setup: { () throws -> CompiledRuntimeFixture in try CompiledRuntimeFixture.shared.get() }
    )

    Benchmark(
        "Compiled runtime: typed plural accessor, IndexedKeys.string(i, arguments:)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: CompiledRuntimeFixture) in
            let keys = fixture.indexedPluralKeys
            let localizer = fixture.localizer
            for index in benchmark.scaledIterations {
                blackHole(keys.string(index % keys.count, arguments: [.int(Int64(index % 10))], localizer: localizer))
            }
        },
        setup: { () throws -> CompiledRuntimeFixture in try CompiledRuntimeFixture.shared.get() }
    )

    Benchmark(
        "Compiled runtime: plural message, Localizer.string(key, n)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: CompiledRuntimeFixture) in
            let keys = fixture.pluralKeys
            for index in benchmark.scaledIterations {
                blackHole(fixture.localizer.string(keys[index % keys.count], index % 10))
            }
        },
        setup: { () throws -> CompiledRuntimeFixture in try CompiledRuntimeFixture.shared.get() }
    )

    // The floor under a plural by key: the typed plural accessor (the same message, rendered
    // the same way, its table entry found by position) after the fastest way Swift has to turn
    // the key into that position, a `[String: Int]` lookup.
    Benchmark(
        "Floor: typed plural accessor after a [String: Int] lookup of the key's position",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: CompiledRuntimeFixture) in
            let keys = fixture.pluralKeys
            let positions = fixture.pluralPositions
            let indexed = fixture.indexedPluralKeys
            let localizer = fixture.localizer
            for index in benchmark.scaledIterations {
                let position = positions[keys[index % keys.count]].unsafelyUnwrapped
                blackHole(indexed.string(position, arguments: [.int(Int64(index % 10))], localizer: localizer))
            }
        },
        setup: { () throws -> CompiledRuntimeFixture in try CompiledRuntimeFixture.shared.get() }
    )

    Benchmark(
        "Runtime: plural message, Localizer.string(key, n), catalogs read",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: CompiledRuntimeFixture) in
            let keys = fixture.pluralKeys
            let localizer = fixture.catalogLocalizer
            for index in benchmark.scaledIterations {
                blackHole(localizer.string(keys[index % keys.count], index % 10))
            }
        },
        setup: { () throws -> CompiledRuntimeFixture in try CompiledRuntimeFixture.shared.get() }
    )

    Benchmark(
        "Compiled runtime: {name} message, Localizer.string(key, values:)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, fixture: CompiledRuntimeFixture) in
            for index in benchmark.scaledIterations {
                blackHole(fixture.localizer.string(
                    "selection.count", values: ["count": .int(Int64(index % 10)), "name": "Ada"], table: "Messages"))
            }
        },
        setup: { () throws -> CompiledRuntimeFixture in try CompiledRuntimeFixture.shared.get() }
    )

    Benchmark(
        "Compiled runtime: switch to a language not yet loaded and look up one string",
        configuration: Benchmark.Configuration(
            metrics: ParlanceMetrics.all, warmupIterations: 3, scalingFactor: .one,
            maxDuration: .seconds(4), maxIterations: 1_000),
        closure: { (benchmark: Benchmark, fixture: CompiledRuntimeFixture) throws in
            for index in benchmark.scaledIterations {
                let localizer = try fixture.makeLocalizer()
                let language: Language = index.isMultiple(of: 2) ? "fr" : "ja"
                benchmark.startMeasurement()
                localizer.select(.language(language))
                blackHole(localizer.string(fixture.plainKeys[index % fixture.plainKeys.count]))
                benchmark.stopMeasurement()
            }
        },
        setup: { () throws -> CompiledRuntimeFixture in try CompiledRuntimeFixture.shared.get() }
    )

    Benchmark(
        "Runtime: switch to a language not yet loaded and look up one string, catalogs read (baseline)",
        configuration: Benchmark.Configuration(
            metrics: ParlanceMetrics.all, warmupIterations: 3, scalingFactor: .one,
            maxDuration: .seconds(4), maxIterations: 20),
        closure: { (benchmark: Benchmark, fixture: CompiledRuntimeFixture) throws in
            for index in benchmark.scaledIterations {
                let localizer = Localizer(catalogs: fixture.catalogs, configuration: fixture.configuration)
                let language: Language = index.isMultiple(of: 2) ? "fr" : "ja"
                benchmark.startMeasurement()
                localizer.select(.language(language))
                blackHole(localizer.string(fixture.plainKeys[index % fixture.plainKeys.count]))
                benchmark.stopMeasurement()
            }
        },
        setup: { () throws -> CompiledRuntimeFixture in try CompiledRuntimeFixture.shared.get() }
    )
}

/// The synthetic catalog (5,000 keys × 20 languages) and a small `{name}` table compiled into
/// a folder, and a localizer reading them in place showing German.
final class CompiledRuntimeFixture: Sendable {
    static let shared = Result { try CompiledRuntimeFixture() }

    /// The runtime fixture's keys (all, shuffled; and those whose German value is plain).
    let keys: [String]
    let plainKeys: [String]
    /// The localizer over the same catalogs read into dictionaries.
    let catalogLocalizer: Localizer
    let folder: URL
    let localizer: Localizer
    let catalogs: [Catalog]
    let configuration: Localizer.Configuration
    /// The keys whose German value is a plural message (`%lld …` by `one`/`other`).
    let pluralKeys: [String]
    /// `plainKeys` and `pluralKeys` as generated accessors name them, by position.
    let indexedPlainKeys: IndexedKeys
    let indexedPluralKeys: IndexedKeys
    /// Each of `pluralKeys` with its position in `indexedPluralKeys`.
    let pluralPositions: [String: Int]
    /// The values of `indexedPlainKeys`, in its order, behind a function in another module.
    let ownedStringFloor: OwnedStringFloor
    let observedStringFloor: ObservedStringFloor

    private init() throws {
        let runtime = try RuntimeFixture.make()
        keys = runtime.keys
        plainKeys = runtime.plainKeys
        catalogLocalizer = runtime.localizer
        let source = try XCStringsReader.read(Fixtures.catalog, path: "Localizable.xcstrings")
        var messages = Catalog(table: "Messages", sourceLanguage: "en")
        var selection = CatalogEntry()
        selection["en"] = .string("{name} chose {count} files")
        selection["de"] = .string("{name} hat {count} Dateien gewählt")
        messages["selection.count"] = selection
        catalogs = [source, messages]
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-bench-compiled-runtime")
        try? FileManager.default.removeItem(at: folder)
        try CompiledCatalogWriter.write(catalogs, sources: [], to: folder)
        configuration = Localizer.Configuration(defaultLanguage: "en", preferredLanguages: { ["de"] }, notificationCenter: nil)
        localizer = try Localizer(source: CompiledLocalizationSource(folder: folder), configuration: configuration)
        pluralKeys = (0..<5_000).filter { $0 % 40 == 1 || $0 % 40 == 21 }.map(SyntheticResourceFolder.key)
        indexedPlainKeys = IndexedKeys([.init("Localizable", keys: plainKeys)])
        indexedPluralKeys = IndexedKeys([.init("Localizable", keys: pluralKeys)])
        pluralPositions = Dictionary(uniqueKeysWithValues: pluralKeys.enumerated().map { ($1, $0) })
        ownedStringFloor = OwnedStringFloor(plainKeys.map { runtime.dictionary[$0]! }, dictionary: runtime.dictionary)
        observedStringFloor = ObservedStringFloor(plainKeys.map { runtime.dictionary[$0]! }, dictionary: runtime.dictionary)
        for index in 0..<indexedPlainKeys.count
        where indexedPlainKeys.string(index, localizer: localizer) != runtime.dictionary[plainKeys[index]] {
            throw FixtureError(description: "the typed accessor gives another value for \"\(plainKeys[index])\"")
        }
        // The compiled localizer must say what the catalog localizer says, for every key.
        for key in runtime.keys where localizer.string(key) != runtime.dictionary[key] {
            throw FixtureError(description: "the compiled localizer gives another value for \"\(key)\"")
        }
        for key in pluralKeys where localizer.string(key, 3) != runtime.localizer.string(key, 3) {
            throw FixtureError(description: "the compiled localizer renders \"\(key)\" otherwise")
        }
        guard localizer.string("selection.count", values: ["count": 3, "name": "Ada"], table: "Messages")
            == "Ada hat 3 Dateien gewählt"
        else { throw FixtureError(description: "the {name} message does not render") }
    }

    /// A new localizer over the compiled folder, showing German.
    func makeLocalizer() throws -> Localizer {
        try Localizer(source: CompiledLocalizationSource(folder: folder), configuration: configuration)
    }
}
