import Benchmark
import BenchmarkFixtures
import Foundation
import Parlance

/// Compiled catalogs, read directly (the Localizer does not use them yet): opening one
/// 5,000-key table against reading the same keys from a String Catalog, and probing it against
/// a dictionary. For information; issue 11's targets apply once the Localizer reads them.
func compiledBenchmarks() {
    let loads = Benchmark.Configuration(
        metrics: ParlanceMetrics.all, warmupIterations: 3, scalingFactor: .one,
        maxDuration: .seconds(4), maxIterations: 2_000)

    Benchmark(
        "Compiled: open a 5,000-key German table (mmap, header, checksums)",
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
