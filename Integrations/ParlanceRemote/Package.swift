// swift-tools-version: 6.1
import PackageDescription

// Live catalog updates: signed releases published to any static host and applied while the
// app runs. A package of its own because Ed25519 comes from swift-crypto on Linux, so an app
// that uses only the runtime never resolves or builds it.
let package = Package(
    name: "ParlanceRemote",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        // What an app links: fetches, verifies, checks, caches and applies releases.
        .library(name: "ParlanceRemote", targets: ["ParlanceRemote"]),
        // What a build or CI links: key pairs and publishing.
        .library(name: "ParlanceReleaseTooling", targets: ["ParlanceReleaseTooling"]),
        // `parlance-release keygen | publish | verify`.
        .executable(name: "parlance-release", targets: ["parlance-release"]),
    ],
    dependencies: [
        .package(name: "Parlance", path: "../.."),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "ParlanceRemote",
            dependencies: [
                .product(name: "Parlance", package: "Parlance"),
                // CryptoKit on Apple platforms; swift-crypto (BoringSSL) elsewhere.
                .product(name: "Crypto", package: "swift-crypto", condition: .when(platforms: [.linux, .android, .windows, .wasi])),
            ]
        ),
        .target(
            name: "ParlanceReleaseTooling",
            dependencies: [
                "ParlanceRemote",
                .product(name: "Parlance", package: "Parlance"),
                .product(name: "Crypto", package: "swift-crypto", condition: .when(platforms: [.linux, .android, .windows, .wasi])),
            ]
        ),
        .executableTarget(
            name: "parlance-release",
            dependencies: [
                "ParlanceReleaseTooling",
                "ParlanceRemote",
                .product(name: "Parlance", package: "Parlance"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Publishes and applies releases until the crash-safety test kills it.
        .executableTarget(
            name: "ReleaseApplier",
            dependencies: ["ParlanceRemote", "ParlanceReleaseTooling", .product(name: "Parlance", package: "Parlance")],
            path: "Tests/ReleaseApplier"
        ),
        .testTarget(
            name: "ParlanceRemoteTests",
            dependencies: [
                "ParlanceRemote", "ParlanceReleaseTooling", "ReleaseApplier", "parlance-release",
                .product(name: "ParlanceTestSupport", package: "Parlance"),
            ],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}

// The documentation plugin only when building the docs (PARLANCE_DOCS=1, see .ci/run).
if Context.environment["PARLANCE_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
