// swift-tools-version: 6.1
import PackageDescription

// The benchmark suite, a package of its own so the library's users never resolve
// ordo-one/benchmark and its dependencies. Run it with Scripts/bench.sh.
let package = Package(
    name: "ParlanceBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Parlance", path: ".."),
        // Only the malloc interposer: the ARC runtime interposer trait pulls in a package
        // this suite does not need, and ARC counts are not among the metrics measured here.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ParlanceBenchmarks",
            dependencies: [
                .product(name: "Parlance", package: "Parlance"),
                .product(name: "ParlanceTooling", package: "Parlance"),
                .product(name: "ParlanceSync", package: "Parlance"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ParlanceBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Reads the stored results and prints each benchmark beside its baseline and target.
        .executableTarget(
            name: "parlance-bench-report",
            dependencies: [.product(name: "Benchmark", package: "benchmark")],
            path: "Sources/BenchmarkReport"
        ),
    ],
    swiftLanguageModes: [.v6]
)
