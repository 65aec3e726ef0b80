// swift-tools-version: 6.1
import PackageDescription

// An example Hummingbird 2 server that serves the seed apps' catalogs (../Seeds) in each
// request's language: the language comes from a path prefix, a cookie, or Accept-Language.
let package = Package(
    name: "SeedServer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Parlance", path: "../.."),
        .package(name: "ParlanceHummingbird", path: "../../Integrations/ParlanceHummingbird"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .target(
            name: "SeedServerKit",
            dependencies: [
                .product(name: "Parlance", package: "Parlance"),
                .product(name: "ParlanceServer", package: "Parlance"),
                .product(name: "ParlanceHummingbird", package: "ParlanceHummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(name: "seed-server", dependencies: ["SeedServerKit", .product(name: "Hummingbird", package: "hummingbird")]),
        .testTarget(
            name: "SeedServerKitTests",
            dependencies: [
                "SeedServerKit",
                .product(name: "Parlance", package: "Parlance"),
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
