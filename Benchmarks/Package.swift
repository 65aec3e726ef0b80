// swift-tools-version: 6.1
import PackageDescription

// The benchmark suite, a package of its own so the library's users never resolve
// ordo-one/benchmark and its dependencies. Run it with Scripts/bench.sh.
let package = Package(
    name: "ParlanceBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Parlance", path: ".."),
        // Live updates' figures: the updater and the publisher, on swift-crypto.
        .package(name: "ParlanceRemote", path: "../Integrations/ParlanceRemote"),
        // Only the malloc interposer: the ARC runtime interposer trait pulls in a package
        // this suite does not need, and ARC counts are not among the metrics measured here.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ParlanceBenchmarks",
            dependencies: [
                "BenchmarkFixtures",
                "CGettext",
                .product(name: "Parlance", package: "Parlance"),
                .product(name: "ParlanceTooling", package: "Parlance"),
                .product(name: "ParlanceSync", package: "Parlance"),
                .product(name: "ParlanceMessageFormat", package: "Parlance"),
                .product(name: "ParlanceRemote", package: "ParlanceRemote"),
                .product(name: "ParlanceReleaseTooling", package: "ParlanceRemote"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ParlanceBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // glibc's gettext, for the lookup baseline (Swift's Glibc module leaves libintl out).
        .target(name: "CGettext", path: "Sources/CGettext"),
        // The synthetic catalogs the benchmarks and the launch fixture are made of.
        .target(
            name: "BenchmarkFixtures",
            dependencies: [.product(name: "Parlance", package: "Parlance")],
            path: "Sources/BenchmarkFixtures"
        ),
        // Launch: whole processes started by parlance-launch (Scripts/launch.sh), each
        // printing one French string, against a Foundation-only process and glibc gettext.
        .executableTarget(
            name: "launch-parlance",
            dependencies: [.product(name: "Parlance", package: "Parlance")],
            path: "Sources/launch-parlance"
        ),
        // ParlanceCore alone (FoundationEssentials, no ICU on Linux), beside its floors: a
        // FoundationEssentials-only process and a bare Swift one.
        .executableTarget(
            name: "launch-parlance-core",
            dependencies: [.product(name: "ParlanceCore", package: "Parlance")],
            path: "Sources/launch-parlance-core"
        ),
        .executableTarget(name: "launch-essentials", path: "Sources/launch-essentials"),
        .executableTarget(name: "launch-toolchain", path: "Sources/launch-toolchain"),
        .executableTarget(name: "launch-bare", path: "Sources/launch-bare"),
        .executableTarget(name: "launch-foundation", path: "Sources/launch-foundation"),
        .executableTarget(name: "launch-gettext", path: "Sources/launch-gettext"),
        .executableTarget(name: "launch-exec", path: "Sources/launch-exec"),
        .executableTarget(
            name: "parlance-launch",
            dependencies: ["BenchmarkFixtures"],
            path: "Sources/LaunchReport"
        ),
        // How each cost grows with the catalog (Scripts/scale.sh): keys × languages.
        .executableTarget(
            name: "parlance-scale",
            dependencies: [
                "BenchmarkFixtures",
                .product(name: "Parlance", package: "Parlance"),
                .product(name: "ParlanceTooling", package: "Parlance"),
            ],
            path: "Sources/ScaleReport"
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
