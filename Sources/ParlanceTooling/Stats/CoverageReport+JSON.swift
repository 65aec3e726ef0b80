import Foundation

extension CoverageReport {
    /// The report as JSON, for CI dashboards: the files read, one object per table and
    /// language, and each language's total over its tables.
    ///
    /// ```json
    /// { "files": ["Localizable.xcstrings"],
    ///   "rows": [{ "table": "Localizable", "language": "en-US", "translated": 1, "needsReview": 0,
    ///              "inherited": 108, "missing": 0, "total": 109, "coverage": 100.0 }],
    ///   "totals": [ … ] }
    /// ```
    ///
    /// `coverage` is the percentage a reader sees translated (translated or inherited), to one
    /// decimal and rounded down, as the table and the page show it.
    public var json: String {
        let document = Document(
            files: files, rows: rows.map(Entry.init), totals: languages.map { Entry(total(for: $0)) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct Document: Encodable {
        var files: [String]
        var rows: [Entry]
        var totals: [Entry]
    }

    private struct Entry: Encodable {
        var table: String
        var language: String
        var translated: Int
        var needsReview: Int
        var inherited: Int
        var missing: Int
        var total: Int
        var coverage: Decimal

        init(_ row: Row) {
            table = row.table
            language = row.language
            translated = row.translated
            needsReview = row.needsReview
            inherited = row.inherited
            missing = row.missing
            total = row.total
            coverage = Decimal(row.permille) / 10
        }
    }
}
