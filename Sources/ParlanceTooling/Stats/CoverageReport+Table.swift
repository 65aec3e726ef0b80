extension CoverageReport {
    /// The report as an aligned terminal table: one line per table and language, then a
    /// total per language when there is more than one table.
    public var terminalTable: String {
        var lines: [[String]] = [["Table", "Language", "Translated", "Needs review", "Inherited", "Missing", "Coverage"]]
        func line(_ row: Row) -> [String] {
            [
                row.table, row.language, String(row.translated), String(row.needsReview), String(row.inherited),
                String(row.missing), Self.percent(row.permille),
            ]
        }
        lines += rows.map(line)
        if tables.count > 1 {
            lines += languages.map { line(total(for: $0)) }
        }
        let widths = (0..<7).map { column in lines.map { $0[column].count }.max() ?? 0 }
        var output = ""
        for cells in lines {
            var text = ""
            for (column, cell) in cells.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                // Names read left to right; numbers line up on the right.
                text += column < 2 ? cell + padding : padding + cell
                if column < 6 { text += "  " }
            }
            output += text + "\n"
        }
        return output
    }

    /// `80.0%` for 800 thousandths.
    static func percent(_ permille: Int) -> String {
        "\(permille / 10).\(permille % 10)%"
    }
}
