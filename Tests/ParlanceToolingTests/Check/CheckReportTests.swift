import Foundation
import Parlance
import Testing
@testable import ParlanceTooling

@Suite("Check reports")
struct CheckReportTests {
    @Test("Warnings alone are no error; --strict makes every warning an error")
    func strict() throws {
        let folder = Fixtures.url("check/!needs-review")
        let relaxed = try CheckFixture.report(in: folder)
        #expect(!relaxed.hasErrors)
        #expect(relaxed.findings.map(\.severity) == [.warning, .warning])
        let strict = try CheckFixture.report(in: folder, strict: true)
        #expect(strict.hasErrors)
        #expect(strict.findings.map(\.severity) == [.error, .error])
        #expect(strict.summary == "Checked 1 file: 2 errors.")
    }

    @Test("Ignored rules drop their findings and nothing else")
    func ignoredRules() {
        let folder = Fixtures.url("check/!placeholder-mismatch").path
        let all = CatalogChecker().check(paths: [folder])
        let ignored = CatalogChecker(ignoredRules: [.placeholderMismatch]).check(paths: [folder])
        #expect(all.findings.count == 4)
        #expect(ignored.findings.isEmpty)
    }

    @Test("Counts per rule follow the documentation's order of rules")
    func countsByRule() throws {
        let report = try CheckFixture.report(in: Fixtures.url("check/!invalid-specifier"))
        #expect(report.countsByRule.map { "\($0.rule) \($0.count)" } == ["placeholder-mismatch 2", "invalid-specifier 5"])
        #expect(report.summary == "Checked 1 file: 7 errors.")
    }

    @Test("A clean folder says so", arguments: ["missing-translation", "placeholder-mismatch"])
    func clean(name: String) throws {
        let report = try CheckFixture.report(in: Fixtures.url("check/\(name)"))
        #expect(report.summary == "Checked 1 file: no problems found.")
    }

    @Test("A path that names nothing is a parse error, and the other paths are still checked")
    func missingPath() {
        let report = CatalogChecker().check(paths: ["no/such/folder", Fixtures.url("check/!new").path])
        #expect(report.findings.map(\.rule) == [.new, .parseError])
        #expect(report.findings.last?.description == "no/such/folder:1:1: error: no such file or folder. [parse-error]")
    }

    @Test("Source languages other than en are found for .lproj tables", arguments: [nil, "fr"] as [String?])
    func sourceLanguage(explicit: String?) {
        let folder = Fixtures.url("check/!missing-translation-lproj").path
        let report = CatalogChecker(sourceLanguage: explicit).check(paths: [folder])
        let messages = report.findings.map(\.message)
        if explicit == "fr" {
            #expect(messages == [
                "\"version\" has no value in the source language fr, though other languages have one.",
                "\"legacy\" has no translation in en.",
            ])
        } else {
            #expect(messages == [
                "\"version\" has no translation in fr.",
                "\"legacy\" has no value in the source language en, though other languages have one.",
            ])
        }
    }

    @Test("KeyUsage reads the default table when it names none")
    func usageTable() {
        let place = SourceLocation(file: "App.swift", line: 1, column: 1)
        #expect(KeyUsage(key: "a", location: place).tableName == "Localizable")
        #expect(KeyUsage(key: "a", table: "Settings", location: place).tableName == "Settings")
    }
}
