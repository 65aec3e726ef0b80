/// A finding about content: where it is, how serious it is, and what it says.
///
/// Readers never stop at a warning; they report it and read on. An error means
/// the input could not be read as a whole, and it is thrown as a ``ParseError``.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a finding is.
    public struct Severity: RawRepresentable, Hashable, Sendable, Comparable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Content was read, but something about it is probably wrong.
        public static let warning = Severity(rawValue: "warning")
        /// Content could not be read, or is wrong.
        public static let error = Severity(rawValue: "error")

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    /// What kind of finding a diagnostic is, stable across releases, so tools can act on it
    /// without reading its message (whose wording may improve).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A key given twice in one file; the later value wins, as in Foundation.
        public static let duplicateKey = Code(rawValue: "duplicate-key")
        /// A `.stringsdict` entry with both `NSStringLocalizedFormatKey` and
        /// `NSStringVariableWidthRuleType`; the width variants are what Foundation reads.
        public static let widthRuleWithFormat = Code(rawValue: "width-rule-with-format")
    }

    /// Whether reading went on (a warning) or the content is wrong (an error).
    public var severity: Severity
    /// Where the finding is; `nil` when it concerns no single place.
    public var location: SourceLocation?
    /// One sentence, sentence case, ending with a period.
    public var message: String
    /// What kind of finding this is, when it is one tools act on; `nil` for the rest.
    public var code: Code?

    /// A finding; `message` is one sentence ending with a period.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil, code: Code? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.code = code
    }

    /// `file:line:column: warning: message`, as compilers print it.
    public var description: String {
        if let location {
            return "\(location): \(severity.rawValue): \(message)"
        }
        return "\(severity.rawValue): \(message)"
    }
}
