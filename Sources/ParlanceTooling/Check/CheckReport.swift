import Parlance

/// What a check found, in reading order, and how many files it read.
public struct CheckReport: Sendable {
    /// Sorted by file, line and column.
    public var findings: [Finding]
    /// The catalog files checked, in path order.
    public var files: [String]

    public init(findings: [Finding], files: [String]) {
        self.findings = findings
        self.files = files
    }

    /// Whether any finding is an error, which makes `parlance check` exit with status 1.
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// How many findings each rule produced, for rules that produced any, in rule order.
    public var countsByRule: [(rule: CheckRule, count: Int)] {
        var counts: [CheckRule: Int] = [:]
        for finding in findings { counts[finding.rule, default: 0] += 1 }
        return counts.keys.sorted().map { ($0, counts[$0] ?? 0) }
    }

    /// `Checked 3 files: 2 errors and 1 warning.`
    public var summary: String {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        let files = "Checked \(self.files.count) file\(self.files.count == 1 ? "" : "s")"
        guard !findings.isEmpty else { return "\(files): no problems found." }
        var parts: [String] = []
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        return "\(files): \(Quoting.list(parts))."
    }
}
