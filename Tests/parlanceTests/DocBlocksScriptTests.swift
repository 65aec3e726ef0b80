import Foundation
import ParlanceTestSupport
import Testing

/// `Scripts/doc-blocks.py` decides which documentation blocks CI compiles: a marker it
/// misreads would silently drop a block from the check, so its refusals are tested here on
/// documents written for the purpose (`--check` reads them and writes nothing).
@Suite("Documentation blocks: the extraction script")
struct DocBlocksScriptTests {
    /// Runs the script with `--check` over a folder holding `README.md` with `text`.
    static func check(_ text: String, manifests: Bool = false) throws -> CommandResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doc-blocks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(text.utf8).write(to: folder.appendingPathComponent("README.md"))
        let script = Parlance.packageRoot.appendingPathComponent("Scripts/doc-blocks.py").path
        return try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, "--check", folder.path] + (manifests ? ["--manifests"] : []), in: folder)
    }

    @Test("Plain, prelude and illustration blocks are counted; other languages are not")
    func counts() throws {
        let run = try Self.check("""
            # Title

            ```swift
            let a = 1
            ```

            <!-- doc-block: prelude=localizer -->
            ```swift
            let b = localizer.string("quiz.title")
            ```

            <!-- doc-block: illustration (SwiftUI: Apple platforms only) -->
            ```swift
            import SwiftUI
            ```

            ```sh
            swift test
            ```

            """)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "doc-blocks: 2 Swift blocks to compile; 1 marked as illustrations.\n")
    }

    @Test("Each package's blocks get a generated package of their own, depending on it by path and on what they import")
    func manifests() throws {
        let run = try Self.check("""
            ```swift
            import Parlance
            let a = Localizer.shared.string("quiz.title")
            ```

            ```swift
            import ParlanceVapor
            import Vapor
            let app: Application? = nil
            ```

            ```swift
            let typed = L10n.Quiz.title
            ```

            """, manifests: true)
        #expect(run.status == 0, "\(run.standardError)")
        let sections = run.standardOutput.components(separatedBy: "--- ")
        let root = try #require(sections.first { $0.hasPrefix("DocBlocks/Package.swift") })
        #expect(root.contains(#".package(name: "Parlance", path: ".."),"#))
        #expect(root.contains(#"name: "DocBlock_README_1", dependencies: [.product(name: "Parlance", package: "Parlance")]"#))
        #expect(root.contains(#"plugins: [.plugin(name: "ParlanceGenerate", package: "Parlance")]"#), "L10n comes from the generator")
        #expect(!root.contains("vapor"))
        let vapor = try #require(sections.first { $0.hasPrefix("Integrations/ParlanceVapor/DocBlocks/Package.swift") })
        #expect(vapor.contains(#".package(name: "Parlance", path: "../../..")"#))
        #expect(vapor.contains(#".package(name: "ParlanceVapor", path: "..")"#))
        // The version the integration's own manifest asks for, read from it.
        let integration = try String(contentsOf: Parlance.packageRoot.appendingPathComponent("Integrations/ParlanceVapor/Package.swift"), encoding: .utf8)
        let requirement = try #require(integration.split(separator: "\n").first { $0.contains("github.com/vapor/vapor") })
        #expect(vapor.contains(requirement.trimmingCharacters(in: .whitespaces)))
        #expect(vapor.contains(#".product(name: "Vapor", package: "vapor")"#))
        #expect(run.standardOutput.hasSuffix("doc-blocks: 3 Swift blocks to compile; 0 marked as illustrations.\n"))
    }

    @Test("A marker with no reason, an unknown prelude and an unknown marker are each refused at their line")
    func badMarkers() throws {
        let run = try Self.check("""
            <!-- doc-block: illustration -->
            ```swift
            let a = 1
            ```
            <!-- doc-block: prelude=nowhere -->
            ```swift
            let b = 2
            ```
            <!-- doc-block: compile please -->
            ```swift
            let c = 3
            ```

            """)
        #expect(run.status == 1)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(run.standardError)")
        #expect(lines.first?.hasPrefix("README.md:1:1: error: an illustration marker needs its reason") == true)
        #expect(lines.dropFirst().first == "README.md:5:1: error: no prelude Scripts/doc-blocks/nowhere.swift")
        #expect(lines.last?.hasPrefix("README.md:9:1: error: unknown doc-block marker 'compile please'") == true)
    }

    @Test("A block that never closes is an error naming where it opens")
    func unclosedFence() throws {
        let run = try Self.check("# Title\n\n```swift\nlet a = 1\n")
        #expect(run.status == 1)
        #expect(run.standardError == "README.md:3:1: error: the ```swift block never closes\n")
    }

    @Test("A block importing two integration packages is refused: it could compile in neither")
    func twoIntegrations() throws {
        let run = try Self.check("```swift\nimport ParlanceVapor\nimport ParlanceHummingbird\n```\n")
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("README.md:1:1: error: a block imports modules of several integration packages"))
    }
}
