import Foundation
import ParlanceTestSupport
import Testing

/// docs/ARCHITECTURE.md draws every target of the root package and of each integration
/// package; a target added to a manifest and not to the page fails here.
@Suite("The architecture page names every target")
struct TargetMapTests {
    static let manifests = ["Package.swift"] + Self.integrationManifests()

    static func integrationManifests() -> [String] {
        let folder = Parlance.packageRoot.appendingPathComponent("Integrations")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { "Integrations/\($0)/Package.swift" }
            .filter { FileManager.default.fileExists(atPath: Parlance.packageRoot.appendingPathComponent($0).path) }
    }

    /// The names a manifest declares targets under: `.target(name:`, `.testTarget(`,
    /// `.executableTarget(` and `.plugin(` followed by `name: "…"`.
    static func targets(in manifest: String) -> [String] {
        let pattern = /\.(?:target|testTarget|executableTarget|plugin)\(\s*name:\s*"([^"]+)"/
        return manifest.matches(of: pattern).map { String($0.output.1) }
    }

    /// The page's words: runs of letters, digits, `_` and `-` (target names such as
    /// `parlance-release` are one word; `ParlanceTests` is not found inside `ParlanceTestsX`).
    static func words(of text: String) -> Set<String> {
        var words: Set<String> = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber || character == "_" || character == "-" {
                current.append(character)
            } else if !current.isEmpty {
                words.insert(current)
                current = ""
            }
        }
        if !current.isEmpty { words.insert(current) }
        return words
    }

    @Test("The manifests are read: the root declares the runtime and its tests")
    func manifestsAreRead() throws {
        let root = try String(contentsOf: Parlance.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let names = Self.targets(in: root)
        #expect(names.contains("Parlance"))
        #expect(names.contains("ParlanceTests"))
        #expect(names.contains("ParlanceGenerate"))
        #expect(Self.manifests.count >= 5, "the root and four integrations: \(Self.manifests)")
    }

    @Test("Every target of every manifest appears on docs/ARCHITECTURE.md", arguments: manifests)
    func everyTargetIsDrawn(manifest: String) throws {
        let page = try String(contentsOf: Parlance.packageRoot.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let text = try String(contentsOf: Parlance.packageRoot.appendingPathComponent(manifest), encoding: .utf8)
        let names = Self.targets(in: text)
        #expect(!names.isEmpty, "no target read from \(manifest)")
        let words = Self.words(of: page)
        for name in names {
            #expect(words.contains(name), "\(manifest) declares \(name), which docs/ARCHITECTURE.md does not name")
        }
    }
}
