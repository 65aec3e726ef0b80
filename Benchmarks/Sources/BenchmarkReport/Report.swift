import Foundation

/// The report's table, as aligned text for a terminal or as Markdown for docs/PERFORMANCE.md.
enum Report {
    enum Verdict: String {
        case pass = "PASS"
        case fail = "FAIL"
        case info = "info"
        case notRun = "not run"
    }

    struct Row {
        var cells: [String]
        var verdict: Verdict

        init(target: Target, measurements: [String: Measurement]) {
            let ours = measurements[target.benchmark]
            let baseline = target.baseline.flatMap { measurements[$0] }
            let checks = ours.map { ours in target.limits.map { $0.holds(ours.nanoseconds, baseline: baseline?.nanoseconds) } }
            verdict = switch checks {
            case nil: .notRun
            case let checks? where checks.isEmpty: .info
            case let checks? where checks.contains(false): .fail
            case let checks? where checks.contains(nil): .notRun
            default: .pass
            }
            let ratio = ours.flatMap { ours in baseline.map { ours.nanoseconds / $0.nanoseconds } }
            cells = [
                target.benchmark,
                ours.map { Report.duration($0.nanoseconds) } ?? "—",
                ours.map { Report.rate($0.nanoseconds) } ?? "—",
                ours?.mallocs.map(Report.number) ?? "—",
                target.baseline ?? "—",
                baseline.map { Report.duration($0.nanoseconds) } ?? "—",
                baseline?.mallocs.map(Report.number) ?? "—",
                ratio.map { Report.number($0) + "×" } ?? "—",
                target.limits.isEmpty ? "—" : target.limits.map(\.description).joined(separator: ", "),
                verdict.rawValue,
            ]
        }
    }

    static let headers = [
        "Benchmark", "Median", "Calls/s", "Mallocs", "Baseline", "Baseline median", "Baseline mallocs",
        "Ratio", "Target", "Result",
    ]

    static func text(_ rows: [Row]) -> String {
        let table = [headers] + rows.map(\.cells)
        let widths = headers.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        return table.map { cells in
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }.joined(separator: "\n")
    }

    static func markdown(_ rows: [Row]) -> String {
        let escaped = ([headers] + rows.map(\.cells)).map { $0.map { $0.replacingOccurrences(of: "|", with: "\\|") } }
        var lines = escaped.map { "| " + $0.joined(separator: " | ") + " |" }
        lines.insert("|" + String(repeating: " --- |", count: headers.count), at: 1)
        return lines.joined(separator: "\n")
    }

    /// `42 ns`, `1.23 µs`, `87.6 ms`: three significant digits in the unit that suits.
    static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: number(nanoseconds) + " ns"
        case ..<1_000_000: number(nanoseconds / 1_000) + " µs"
        case ..<1_000_000_000: number(nanoseconds / 1_000_000) + " ms"
        default: number(nanoseconds / 1_000_000_000) + " s"
        }
    }

    /// Calls per second implied by the median time of one call.
    static func rate(_ nanoseconds: Double) -> String {
        guard nanoseconds > 0 else { return "—" }
        let perSecond = 1e9 / nanoseconds
        return switch perSecond {
        case ..<1_000: number(perSecond)
        case ..<1_000_000: number(perSecond / 1_000) + " K"
        default: number(perSecond / 1_000_000) + " M"
        }
    }

    /// Three significant digits, no exponent: `0.312`, `4.5`, `12.3`, `987`, `12345`.
    static func number(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals = magnitude >= 100 || magnitude == 0 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
