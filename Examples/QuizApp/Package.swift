// swift-tools-version: 6.1
import PackageDescription

// An example app built on Parlance: a French-first quiz (seed 001) in French, English and
// Italian, with a component library that only declares keys (seed 002), a remembered
// language choice switched at runtime (seeds 000, 003, 004), per-language question pools
// (seed 001), plurals and prices in the chosen language (seed 003).
let package = Package(
    name: "QuizApp",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "Parlance", path: "../.."),
        // Only for quiz-live, which applies a signed release while the app runs.
        .package(name: "ParlanceRemote", path: "../../Integrations/ParlanceRemote"),
    ],
    targets: [
        // A component library: asks for keys through LocalizationProvider, ships no translations.
        .target(
            name: "QuizUI",
            dependencies: [.product(name: "Parlance", package: "Parlance")],
            resources: [.copy("QuizUI.keys.json")]
        ),
        // The app's logic and its catalogs.
        .target(
            name: "QuizKit",
            dependencies: ["QuizUI", .product(name: "Parlance", package: "Parlance")],
            resources: [.copy("Resources")],
            plugins: [
                .plugin(name: "ParlanceGenerate", package: "Parlance"),
                // The catalogs compiled into QuizKit.pcatpack, which the localizer reads in place.
                .plugin(name: "ParlanceCompile", package: "Parlance"),
            ]
        ),
        .executableTarget(name: "quiz", dependencies: ["QuizKit"]),
        // Publishes a release fixing the French title and applies it live, then rolls back.
        .executableTarget(
            name: "quiz-live",
            dependencies: [
                "QuizKit",
                .product(name: "ParlanceRemote", package: "ParlanceRemote"),
                .product(name: "ParlanceReleaseTooling", package: "ParlanceRemote"),
            ]
        ),
        .testTarget(
            name: "QuizKitTests",
            dependencies: [
                "QuizKit", "QuizUI",
                .product(name: "ParlanceRemote", package: "ParlanceRemote"),
                .product(name: "ParlanceReleaseTooling", package: "ParlanceRemote"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
