import Benchmark

/// The suite the `benchmark` plugin runs. Every benchmark of Parlance stands beside a
/// baseline measured in the same run (named "… (baseline)"); `Scripts/bench.sh` compares
/// each pair against its target and prints PASS or FAIL.
let benchmarks: @Sendable () -> Void = {
    loadingBenchmarks()
    pluralBenchmarks()
    messageBenchmarks()
    interpolationBenchmarks()
    messageFormat2Benchmarks()
    languageBenchmarks()
    formattingBenchmarks()
    runtimeBenchmarks()
    gettextBenchmarks()
    compiledBenchmarks()
    syncBenchmarks()
    liveUpdateBenchmarks()
    checkBenchmarks()
    translationBenchmarks()
}

/// What every benchmark records: time, the rate it implies, and heap allocations,
/// which the malloc interposer counts for next to nothing.
enum ParlanceMetrics {
    static let all: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]

    /// For calls that take nanoseconds: each measured iteration makes 1,000 calls.
    static var fastCall: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: all,
            warmupIterations: 100,
            scalingFactor: .kilo,
            maxDuration: .seconds(2),
            maxIterations: 100_000
        )
    }
}
