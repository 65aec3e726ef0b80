import Benchmark
import BenchmarkFixtures
import Foundation
import Parlance

/// Inputs built once per process, outside any measurement.
enum Fixtures {
    /// The synthetic 5,000-key × 20-language String Catalog (about 18 MB).
    static let catalog = SyntheticCatalog.make()
}

/// What a load benchmark failed on before measuring anything.
struct FixtureError: Error, CustomStringConvertible {
    var description: String
}

/// Loading whole catalogs: the String Catalog reader against `JSONDecoder`, and the `.lproj`
/// folder reader against `PropertyListSerialization`, each on the same bytes in the same run.
func loadingBenchmarks() {
    // Each setup reads its input once to check it, which warms caches as a warm-up would.
    let configuration = Benchmark.Configuration(
        metrics: ParlanceMetrics.all,
        warmupIterations: 0,
        scalingFactor: .one,
        maxDuration: .seconds(8),
        maxIterations: 15
    )

    Benchmark(
        "Catalog load: XCStringsReader",
        configuration: configuration,
        closure: { (benchmark: Benchmark, data: Data) throws in
            for _ in benchmark.scaledIterations {
                blackHole(try XCStringsReader.read(data, path: "Localizable.xcstrings"))
            }
        },
        setup: { () throws -> Data in
            let data = Fixtures.catalog
            let catalog = try XCStringsReader.read(data, path: "Localizable.xcstrings")
            guard catalog.entries.count == 5_000, catalog.languages.count == 20 else {
                throw FixtureError(description: "the synthetic catalog read as \(catalog.entries.count) keys.")
            }
            return data
        }
    )

    Benchmark(
        "Catalog load: JSONDecoder (baseline)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, data: Data) throws in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONDecoder().decode(CatalogMirror.self, from: data))
            }
        },
        setup: { () throws -> Data in
            let data = Fixtures.catalog
            let mirror = try JSONDecoder().decode(CatalogMirror.self, from: data)
            guard mirror.strings.count == 5_000 else {
                throw FixtureError(description: "the synthetic catalog decoded as \(mirror.strings.count) keys.")
            }
            return data
        }
    )

    // Each process writes its own folder, so two runs on one machine do not collide.
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("parlance-bench-lproj-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    let writeFolder = { () throws -> URL in
        try? FileManager.default.removeItem(at: folder)
        try SyntheticResourceFolder.write(to: folder)
        return folder
    }
    let removeFolder: Benchmark.BenchmarkTeardownHook = { _ = try? FileManager.default.removeItem(at: folder) }

    Benchmark(
        "lproj load: ResourceFolderReader",
        configuration: configuration,
        closure: { (benchmark: Benchmark, folder: URL) throws in
            for _ in benchmark.scaledIterations {
                blackHole(try ResourceFolderReader.read(at: folder))
            }
        },
        setup: { () throws -> URL in
            // Checked on a small folder of the same shape: the full one takes as long as a measurement.
            let sample = folder.appendingPathExtension("sample")
            defer { try? FileManager.default.removeItem(at: sample) }
            try SyntheticResourceFolder.write(to: sample, keys: 200, languages: ["en", "ru"])
            let result = try ResourceFolderReader.read(at: sample)
            guard !result.hasErrors, result["Localizable"]?.entries.count == 200, result.catalogs.count == 1 else {
                throw FixtureError(description: "the synthetic folder read with \(result.diagnostics.count) diagnostics.")
            }
            return try writeFolder()
        },
        teardown: removeFolder
    )

    Benchmark(
        "lproj load: PropertyListSerialization (baseline)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, folder: URL) throws in
            for _ in benchmark.scaledIterations {
                blackHole(try PropertyListBaseline.read(folder))
            }
        },
        setup: { () throws -> URL in
            let folder = try writeFolder()
            let keys = try PropertyListBaseline.read(folder)
            guard keys == 20 * 5_000 else {
                throw FixtureError(description: "the synthetic folder held \(keys) keys through PropertyListSerialization.")
            }
            return folder
        },
        teardown: removeFolder
    )
}

/// What an app does without Parlance: list the `.lproj` tables and hand each file to
/// `PropertyListSerialization`, which reads `.strings` and `.stringsdict` alike.
enum PropertyListBaseline {
    /// Reads every table below `folder` and returns how many keys they held.
    static func read(_ folder: URL) throws -> Int {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { throw FixtureError(description: "\(folder.path) could not be listed.") }
        var keys = 0
        for case let file as URL in files where ["strings", "stringsdict"].contains(file.pathExtension) {
            let data = try Data(contentsOf: file)
            let table = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            keys += (table as? [AnyHashable: Any])?.count ?? 0
        }
        return keys
    }
}
