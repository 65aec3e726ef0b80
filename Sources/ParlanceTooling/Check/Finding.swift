import Parlance

/// One problem `parlance check` found: where, how serious, what, and which rule found it.
///
/// Unlike a ``/ParlanceCatalogs/Diagnostic``, a finding always has a place (CI annotates a line) and names
/// its rule, so it can be silenced by id and counted per rule.
public struct Finding: Hashable, Sendable, CustomStringConvertible {
    public var rule: CheckRule
    public var severity: Diagnostic.Severity
    /// The key, value, usage or manifest entry the finding is about.
    public var location: SourceLocation
    /// One sentence, starting lower case as compilers print it, ending with a period.
    public var message: String
    /// The table the key belongs to, when the finding is about a key.
    public var table: String?
    public var key: String?
    /// The language of the value the finding is about, when it is about one language.
    public var language: String?

    public init(
        _ rule: CheckRule, _ message: String, at location: SourceLocation,
        severity: Diagnostic.Severity? = nil, table: String? = nil, key: String? = nil, language: String? = nil
    ) {
        self.rule = rule
        self.severity = severity ?? rule.severity
        self.location = location
        self.message = message
        self.table = table
        self.key = key
        self.language = language
    }

    /// `path:line:column: error: message [rule-id]`, the line editors and compilers print.
    public var description: String {
        "\(location): \(severity.rawValue): \(message) [\(rule.rawValue)]"
    }

    /// Findings sort by file, line and column, then rule and message, so output is stable
    /// however concurrently files were read.
    static func inReadingOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.location.file != rhs.location.file { return lhs.location.file < rhs.location.file }
        if lhs.location.line != rhs.location.line { return lhs.location.line < rhs.location.line }
        if lhs.location.column != rhs.location.column { return lhs.location.column < rhs.location.column }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return lhs.message < rhs.message
    }
}
