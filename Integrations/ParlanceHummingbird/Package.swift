// swift-tools-version: 6.1
import PackageDescription

// Each Hummingbird 2 request in its user's language. A package of its own, so an app that uses
// only the runtime (or another framework) never resolves or builds Hummingbird.
let package = Package(
    name: "ParlanceHummingbird",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .visionOS(.v2)],
    products: [
        .library(name: "ParlanceHummingbird", targets: ["ParlanceHummingbird"]),
    ],
    dependencies: [
        .package(name: "Parlance", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .target(
            name: "ParlanceHummingbird",
            dependencies: [
                .product(name: "Parlance", package: "Parlance"),
                .product(name: "ParlanceServer", package: "Parlance"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "ParlanceHummingbirdTests",
            dependencies: [
                "ParlanceHummingbird",
                .product(name: "ParlanceSync", package: "Parlance"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ParlanceTestSupport", package: "Parlance"),
            ]
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
