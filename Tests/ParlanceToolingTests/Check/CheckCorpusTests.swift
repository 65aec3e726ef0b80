import Foundation
import Parlance
import Testing
@testable import ParlanceTooling

@Suite("Checking the corpus")
struct CheckCorpusTests {
    static let corpusPath = ProcessInfo.processInfo.environment["PARLANCE_CORPUS"]

    // Skipped, with the reason in the test report, when no corpus is configured: the corpus
    // is not part of the repository.
    @Test(
        "Every corpus file is checked without crashing; counts per rule are printed",
        .enabled(if: corpusPath != nil, "Set PARLANCE_CORPUS to the corpus folder to check real-world files.")
    )
    func corpus() throws {
        let corpus = try #require(Self.corpusPath)
        let report = CatalogChecker().check(paths: [corpus])
        let expected = try FileManager.default.subpathsOfDirectory(atPath: corpus).filter {
            ["xcstrings", "strings", "stringsdict"].contains(URL(fileURLWithPath: $0).pathExtension)
        }
        try #require(!expected.isEmpty, "No catalog files below \(corpus).")
        #expect(report.files.count == expected.count)
        #expect(!report.findings.isEmpty)
        for finding in report.findings {
            #expect(finding.location.line >= 1 && finding.location.column >= 1)
        }
        print("Checked \(report.files.count) corpus files:")
        for (rule, count) in report.countsByRule {
            print("  \(rule): \(count)")
        }
        let coverage = CoverageReport(paths: [corpus])
        #expect(!coverage.rows.isEmpty)
    }
}
