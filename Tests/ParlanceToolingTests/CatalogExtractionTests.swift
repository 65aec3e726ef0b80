import Foundation
import Parlance
import ParlanceTooling
import Testing

@Suite("Updating a catalog with the keys code uses")
struct CatalogExtractionTests {
    static func fixture() throws -> Catalog {
        let url = Fixtures.url("extract/Localizable.xcstrings")
        return try XCStringsReader.read(Data(contentsOf: url), path: url.path)
    }

    @Test("The fixture screen updates the fixture catalog to the expected file, byte for byte")
    func fixtureUpdate() throws {
        let usages = try SourceKeyScanner.scan(files: [Fixtures.url("extract/QuizScreen.swift.txt")])
        let (catalog, report) = CatalogExtraction.update(try Self.fixture(), with: usages)
        #expect(report.added == ["Questions left: %lld", "score %lld", "close"])
        #expect(report.markedStale == ["old.key"])
        #expect(report.foundAgain == ["quiz.title"])
        #expect(report.updated == ["nav.title"])
        #expect(report.otherTables == 2)
        let written = XCStringsWriter(keyOrder: .xcode).write(catalog)
        #expect(written.dropped.isEmpty)
        try Snapshot.expect(String(decoding: written.data, as: UTF8.self), matches: "extract/Localizable.expected.xcstrings")
    }

    @Test("Updating twice with the same code changes nothing the second time")
    func idempotent() throws {
        let usages = try SourceKeyScanner.scan(files: [Fixtures.url("extract/QuizScreen.swift.txt")])
        let once = CatalogExtraction.update(try Self.fixture(), with: usages).catalog
        let (twice, report) = CatalogExtraction.update(once, with: usages)
        #expect(twice == once)
        #expect(report.added.isEmpty && report.markedStale.isEmpty && report.foundAgain.isEmpty && report.updated.isEmpty)
    }

    @Test("A new key with a default value is extracted_with_value, with the value in state new")
    func newKeyWithValue() {
        let usage = KeyUsage(
            key: "greeting", comment: "Says hi.", defaultValue: "Hello", location: .init(file: "A.swift", line: 1, column: 1))
        let catalog = CatalogExtraction.update(Catalog(table: "Localizable", sourceLanguage: "en"), with: [usage]).catalog
        #expect(catalog["greeting"] == CatalogEntry(
            comment: "Says hi.", extractionState: .extractedWithValue, localizations: ["en": .string("Hello", state: .new)]))
    }

    @Test("The same key with two comments keeps the first and says where the other is")
    func conflictingComments() {
        let usages = [
            KeyUsage(key: "k", comment: "First.", location: .init(file: "A.swift", line: 1, column: 5)),
            KeyUsage(key: "k", comment: "Second.", location: .init(file: "B.swift", line: 7, column: 9)),
        ]
        let (catalog, report) = CatalogExtraction.update(Catalog(table: "Localizable", sourceLanguage: "en"), with: usages)
        #expect(catalog["k"]?.comment == "First.")
        #expect(report.diagnostics.map(\.description) == [
            "B.swift:7:9: warning: the key \"k\" has the comment \"Second.\" here but \"First.\" at A.swift:1:5; the first is kept.",
        ])
    }

    @Test("Manual keys are never marked stale nor changed")
    func manualKeys() throws {
        let (catalog, _) = CatalogExtraction.update(try Self.fixture(), with: [])
        #expect(catalog["hand.added"] == (try Self.fixture())["hand.added"])
        #expect(catalog["quiz.title"]?.extractionState == .stale)
    }
}
