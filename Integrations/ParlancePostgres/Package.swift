// swift-tools-version: 6.1
import PackageDescription

// The PostgreSQL profile store, for server-side apps that keep profiles in their own
// database. A package of its own so that an app using only the runtime (or ParlanceSync's
// Supabase store) never resolves or builds postgres-nio.
let package = Package(
    name: "ParlancePostgres",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "ParlancePostgres", targets: ["ParlancePostgres"]),
    ],
    dependencies: [
        .package(name: "Parlance", path: "../.."),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .target(
            name: "ParlancePostgres",
            dependencies: [
                .product(name: "ParlanceSync", package: "Parlance"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(name: "ParlancePostgresTests", dependencies: ["ParlancePostgres"]),
    ],
    swiftLanguageModes: [.v6]
)

// The documentation plugin only when building the docs (PARLANCE_DOCS=1, see .ci/run).
if Context.environment["PARLANCE_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
