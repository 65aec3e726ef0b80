// swift-tools-version: 6.1
import Foundation
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
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The documentation's Swift blocks that import this package's modules, each an executable
// target built with warnings as errors: written by ../../Scripts/doc-blocks.py, added only
// with PARLANCE_DOC_BLOCKS=1 (.ci/run), as in the root package's manifest.
if Context.environment["PARLANCE_DOC_BLOCKS"] != nil {
    package.targets += docBlockTargets()
}

/// One target per `DocBlocks/<name>/`: its `dependencies.txt` lists a module per line, as
/// `Name` (a target of this package), `Name@package` (a product) or `plugin:Name[@package]`.
func docBlockTargets() -> [Target] {
    let folder = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent("DocBlocks")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().compactMap { name -> Target? in
        let list = folder.appendingPathComponent(name).appendingPathComponent("dependencies.txt")
        guard let text = try? String(contentsOf: list, encoding: .utf8) else { return nil }
        var dependencies: [Target.Dependency] = []
        var plugins: [Target.PluginUsage] = []
        for line in text.split(separator: "\n").map(String.init) {
            let isPlugin = line.hasPrefix("plugin:")
            let parts = line.dropFirst(isPlugin ? 7 : 0).split(separator: "@").map(String.init)
            switch (isPlugin, parts.count) {
            case (true, 1): plugins.append(.plugin(name: parts[0]))
            case (true, _): plugins.append(.plugin(name: parts[0], package: parts[1]))
            case (false, 1): dependencies.append(.target(name: parts[0]))
            default: dependencies.append(.product(name: parts[0], package: parts[1]))
            }
        }
        return .executableTarget(
            name: name, dependencies: dependencies, path: "DocBlocks/\(name)",
            exclude: ["dependencies.txt"], resources: [.copy("Resources")],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])], plugins: plugins)
    }
}

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
