extension MF2 {
    /// An error found in a message or while formatting it, named as the MF2 specification and
    /// the working group's test suite name it.
    ///
    /// Syntax and data-model errors make a message unusable: formatting it shows `{�}`.
    /// Every other error leaves a result: the placeholder that failed shows its fallback
    /// (`{$name}`, `{|literal|}`, `{:function}`) and the rest of the message is formatted.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// The kinds of error, with the names of the test suite's schema.
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            case syntaxError = "syntax-error"
            case variantKeyMismatch = "variant-key-mismatch"
            case missingFallbackVariant = "missing-fallback-variant"
            case missingSelectorAnnotation = "missing-selector-annotation"
            case duplicateDeclaration = "duplicate-declaration"
            case duplicateOptionName = "duplicate-option-name"
            case duplicateVariant = "duplicate-variant"
            case unresolvedVariable = "unresolved-variable"
            case unknownFunction = "unknown-function"
            case badSelector = "bad-selector"
            case badOperand = "bad-operand"
            case badOption = "bad-option"
            case badVariantKey = "bad-variant-key"
            /// A value a function returned that cannot be formatted (a selector-only function).
            case notFormattable = "not-formattable"
            /// An option or operand the implementation cannot honour.
            case unsupportedOperation = "unsupported-operation"

            /// Syntax and data-model errors: the message cannot be formatted at all.
            public var isStatic: Bool {
                switch self {
                case .syntaxError, .variantKeyMismatch, .missingFallbackVariant, .missingSelectorAnnotation,
                     .duplicateDeclaration, .duplicateOptionName, .duplicateVariant:
                    true
                default:
                    false
                }
            }
        }

        public var kind: Kind
        /// What went wrong, in a sentence.
        public var message: String
        /// Where in the message, for syntax and data-model errors: 1-based line and column
        /// (columns count Unicode scalars).
        public var line: Int?
        public var column: Int?

        public init(_ kind: Kind, _ message: String, line: Int? = nil, column: Int? = nil) {
            self.kind = kind
            self.message = message
            self.line = line
            self.column = column
        }

        /// `line:column: kind: message`, or `kind: message` without a place.
        public var description: String {
            if let line, let column { return "\(line):\(column): \(kind.rawValue): \(message)" }
            return "\(kind.rawValue): \(message)"
        }
    }
}
