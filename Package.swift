// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Parlance",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Parlance", targets: ["Parlance"]),
        // The runtime without Foundation's ICU-backed layer: lookups, snapshots, plural rules,
        // printf and {name} messages on FoundationEssentials alone on Linux, for a tool or
        // server that only shows strings. `Parlance` re-exports it.
        .library(name: "ParlanceCore", targets: ["ParlanceCore"]),
        .library(name: "ParlanceCatalogs", targets: ["ParlanceCatalogs"]),
        .library(name: "ParlanceSync", targets: ["ParlanceSync"]),
        .library(name: "ParlanceServer", targets: ["ParlanceServer"]),
        .library(name: "ParlanceTooling", targets: ["ParlanceTooling"]),
        // Unicode MessageFormat 2: parser, data model, formatter and the default functions.
        .library(name: "ParlanceMessageFormat", targets: ["ParlanceMessageFormat"]),
        // Apple's String(localized:), String.LocalizationValue and LocalizedStringResource
        // where Foundation lacks them (Linux); nothing of its own on Apple platforms.
        .library(name: "ParlanceFoundation", targets: ["ParlanceFoundation"]),
        // What Parlance's own tests and the integrations' tests share (not for apps): the
        // soak condition, the child-process runner, the PostgREST stand-in, server fixtures.
        .library(name: "ParlanceTestSupport", targets: ["ParlanceTestSupport"]),
        .executable(name: "parlance", targets: ["parlance"]),
        .plugin(name: "ParlanceGenerate", targets: ["ParlanceGenerate"]),
        .plugin(name: "ParlanceCompile", targets: ["ParlanceCompile"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Extraction reads Swift sources the way the compiler does.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
    ],
    targets: [
        // The catalog model and its readers, tags and plural rules: what reading and checking
        // catalogs needs; no runtime, and no ICU: FoundationEssentials alone on Linux.
        .target(name: "ParlanceCatalogs"),
        // The writers only tools use (String Catalogs in Xcode's order, .strings, .stringsdict).
        .target(name: "ParlanceCatalogWriters", dependencies: ["ParlanceCatalogs"]),
        // The runtime's core: catalogs compiled and not, the localizer, snapshots, switching,
        // plural rules and printf/{name} messages. No ICU: FoundationEssentials, Synchronization,
        // Observation and Dispatch alone on Linux.
        .target(name: "ParlanceCore", dependencies: ["ParlanceCatalogs"]),
        // The runtime as apps import it: the core re-exported, with what needs Foundation (and
        // ICU on Linux) above it: number, date and currency formatting, NotificationCenter,
        // UserDefaults, language names, and ParlanceMessageFormat rendering the ICU messages of
        // JSON message catalogs. Installed into the core when linked (FoundationLayer).
        .target(name: "Parlance", dependencies: ["ParlanceCore", "ParlanceCatalogs", "ParlanceMessageFormat"]),
        // Profile sync: the store abstraction, the Supabase (PostgREST) store over URLSession,
        // and the sync with its durable outbox. The toolchain alone, like the runtime.
        .target(name: "ParlanceSync", dependencies: ["Parlance", "ParlanceCore"]),
        // Each request's language on a server, for any framework: the toolchain alone. The
        // Hummingbird and Vapor middleware are packages of their own in Integrations/.
        .target(name: "ParlanceServer", dependencies: ["Parlance", "ParlanceCore", "ParlanceSync"]),
        // Unicode MessageFormat 2 on the catalogs' plural rules and Foundation's number and date
        // formatting: the toolchain alone.
        .target(name: "ParlanceMessageFormat", dependencies: ["ParlanceCatalogs"]),
        // Apple's localization API on Linux, served by the runtime: an app opts in by importing it.
        .target(name: "ParlanceFoundation", dependencies: ["Parlance", "ParlanceCore"]),
        // What only tools need: dumps, conversions, reports, code generation, extraction.
        .target(
            name: "ParlanceTooling",
            dependencies: [
                "Parlance",
                "ParlanceCore",
                "ParlanceCatalogs",
                "ParlanceCatalogWriters",
                "ParlanceMessageFormat",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // The command line: thin commands over ParlanceTooling.
        .executableTarget(
            name: "parlance",
            dependencies: [
                "Parlance",
                "ParlanceTooling",
                "ParlanceMessageFormat",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Generates typed accessors for a target's catalogs at build time.
        .plugin(
            name: "ParlanceGenerate",
            capability: .buildTool(),
            dependencies: ["parlance"]
        ),
        // Compiles a target's catalogs into one pack in its resource bundle at build time.
        .plugin(
            name: "ParlanceCompile",
            capability: .buildTool(),
            dependencies: ["parlance"]
        ),
        // What the test targets here and in the example and integration packages share.
        .target(
            name: "ParlanceTestSupport",
            dependencies: ["ParlanceCatalogs"],
            path: "Tests/ParlanceTestSupport",
            resources: [.copy("Resources")]
        ),
        // Writes preference files in a loop for the crash-safety test, which kills it.
        .executableTarget(
            name: "PreferenceWriter",
            dependencies: ["Parlance"],
            path: "Tests/PreferenceWriter"
        ),
        // Long reload, replacement and many-tag runs in a process of their own, so the
        // reclamation tests measure resident memory without the rest of the suite in it.
        .executableTarget(
            name: "ParlanceSoak",
            dependencies: ["Parlance"],
            path: "Tests/ParlanceSoak"
        ),
        // Shows a compiled string with the core alone and fails if Foundation or ICU is mapped
        // into it: a process of its own, since the test binary links the Foundation layer.
        .executableTarget(
            name: "CoreOnlyProbe",
            dependencies: ["ParlanceCore"],
            path: "Tests/CoreOnlyProbe"
        ),
        .testTarget(
            name: "ParlanceTests",
            dependencies: ["ParlanceTestSupport", "Parlance", "ParlanceCore", "ParlanceCatalogs", "ParlanceCatalogWriters", "PreferenceWriter", "ParlanceSoak", "CoreOnlyProbe"],
            resources: [.copy("Fixtures")]
        ),
        // The catalog model and readers: one test file per format and the registry's, the
        // readers', plural rules' and language tags' tests, fixtures beside them.
        .testTarget(
            name: "ParlanceCatalogsTests",
            // The writers too: the String Catalog fixture and corpus tests round-trip through them.
            dependencies: ["ParlanceCatalogs", "ParlanceCatalogWriters", "ParlanceTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        // The writers' round trips, over the readers' fixtures.
        .testTarget(
            name: "ParlanceCatalogWritersTests",
            dependencies: ["ParlanceCatalogs", "ParlanceCatalogWriters", "ParlanceTestSupport"]
        ),
        // MF2: the parser and formatter, and the working group's suite read through
        // PARLANCE_MF2_TESTS.
        .testTarget(
            name: "ParlanceMessageFormatTests",
            dependencies: ["ParlanceMessageFormat", "ParlanceTooling", "ParlanceTestSupport"]
        ),
        .testTarget(
            name: "ParlanceFoundationTests",
            dependencies: ["ParlanceFoundation"],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "ParlanceSyncTests",
            dependencies: ["ParlanceTestSupport", "ParlanceSync", "SyncOutboxWriter"]
        ),
        // Signs in, changes the language with the profile server unreachable, and waits to
        // be killed: the outbox test then checks that the next start sends the change.
        .executableTarget(
            name: "SyncOutboxWriter",
            dependencies: ["ParlanceSync"],
            path: "Tests/SyncOutboxWriter"
        ),
        .testTarget(
            name: "ParlanceServerTests",
            dependencies: ["ParlanceTestSupport", "ParlanceServer"]
        ),
        .testTarget(
            name: "ParlanceToolingTests",
            dependencies: ["ParlanceTestSupport", "ParlanceTooling"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "parlanceTests",
            dependencies: ["ParlanceTestSupport", "parlance", "Parlance", "ParlanceTooling"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .plugin {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}

// The documentation plugin only when building the docs (`PARLANCE_DOCS=1`, see .ci/run), so
// an app that depends on Parlance never resolves it.
if Context.environment["PARLANCE_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
