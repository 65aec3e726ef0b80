import Foundation
import ParlanceTestSupport
import Testing

@Suite("parlance dump and convert")
struct DumpAndConvertCommandTests {
    let equivalence = "Tests/ParlanceToolingTests/Fixtures/equivalence"

    @Test("dump prints one JSON object with sorted keys and exits 0")
    func dump() throws {
        let result = try Parlance.run(["dump", "Examples/QuizApp", "--lang", "it"])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput.hasPrefix("{\n  \"Localizable\": {\n"))
        #expect(result.standardOutput.contains("\"quiz.title\": \"Quiz dei serpenti\""))
        #expect(result.standardOutput.contains("\"settings.title\": \"Impostazioni\""))
    }

    @Test("dump gives the same JSON for .lproj tables and for a String Catalog")
    func dumpEquivalence() throws {
        let lproj = try Parlance.run(["dump", "\(equivalence)/lproj", "--lang", "fr"])
        let catalog = try Parlance.run(["dump", "\(equivalence)/catalog/Localizable.xcstrings", "--lang", "fr"])
        #expect(lproj.status == 0 && catalog.status == 0)
        #expect(lproj.standardOutput == catalog.standardOutput)
    }

    @Test("A malformed file is an error naming file, line and column, with exit status 1")
    func malformed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
        let en = folder.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: en, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("\"Hello\" = \"Hello\"\n\"Bye\" = \"Bye\";\n".utf8).write(to: en.appendingPathComponent("Localizable.strings"))
        let result = try Parlance.run(["dump", folder.path, "--lang", "en"])
        #expect(result.status == 1)
        #expect(result.standardError == "\(en.path)/Localizable.strings:1:18: error: expected ';' after the value \"Hello\".\n")
    }

    @Test("A path that does not exist is a usage error")
    func missingPath() throws {
        let result = try Parlance.run(["dump", "no/such/folder", "--lang", "en"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("cannot read no/such/folder"))
    }

    @Test("convert turns .lproj tables into a String Catalog and back")
    func convertRoundTrip() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let toCatalog = try Parlance.run(["convert", "\(equivalence)/lproj", "--to", "xcstrings", "--output", output.appendingPathComponent("catalogs").path])
        #expect(toCatalog.status == 0)
        let written = try Data(contentsOf: output.appendingPathComponent("catalogs/Localizable.xcstrings"))
        let expected = try Data(contentsOf: Parlance.packageRoot.appendingPathComponent("\(equivalence)/catalog/Localizable.xcstrings"))
        #expect(written == expected)
        let back = try Parlance.run(["convert", output.appendingPathComponent("catalogs").path, "--to", "lproj", "--output", output.appendingPathComponent("lproj").path])
        #expect(back.status == 0)
        #expect(back.standardOutput == "Wrote 4 files to \(output.appendingPathComponent("lproj").path).\n")
        let original = try Parlance.run(["dump", "\(equivalence)/lproj", "--lang", "fr"])
        let roundTripped = try Parlance.run(["dump", output.appendingPathComponent("lproj").path, "--lang", "fr"])
        #expect(original.standardOutput == roundTripped.standardOutput)
    }

    @Test("convert --to xcstrings rewrites a String Catalog byte for byte")
    func rewriteStringCatalog() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString).xcstrings")
        defer { try? FileManager.default.removeItem(at: output) }
        let source = "Examples/QuizApp/Sources/QuizKit/Resources/Localizable.xcstrings"
        let result = try Parlance.run(["convert", source, "--to", "xcstrings", "--output", output.path])
        #expect(result.status == 0)
        #expect(try Data(contentsOf: output) == Data(contentsOf: Parlance.packageRoot.appendingPathComponent(source)))
    }
}
