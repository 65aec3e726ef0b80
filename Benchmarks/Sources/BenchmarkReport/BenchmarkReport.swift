import Benchmark
import Foundation

/// Reads the results the `benchmark` plugin stored with `baseline update` and prints, for
/// every ``Target``, the median time per call beside its baseline's and whether the target holds.
///
///     parlance-bench-report [--markdown] .benchmarkBaselines/ParlanceBenchmarks/latest/results.json
///
/// Exits with status 1 when a target is missed, 2 when the results cannot be read.
@main
enum BenchmarkReport {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let markdown = arguments.contains("--markdown")
        arguments.removeAll { $0 == "--markdown" }
        guard arguments.count == 1, let path = arguments.first else {
            FileHandle.standardError.write(Data("usage: parlance-bench-report [--markdown] <results.json>\n".utf8))
            exit(2)
        }
        let measurements: [String: Measurement]
        do {
            measurements = try Measurement.load(from: URL(fileURLWithPath: path))
        } catch {
            FileHandle.standardError.write(Data("error: \(path) could not be read: \(error).\n".utf8))
            exit(2)
        }
        let rows = Target.all.map { Report.Row(target: $0, measurements: measurements) }
        print(markdown ? Report.markdown(rows) : Report.text(rows))
        exit(rows.contains { $0.verdict == .fail } ? 1 : 0)
    }
}

/// What one benchmark measured, per call of the code under test.
struct Measurement {
    /// Median wall-clock time of one call.
    var nanoseconds: Double
    /// Median heap allocations of one call; `nil` when not measured.
    var mallocs: Double?

    /// The measurements of every benchmark in a results file, by benchmark name.
    static func load(from url: URL) throws -> [String: Measurement] {
        let stored = try JSONDecoder().decode(StoredBaseline.self, from: Data(contentsOf: url))
        var measurements: [String: Measurement] = [:]
        for (identifier, results) in stored.results {
            guard let wallClock = results.first(where: { $0.metric == .wallClock }) else { continue }
            let mallocs = results.first { $0.metric == .mallocCountTotal }
            measurements[identifier.name] = Measurement(
                nanoseconds: perCall(wallClock), mallocs: mallocs.map(perCall))
        }
        return measurements
    }

    /// A measured iteration runs `scalingFactor` calls; the median of the iterations, per call.
    private static func perCall(_ result: BenchmarkResult) -> Double {
        Double(result.statistics.histogram.valueAtPercentile(50)) / Double(result.scalingFactor.rawValue)
    }
}

/// The parts of the plugin's stored baseline this report reads.
private struct StoredBaseline: Decodable {
    struct Identifier: Codable, Hashable {
        var target: String
        var name: String
    }

    var results: [Identifier: [BenchmarkResult]]
}
