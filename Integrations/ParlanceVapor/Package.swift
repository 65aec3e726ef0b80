// swift-tools-version: 6.1
import PackageDescription

// Each Vapor 4 request in its user's language. A package of its own, so an app that uses only
// the runtime (or another framework) never resolves or builds Vapor.
let package = Package(
    name: "ParlanceVapor",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .visionOS(.v2)],
    products: [
        .library(name: "ParlanceVapor", targets: ["ParlanceVapor"]),
    ],
    dependencies: [
        .package(name: "Parlance", path: "../.."),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
    ],
    targets: [
        .target(
            name: "ParlanceVapor",
            dependencies: [
                .product(name: "Parlance", package: "Parlance"),
                .product(name: "ParlanceServer", package: "Parlance"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        .testTarget(
            name: "ParlanceVaporTests",
            dependencies: [
                "ParlanceVapor",
                .product(name: "ParlanceSync", package: "Parlance"),
                .product(name: "VaporTesting", package: "vapor"),
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
