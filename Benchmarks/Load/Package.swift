// swift-tools-version: 6.1
import PackageDescription

// Load benchmarks for the server integrations: one small server per framework, run by
// Scripts/load.sh under wrk on loopback. A package of its own, so the benchmark suite
// (Benchmarks/) never builds Hummingbird or Vapor.
let package = Package(
    name: "ParlanceLoad",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Parlance", path: "../.."),
        .package(name: "ParlanceHummingbird", path: "../../Integrations/ParlanceHummingbird"),
        .package(name: "ParlanceVapor", path: "../../Integrations/ParlanceVapor"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
    ],
    targets: [
        // The catalog both servers render from, and the two handlers' bodies.
        .target(
            name: "LoadFixture",
            dependencies: [
                .product(name: "Parlance", package: "Parlance"),
                .product(name: "ParlanceServer", package: "Parlance"),
            ]
        ),
        .executableTarget(
            name: "load-hummingbird",
            dependencies: [
                "LoadFixture",
                .product(name: "ParlanceHummingbird", package: "ParlanceHummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(
            name: "load-vapor",
            dependencies: [
                "LoadFixture",
                .product(name: "ParlanceVapor", package: "ParlanceVapor"),
                .product(name: "Vapor", package: "vapor"),
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
