import Foundation
import Parlance
import Testing
@testable import ParlanceTooling

@Suite("Coverage statistics")
struct StatsTests {
    static var paths: [String] {
        [Fixtures.url("check/!needs-review").path, Fixtures.url("check/!missing-translation-lproj").path,
         Fixtures.url("check/!missing-translation").path]
    }

    @Test("Keys count as translated, needing review or missing, per table and language")
    func rows() {
        let report = CoverageReport(paths: Self.paths)
        #expect(report.rows == [
            .init(table: "Localizable", language: "de", translated: 1, needsReview: 0, missing: 2),
            .init(table: "Localizable", language: "en", translated: 5, needsReview: 0, missing: 0),
            .init(table: "Localizable", language: "fr", translated: 2, needsReview: 2, missing: 1),
            .init(table: "Settings", language: "en", translated: 2, needsReview: 0, missing: 1),
            .init(table: "Settings", language: "fr", translated: 2, needsReview: 0, missing: 1),
        ])
        #expect(report.problems.isEmpty)
    }

    @Test("The terminal table aligns columns and totals each language over its tables")
    func terminalTable() {
        #expect(CoverageReport(paths: Self.paths).terminalTable == """
            Table        Language  Translated  Needs review  Missing  Coverage
            Localizable  de                 1             0        2     33.3%
            Localizable  en                 5             0        0    100.0%
            Localizable  fr                 2             2        1     40.0%
            Settings     en                 2             0        1     66.6%
            Settings     fr                 2             0        1     66.6%
            All tables   de                 1             0        2     33.3%
            All tables   en                 7             0        1     87.5%
            All tables   fr                 4             2        2     50.0%

            """)
    }

    @Test("Only a complete table shows 100.0%; an empty one counts as complete")
    func percent() {
        #expect(CoverageReport.Row(table: "T", language: "fr", translated: 1999, missing: 1).permille == 999)
        #expect(CoverageReport.Row(table: "T", language: "fr").permille == 1000)
    }

    @Test("The HTML page is self-contained and draws a chart per language")
    func html() {
        let html = CoverageReport(paths: Self.paths).html
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        for forbidden in ["<script", "<link", "src=", "http:", "https:", "url(", "@import"] {
            #expect(!html.contains(forbidden))
        }
        #expect(html.components(separatedBy: "<section class=\"language\">").count - 1 == 3)
        #expect(html.components(separatedBy: "<section class=\"overview\">").count - 1 == 1)
        #expect(html.contains(#"<div class="bar" role="img" aria-label="Localizable: 2 translated, 2 need review, 1 missing" title="Localizable: 2 translated, 2 need review, 1 missing"><span class="translated" style="width: 40.0%"></span><span class="review" style="width: 40.0%"></span><span class="missing" style="width: 20.0%"></span></div>"#))
    }

    @Test("Names are escaped in the HTML page")
    func escaping() {
        let report = CoverageReport(rows: [.init(table: "<b>&\"", language: "fr", translated: 1)])
        #expect(report.html.contains("<span class=\"table\" title=\"&lt;b&gt;&amp;&quot;\">&lt;b&gt;&amp;&quot;</span>"))
    }

    @Test("A file that cannot be read is reported and the rest is counted")
    func problems() {
        let report = CoverageReport(paths: [Fixtures.url("check/!parse-error").path])
        #expect(report.problems.count == 2)
        #expect(report.rows == [.init(table: "Good", language: "en", translated: 1), .init(table: "Good", language: "fr", translated: 1)])
    }
}
