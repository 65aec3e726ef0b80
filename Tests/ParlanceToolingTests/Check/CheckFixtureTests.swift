import Foundation
import Parlance
import Testing
@testable import ParlanceTooling

/// One folder per fixture under `Fixtures/check`: `!rule-id` must give exactly the findings
/// in its `expected.txt`, `rule-id` must give none. A folder may hold `usages.tsv` (key,
/// table, `file:line:column` per line) for the usage rules, and `*.keys.json` manifests.
@Suite("Check fixtures")
struct CheckFixtureTests {
    static let names: [String] = {
        let folder = Fixtures.url("check").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }()

    @Test("Each fixture gives exactly the findings it expects", arguments: names)
    func fixture(name: String) throws {
        let folder = Fixtures.url("check/\(name)")
        let text = try CheckFixture.findingsText(in: folder)
        if name.hasPrefix("!") {
            let expected = try String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)
            #expect(text == expected)
        } else {
            #expect(text == "")
        }
    }

    @Test("Every rule has a must-fail fixture and a clean one", arguments: CheckRule.all)
    func everyRuleHasFixtures(rule: CheckRule) {
        #expect(Self.names.contains("!" + rule.rawValue))
        #expect(Self.names.contains(rule.rawValue))
    }

    @Test("Each must-fail fixture finds something of its own rule", arguments: names.filter { $0.hasPrefix("!") })
    func mustFailFindsItsRule(name: String) throws {
        let rule = String(name.dropFirst())
        guard CheckRule.all.contains(CheckRule(rawValue: rule)) else { return }
        let report = try CheckFixture.report(in: Fixtures.url("check/\(name)"))
        #expect(report.findings.contains { $0.rule.rawValue == rule })
    }
}

/// Runs the checker over one fixture folder the way the fixture describes.
enum CheckFixture {
    static func report(in folder: URL, strict: Bool = false) throws -> CheckReport {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let manifests = files.filter { $0.hasSuffix(".keys.json") }.map { folder.appendingPathComponent($0).path }
        var usages: [KeyUsage]?
        if files.contains("usages.tsv") {
            let text = try String(contentsOf: folder.appendingPathComponent("usages.tsv"), encoding: .utf8)
            usages = text.split(separator: "\n").map { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                let place = fields[2].split(separator: ":").map(String.init)
                return KeyUsage(
                    key: fields[0], table: fields[1].isEmpty ? nil : fields[1],
                    location: SourceLocation(file: place[0], line: Int(place[1]) ?? 0, column: Int(place[2]) ?? 0))
            }
        }
        return CatalogChecker(strict: strict).check(paths: [folder.path], usages: usages, manifests: manifests)
    }

    /// The findings as text, with paths relative to the fixture folder.
    static func findingsText(in folder: URL) throws -> String {
        let report = try report(in: folder)
        return FindingFormat.text.render(report.findings).replacingOccurrences(of: folder.path + "/", with: "")
    }
}
