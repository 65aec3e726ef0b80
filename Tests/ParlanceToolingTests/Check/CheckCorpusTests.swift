import Foundation
import Parlance
import Testing
@testable import ParlanceTooling

@Suite("Checking the corpus")
struct CheckCorpusTests {
    @Test("Every corpus file is checked without crashing; counts per rule are printed")
    func corpus() throws {
        guard let corpus = ProcessInfo.processInfo.environment["PARLANCE_CORPUS"] else {
            print("Skipping the corpus check: set PARLANCE_CORPUS to the corpus folder to run it.")
            return
        }
        let report = CatalogChecker().check(paths: [corpus])
        let expected = try FileManager.default.subpathsOfDirectory(atPath: corpus).filter {
            ["xcstrings", "strings", "stringsdict"].contains(URL(fileURLWithPath: $0).pathExtension)
        }
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
