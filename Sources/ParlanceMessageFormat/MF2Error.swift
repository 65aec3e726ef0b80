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
            /// The message does not follow the MF2 syntax.
            case syntaxError = "syntax-error"
            /// A variant has a different number of keys than there are selectors.
            case variantKeyMismatch = "variant-key-mismatch"
            /// No variant has only catch-all (`*`) keys.
            case missingFallbackVariant = "missing-fallback-variant"
            /// A selector does not name a declaration whose expression has a function.
            case missingSelectorAnnotation = "missing-selector-annotation"
            /// A variable is declared twice, declared after a declaration uses it, or used by its own declaration.
            case duplicateDeclaration = "duplicate-declaration"
            /// An option is set twice in one expression or markup.
            case duplicateOptionName = "duplicate-option-name"
            /// Two variants have the same keys.
            case duplicateVariant = "duplicate-variant"
            /// A variable has neither a declaration nor an argument.
            case unresolvedVariable = "unresolved-variable"
            /// An expression calls a function the formatter does not have.
            case unknownFunction = "unknown-function"
            /// A selector's value cannot select a variant.
            case badSelector = "bad-selector"
            /// A function cannot use its operand (or needs one and has none).
            case badOperand = "bad-operand"
            /// An option is not valid: a value it does not take, or one that conflicts with another option.
            case badOption = "bad-option"
            /// A variant key is not one the selector can read.
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

        /// The kind of error, as the specification names it.
        public var kind: Kind
        /// What went wrong, in a sentence.
        public var message: String
        /// Where in the message, for syntax and data-model errors: 1-based line and column
        /// (columns count Unicode scalars).
        public var line: Int?
        /// The column of the error, from 1 in Unicode scalars; `nil` when it has no place.
        public var column: Int?

        /// Creates an error of `kind`, with its place in the message when it has one.
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
