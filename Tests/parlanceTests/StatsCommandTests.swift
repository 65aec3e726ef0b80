import Foundation
import ParlanceTestSupport
import Testing

@Suite("parlance stats")
struct StatsCommandTests {
    @Test("stats prints a coverage table per table and language")
    func table() throws {
        let result = try Parlance.run(["stats", "Tests/ParlanceToolingTests/Fixtures/check/!missing-translation-lproj"])
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            Table     Language  Translated  Needs review  Inherited  Missing  Coverage
            Settings  en                 2             0          0        1     66.6%
            Settings  fr                 2             0          0        1     66.6%

            """)
        #expect(result.standardError == "")
    }

    @Test("stats --format json prints the same numbers as JSON")
    func json() throws {
        let result = try Parlance.run(["stats", "Tests/ParlanceToolingTests/Fixtures/check/!missing-translation-lproj", "--format", "json"])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let rows = try #require(document["rows"] as? [[String: Any]])
        #expect(rows.map { $0["language"] as? String } == ["en", "fr"])
        #expect(rows.map { $0["missing"] as? Int } == [1, 1])
        #expect(rows.map { $0["coverage"] as? Double } == [66.6, 66.6])
    }

    @Test("stats --html writes a self-contained page")
    func html() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("stats-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try Parlance.run(["stats", "Examples/QuizApp", "--html", output.path])
        #expect(result.status == 0)
        #expect(result.standardError == "Wrote \(output.path).\n")
        let html = try String(contentsOf: output, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<h2><span class=\"tag\">it</span> <span class=\"name\">Italian</span> <span class=\"percent\">91.6%</span></h2>"))
        #expect(!html.contains("<script") && !html.contains("http"))
    }

    @Test("A file that cannot be read is reported and stats exits 1")
    func unreadable() throws {
        let folder = "Tests/ParlanceToolingTests/Fixtures/check/!parse-error"
        let result = try Parlance.run(["stats", folder])
        #expect(result.status == 1)
        #expect(result.standardError == """
            \(folder)/Broken.xcstrings:7:26: error: expected a "value" member in "stringUnit". [parse-error]
            \(folder)/en.lproj/Settings.strings:1:21: error: expected ';' after the value "Settings". [parse-error]

            """)
    }
}
