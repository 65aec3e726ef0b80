import Benchmark
import Foundation
import ParlanceTooling

/// `parlance check` over 50 MB of real catalogs: the corpus, copied until it weighs 50 MB,
/// against reading the same files' bytes and nothing more. Registered only when
/// `PARLANCE_CORPUS` names the corpus (Scripts/bench.sh sets it when ../shared/corpus exists).
func checkBenchmarks() {
    guard let corpus = ProcessInfo.processInfo.environment["PARLANCE_CORPUS"] else { return }
    let configuration = Benchmark.Configuration(
        metrics: ParlanceMetrics.all,
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: .seconds(20),
        maxIterations: 8
    )

    Benchmark(
        "Check: CatalogChecker over 50 MB of the corpus",
        configuration: configuration,
        closure: { (benchmark: Benchmark, folder: CheckFixture) in
            for _ in benchmark.scaledIterations {
                blackHole(CatalogChecker().check(paths: [folder.url.path]))
            }
        },
        setup: { () throws -> CheckFixture in try CheckFixture.make(from: corpus) }
    )

    Benchmark(
        "Check: reading the same files (baseline)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, folder: CheckFixture) throws in
            for _ in benchmark.scaledIterations {
                for file in folder.files { blackHole(try Data(contentsOf: file)) }
            }
        },
        setup: { () throws -> CheckFixture in try CheckFixture.make(from: corpus) }
    )
}

/// The corpus copied into a temporary folder until it holds at least 50 MB.
struct CheckFixture: Sendable {
    static let targetBytes = 50_000_000

    var url: URL
    var files: [URL]

    static func make(from corpus: String) throws -> CheckFixture {
        let source = URL(fileURLWithPath: corpus)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-check-bench")
        try? FileManager.default.removeItem(at: folder)
        var originals: [URL] = []
        for area in ["xcstrings", "strings", "stringsdict"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: source.appendingPathComponent(area).path)
            originals += names.sorted().map { source.appendingPathComponent(area).appendingPathComponent($0) }
        }
        var total = 0
        var files: [URL] = []
        var copy = 0
        while total < targetBytes {
            let destination = folder.appendingPathComponent("copy\(copy)")
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
            for original in originals {
                let target = destination.appendingPathComponent(original.lastPathComponent)
                try FileManager.default.copyItem(at: original, to: target)
                files.append(target)
                total += (try? FileManager.default.attributesOfItem(atPath: target.path)[.size] as? Int) ?? 0
            }
            copy += 1
        }
        return CheckFixture(url: folder, files: files)
    }
}
