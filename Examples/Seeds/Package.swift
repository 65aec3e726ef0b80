// swift-tools-version: 6.1
import PackageDescription

// The seed apps (the documents in ../shared/seeds beside this repository) rebuilt on Parlance, one library, one runnable
// executable and one test target per seed. Each library's documentation says which seed it
// reproduces and what Parlance replaces. See README.md for the table.
let parlance: Target.Dependency = .product(name: "Parlance", package: "Parlance")
let parlanceSync: Target.Dependency = .product(name: "ParlanceSync", package: "Parlance")

let package = Package(
    name: "Seeds",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "Parlance", path: "../.."),
    ],
    targets: [
        // Seed 000, Keyz: "hello".localized() and Bundle.setLanguage(_:) over a `lang` preference.
        .target(name: "KeyzKit", dependencies: [parlance], resources: [.copy("Resources")]),
        .executableTarget(name: "keyz", dependencies: ["KeyzKit"]),
        .testTarget(name: "KeyzKitTests", dependencies: ["KeyzKit", parlance]),

        // Seed 001, Snakesss: a French-first String Catalog, an `auto` setting, per-language question pools.
        .target(name: "SnakesssKit", dependencies: [parlance], resources: [.copy("Resources")]),
        .executableTarget(name: "snakesss", dependencies: ["SnakesssKit"]),
        .testTarget(
            name: "SnakesssKitTests",
            dependencies: ["SnakesssKit", "snakesss", parlance, .product(name: "ParlanceTestSupport", package: "Parlance")]),

        // Seed 002, GomaUI: a component library that only names keys, and two white-label apps.
        .target(name: "GomaUI", dependencies: [parlance], resources: [.copy("GomaUI.keys.json")]),
        .target(name: "BetssonCameroonApp", dependencies: ["GomaUI", parlance], resources: [.copy("Resources")]),
        .target(name: "BetssonFranceApp", dependencies: ["GomaUI", parlance], resources: [.copy("Resources")]),
        .executableTarget(name: "gomaui-demo", dependencies: ["GomaUI", "BetssonCameroonApp", "BetssonFranceApp"]),
        .testTarget(
            name: "GomaUITests",
            dependencies: ["GomaUI", "BetssonCameroonApp", "BetssonFranceApp", parlance],
            resources: [.copy("Fixtures")]
        ),

        // Seed 003, C&C apps: it/fr/en with plurals, currency and dates, synced to the user's profile.
        .target(name: "CnCKit", dependencies: [parlance, parlanceSync], resources: [.copy("Resources")]),
        .executableTarget(name: "cnc", dependencies: ["CnCKit", parlance, parlanceSync]),
        .testTarget(
            name: "CnCKitTests",
            dependencies: ["CnCKit", "cnc", parlance, parlanceSync, .product(name: "ParlanceTestSupport", package: "Parlance")]),

        // Seed 004, AIPhotoApp: English ↔ Vietnamese at runtime, no restart, no AppleLanguages.
        .target(name: "AIPhotoKit", dependencies: [parlance], resources: [.copy("Resources")]),
        .executableTarget(name: "aiphoto", dependencies: ["AIPhotoKit"]),
        .testTarget(name: "AIPhotoKitTests", dependencies: ["AIPhotoKit", parlance]),
    ],
    swiftLanguageModes: [.v6]
)
