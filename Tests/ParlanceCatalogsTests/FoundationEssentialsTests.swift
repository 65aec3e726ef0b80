import Foundation
import Testing

/// Reading catalogs and showing strings need no ICU: on Linux ParlanceCatalogs and ParlanceCore
/// import FoundationEssentials alone (the `Foundation` import is only the fallback where
/// FoundationEssentials is not a module of its own, as on Apple platforms). This test reads the
/// modules' sources, so a file that imports Foundation, and with it ICU's data, fails it by name;
/// so does one that imports the Dispatch overlay where libdispatch's C module would do.
/// (`CoreOnlyTests` checks the same of a running process: no Foundation library mapped.)
@Suite("ParlanceCatalogs and ParlanceCore import FoundationEssentials alone where they can")
struct FoundationEssentialsTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each module, the modules it may import besides Foundation's, and how many sources it has at least.
    static let modules: [(name: String, imports: Set<String>, minimumFiles: Int)] = [
        ("ParlanceCatalogs", [], 40),
        // No Observation: `Parlance` gives each localizer its registrar (LocalizerObservation).
        ("ParlanceCore", ["Synchronization", "ParlanceCatalogs"], 60),
    ]

    @Test("Every import of Foundation is the fallback of a canImport(FoundationEssentials) branch",
          arguments: modules.map(\.name))
    func onlyEssentials(module: String) throws {
        let (_, extraImports, minimumFiles) = try #require(Self.modules.first { $0.name == module })
        let sources = Self.root.appendingPathComponent("Sources/\(module)")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count >= minimumFiles, "the module's sources were not found at \(sources.path)")
        let allowed: Set<String> = ["Foundation", "FoundationEssentials", "CDispatch", "Dispatch", "Glibc", "Musl", "Darwin"]
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            for (index, line) in lines.enumerated() where line == "import Foundation" || line.hasPrefix("import Foundation ") {
                let before = lines[..<index].reversed().first { $0.hasPrefix("#") }
                let opening = lines[..<index].reversed().first { $0.hasPrefix("#if") }
                #expect(before == "#else" && opening == "#if canImport(FoundationEssentials)",
                        "\(module)/\(file):\(index + 1) imports Foundation outside the FoundationEssentials fallback")
            }
            // The Dispatch overlay (libswiftDispatch) only where libdispatch's C module is missing,
            // as on Apple platforms: on Linux loading it cost the launch (BackgroundWork).
            for (index, line) in lines.enumerated() where line == "import Dispatch" {
                let before = lines[..<index].reversed().first { $0.hasPrefix("#") }
                let opening = lines[..<index].reversed().first { $0.hasPrefix("#if") }
                #expect(before == "#else" && opening == "#if canImport(CDispatch)",
                        "\(module)/\(file):\(index + 1) imports the Dispatch overlay outside the CDispatch fallback")
            }
            for (index, line) in lines.enumerated() where line.hasPrefix("import ") || line.hasPrefix("@_exported import ") {
                let words = line.split(separator: " ")
                let name = words.firstIndex(of: "import").map { words.index(after: $0) }.flatMap { words.indices.contains($0) ? String(words[$0]) : nil } ?? ""
                #expect(allowed.union(extraImports).contains(name), "\(module)/\(file):\(index + 1) imports \(name)")
            }
        }
    }
}
