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
            Table        Language  Translated  Needs review  Inherited  Missing  Coverage
            Localizable  de                 1             0          0        2     33.3%
            Localizable  en                 5             0          0        0    100.0%
            Localizable  fr                 2             2          0        1     40.0%
            Settings     en                 2             0          0        1     66.6%
            Settings     fr                 2             0          0        1     66.6%
            All tables   de                 1             0          0        2     33.3%
            All tables   en                 7             0          0        1     87.5%
            All tables   fr                 4             2          0        2     50.0%

            """)
    }

    /// `en-US`, `en-AU`, `en-GB` and `fr-CA` beside `en` (the source) and `fr`, and `de`, which has no parent.
    static let regional = Fixtures.url("stats/inherited").path

    @Test("A regional variant's keys its parent chain provides count as inherited, not missing")
    func inheritedRows() {
        let report = CoverageReport(paths: [Self.regional])
        #expect(report.rows == [
            .init(table: "Localizable", language: "de", translated: 1, missing: 2),
            .init(table: "Localizable", language: "en", translated: 3),
            .init(table: "Localizable", language: "en-AU", translated: 1, inherited: 2),
            .init(table: "Localizable", language: "en-GB", translated: 1, inherited: 2),
            .init(table: "Localizable", language: "en-US", translated: 1, inherited: 2),
            .init(table: "Localizable", language: "fr", translated: 3),
            .init(table: "Localizable", language: "fr-CA", translated: 1, inherited: 2),
        ])
        #expect(report.rows.first { $0.language == "en-US" }?.permille == 1000)
        #expect(report.rows.first { $0.language == "de" }?.permille == 333)
    }

    @Test("The terminal table shows inherited keys in a column of their own")
    func inheritedTable() {
        #expect(CoverageReport(paths: [Self.regional]).terminalTable == """
            Table        Language  Translated  Needs review  Inherited  Missing  Coverage
            Localizable  de                 1             0          0        2     33.3%
            Localizable  en                 3             0          0        0    100.0%
            Localizable  en-AU              1             0          2        0    100.0%
            Localizable  en-GB              1             0          2        0    100.0%
            Localizable  en-US              1             0          2        0    100.0%
            Localizable  fr                 3             0          0        0    100.0%
            Localizable  fr-CA              1             0          2        0    100.0%

            """)
    }

    @Test("The JSON report counts inherited keys and the coverage a reader sees")
    func inheritedJSON() throws {
        let data = Data(CoverageReport(paths: [Self.regional]).json.utf8)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rows = try #require(document["rows"] as? [[String: Any]])
        let american = try #require(rows.first { $0["language"] as? String == "en-US" })
        #expect(american["translated"] as? Int == 1)
        #expect(american["inherited"] as? Int == 2)
        #expect(american["missing"] as? Int == 0)
        #expect(american["total"] as? Int == 3)
        #expect(american["coverage"] as? Double == 100)
        let german = try #require(rows.first { $0["language"] as? String == "de" })
        #expect(german["missing"] as? Int == 2)
        #expect(german["coverage"] as? Double == 33.3)
        #expect((document["totals"] as? [Any])?.count == 7)
        #expect((document["files"] as? [String])?.count == 1)
    }

    @Test("The HTML page draws inherited keys in their own colour, apart from missing ones")
    func inheritedHTML() {
        let html = CoverageReport(paths: [Self.regional]).html
        #expect(html.contains(#"<span class="swatch inherited"></span>Inherited from a parent language"#))
        #expect(html.contains(".inherited { background: var(--inherited); }"))
        #expect(html.contains(#"aria-label="Localizable: 1 translated, 0 need review, 2 inherited, 0 missing""#))
        #expect(html.contains(#"<span class="translated" style="width: 33.3%"></span><span class="inherited" style="width: 66.6%"></span></div>"#))
        #expect(html.contains(#"<span class="numbers">100.0% <small>3/3</small></span>"#))
    }

    @Test("check reports as missing only what no language on the parent chain holds")
    func inheritedIsNotMissing() {
        let report = CatalogChecker().check(paths: [Self.regional])
        #expect(report.findings.map(\.message) == [
            "\"Color\" has no translation in de.",
            "\"Goodbye\" has no translation in de.",
        ])
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
        #expect(html.contains(#"<div class="bar" role="img" aria-label="Localizable: 2 translated, 2 need review, 0 inherited, 1 missing" title="Localizable: 2 translated, 2 need review, 0 inherited, 1 missing"><span class="translated" style="width: 40.0%"></span><span class="review" style="width: 40.0%"></span><span class="missing" style="width: 20.0%"></span></div>"#))
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
