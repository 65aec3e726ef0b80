import Foundation
import Testing

/// Reading catalogs needs no ICU: on Linux the module imports FoundationEssentials alone (the
/// `Foundation` import is only the fallback where FoundationEssentials is not a module of its
/// own, as on Apple platforms). This test reads the module's sources, so a file that imports
/// Foundation, and with it ICU's data, fails it by name.
@Suite("ParlanceCatalogs imports FoundationEssentials alone where it can")
struct FoundationEssentialsTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ParlanceCatalogs")

    @Test("Every import of Foundation is the fallback of a canImport(FoundationEssentials) branch")
    func onlyEssentials() throws {
        let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 40, "the module's sources were not found at \(Self.sources.path)")
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            for (index, line) in lines.enumerated() where line == "import Foundation" || line.hasPrefix("import Foundation ") {
                let before = lines[..<index].reversed().first { $0.hasPrefix("#") }
                let opening = lines[..<index].reversed().first { $0.hasPrefix("#if") }
                #expect(before == "#else" && opening == "#if canImport(FoundationEssentials)",
                        "\(file):\(index + 1) imports Foundation outside the FoundationEssentials fallback")
            }
            for (index, line) in lines.enumerated() where line.hasPrefix("import ") {
                let module = line.dropFirst("import ".count).split(separator: " ").first.map(String.init) ?? ""
                #expect(["Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Musl", "Darwin"].contains(module),
                        "\(file):\(index + 1) imports \(module)")
            }
        }
    }
}
