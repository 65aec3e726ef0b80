/// Unicode MessageFormat 2 (MF2), as LDML 47 defines it: the data model a message parses into,
/// its parser and validation, and a formatter with the default functions.
///
/// ```swift
/// let message = try MF2.Message(parsing: """
///     .input {$count :number}
///     .match $count
///     one {{You have {$count} new message.}}
///     *   {{You have {$count} new messages.}}
///     """)
/// let result = MF2.Formatter(locale: "en").format(message, arguments: ["count": 3])
/// result.string   // "You have 3 new messages."
/// ```
public enum MF2 {}

extension MF2 {
    /// A parsed, valid message: its declarations and the body that is formatted.
    public struct Message: Hashable, Sendable {
        /// `.input` and `.local` declarations, in source order.
        public var declarations: [Declaration] {
            didSet { fastPlan = MF2FastPath.Plan(self) }
        }
        /// The pattern of a message without `.match`, or the matcher.
        public var body: Body {
            didSet { fastPlan = MF2FastPath.Plan(self) }
        }
        /// The message in the form the fast path formats, when it has one of the shapes it
        /// takes; made once, when the message is made or changed.
        private(set) var fastPlan: MF2FastPath.Plan?

        /// Creates a message from its declarations and body, without validating it.
        public init(declarations: [Declaration] = [], body: Body) {
            self.declarations = declarations
            self.body = body
            self.fastPlan = MF2FastPath.Plan(self)
        }

        public static func == (lhs: Message, rhs: Message) -> Bool {
            lhs.declarations == rhs.declarations && lhs.body == rhs.body
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(declarations)
            hasher.combine(body)
        }
    }

    /// What a message formats: one pattern, or the variant its selectors choose.
    public enum Body: Hashable, Sendable {
        /// The one pattern of a message without `.match`.
        case pattern(Pattern)
        /// `.match $a $b` and its variants; every variant has one key per selector.
        case matcher(selectors: [String], variants: [Variant])
    }

    /// A declaration: `.input {$name …}` or `.local $name = {…}`.
    public enum Declaration: Hashable, Sendable {
        /// `.input {$name :function options}`: the argument `name`, through the expression.
        case input(name: String, expression: Expression)
        /// `.local $name = {expression}`.
        case local(name: String, expression: Expression)

        /// The variable the declaration binds.
        public var name: String {
            switch self {
            case .input(let name, _), .local(let name, _): name
            }
        }

        /// The expression whose value the variable takes.
        public var expression: Expression {
            switch self {
            case .input(_, let expression), .local(_, let expression): expression
            }
        }
    }

    /// Text and placeholders, formatted as one unit.
    public struct Pattern: Hashable, Sendable {
        /// The pattern's text, placeholders and markup, in order.
        public var parts: [PatternPart]
        /// Creates a pattern from its parts.
        public init(_ parts: [PatternPart] = []) { self.parts = parts }
    }

    /// A piece of a pattern.
    public enum PatternPart: Hashable, Sendable {
        /// Text, its escapes resolved.
        case text(String)
        /// `{…}`: a literal, a variable or a function, to be formatted.
        case expression(Expression)
        /// `{#name}`, `{#name/}` or `{/name}`: formats as nothing in a string.
        case markup(Markup)
    }

    /// `{operand :function options @attributes}`.
    public struct Expression: Hashable, Sendable {
        /// The literal or variable the function reads, if any.
        public var operand: Operand?
        /// The function and its options, if any.
        public var function: FunctionCall?
        /// Attributes: notes for tools, with no effect on formatting.
        public var attributes: [Attribute]

        /// Creates an expression from its operand, function and attributes.
        public init(operand: Operand? = nil, function: FunctionCall? = nil, attributes: [Attribute] = []) {
            self.operand = operand
            self.function = function
            self.attributes = attributes
        }
    }

    /// A literal (its escapes resolved) or a variable's name.
    public enum Operand: Hashable, Sendable {
        /// A literal's text, its escapes resolved.
        case literal(String)
        /// A variable's name, without the `$`.
        case variable(String)
    }

    /// `:namespace:name option=value …`.
    public struct FunctionCall: Hashable, Sendable {
        /// The identifier, with its namespace: `number`, `test:function`.
        public var name: String
        /// The options, in source order.
        public var options: [Option]

        /// Creates a call of the function `name` with `options`.
        public init(name: String, options: [Option] = []) {
            self.name = name
            self.options = options
        }
    }

    /// `name=value`, the value a literal or a variable.
    public struct Option: Hashable, Sendable {
        /// The option's identifier, with its namespace if any (`minimumFractionDigits`, `u:dir`).
        public var name: String
        /// The option's value: a literal or a variable.
        public var value: Operand

        /// Creates the option `name=value`.
        public init(name: String, value: Operand) {
            self.name = name
            self.value = value
        }
    }

    /// `@name` or `@name=literal`.
    public struct Attribute: Hashable, Sendable {
        /// The attribute's identifier, without the `@`.
        public var name: String
        /// The literal's text, or `nil` for an attribute without a value.
        public var value: String?

        /// Creates the attribute `@name` or `@name=value`.
        public init(name: String, value: String? = nil) {
            self.name = name
            self.value = value
        }
    }

    /// Markup: an open, standalone or close element.
    public struct Markup: Hashable, Sendable {
        /// Which kind of markup element it is.
        public enum Kind: String, Hashable, Sendable {
            /// `{#name}`, `{#name/}` and `{/name}`.
            case open, standalone, close
        }

        /// Whether the element opens, stands alone or closes.
        public var kind: Kind
        /// The element's identifier, without `#` or `/`.
        public var name: String
        /// The options, in source order.
        public var options: [Option]
        /// Attributes: notes for tools, with no effect on formatting.
        public var attributes: [Attribute]

        /// Creates a markup element.
        public init(kind: Kind, name: String, options: [Option] = [], attributes: [Attribute] = []) {
            self.kind = kind
            self.name = name
            self.options = options
            self.attributes = attributes
        }
    }

    /// A variant of a matcher: its keys and its pattern.
    public struct Variant: Hashable, Sendable {
        /// The keys, one for each selector, in order.
        public var keys: [Key]
        /// The pattern formatted when the variant is chosen.
        public var pattern: Pattern

        /// Creates a variant from its keys and pattern.
        public init(keys: [Key], pattern: Pattern) {
            self.keys = keys
            self.pattern = pattern
        }
    }

    /// A variant key: a literal, or the catch-all `*`.
    public enum Key: Hashable, Sendable {
        /// A literal key's text, its escapes resolved.
        case literal(String)
        /// `*`, which matches any value.
        case catchAll
    }
}
