import Foundation

extension MF2 {
    /// The base direction of a message or a formatted value.
    public enum Direction: String, Hashable, Sendable {
        /// Left to right, right to left, or not known (a placeholder is then isolated with FSI…PDI).
        case ltr, rtl, unknown
    }

    /// A value passed into a message: `arguments: ["count": 3, "name": "Ada"]`.
    public enum Argument: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
        ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
    {
        /// Text; placed without a function, it formats as itself.
        case string(String)
        /// A whole number; placed without a function, it formats as a number.
        case int(Int64)
        /// A floating-point number; placed without a function, it formats as a number.
        case double(Double)
        /// A decimal number; placed without a function, it formats as a number.
        case decimal(Decimal)
        /// A date and time; placed without a function, it formats as a medium date and time in UTC.
        case date(Date)
        /// A Boolean; placed without a function, it formats as `true` or `false`.
        case bool(Bool)

        /// Creates a `.string` argument from a string literal.
        public init(stringLiteral value: String) { self = .string(value) }
        /// Creates an `.int` argument from an integer literal.
        public init(integerLiteral value: Int64) { self = .int(value) }
        /// Creates a `.double` argument from a floating-point literal.
        public init(floatLiteral value: Double) { self = .double(value) }
        /// Creates a `.bool` argument from a Boolean literal.
        public init(booleanLiteral value: Bool) { self = .bool(value) }

        /// The value as text, as `:string` shows it.
        public var text: String {
            switch self {
            case .string(let text): text
            case .int(let value): String(value)
            case .double(let value): value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
            case .decimal(let value): value.description
            case .date(let date): date.formatted(.iso8601)
            case .bool(let value): value ? "true" : "false"
            }
        }
    }

    /// The options an expression's function is called with: each value resolved, and whether
    /// it was written as a literal (`select=exact`) rather than read from a variable.
    public struct Options: Sendable {
        /// One option's resolved value, and whether it was written as a literal.
        public struct Value: Sendable {
            /// The option's resolved value.
            public var value: any MF2Value
            /// Whether the option was written as a literal rather than read from a variable.
            public var isLiteral: Bool

            /// Creates an option value.
            public init(_ value: any MF2Value, isLiteral: Bool) {
                self.value = value
                self.isLiteral = isLiteral
            }
        }

        /// The options by name; the formatter handles `u:` options itself and leaves them out.
        public var values: [String: Value]

        /// Creates options from values keyed by option name.
        public init(_ values: [String: Value] = [:]) { self.values = values }

        /// The value of the option named `name`, or `nil` when it is not set.
        public subscript(name: String) -> Value? { values[name] }

        /// The option's value as text, if it is set and has one.
        public func text(_ name: String) -> String? {
            values[name]?.value.argument?.text
        }
    }

    /// What a function is called with besides its operand and options.
    public final class FunctionContext {
        /// The locale the message is formatted in (a BCP 47 tag).
        public let locale: String
        /// Errors the function reports without failing (an option it ignored, say).
        public private(set) var errors: [MF2.Error] = []

        init(locale: String) { self.locale = locale }

        /// Reports an error that does not stop the function: the expression keeps its value.
        public func report(_ error: MF2.Error) { errors.append(error) }
    }

    /// A formatted placeholder's text, its type (`number`, `string`, `datetime`, or a
    /// function's own) and, for numbers, its pieces (`integer`, `group`, `decimal`,
    /// `fraction`, `minusSign`, `percentSign`, `currency`, …).
    public struct FormattedValue: Hashable, Sendable {
        /// What kind of value was formatted: `number`, `string`, `datetime`, or a function's own.
        public var type: String
        /// The formatted text.
        public var text: String
        /// The text split into runs by what each is (for numbers); empty when it is not split.
        public var pieces: [Piece]

        /// A run of the formatted text and what it is (`integer`, `group`, `decimal`, …).
        public struct Piece: Hashable, Sendable {
            /// What the run is: `integer`, `fraction`, `decimal`, `group`, `minusSign`, `currency`, …
            public var type: String
            /// The run's text.
            public var value: String
            /// Creates a piece of type `type` with the text `value`.
            public init(type: String, value: String) {
                self.type = type
                self.value = value
            }
        }

        /// Creates a formatted value; `pieces` is empty unless the text is split.
        public init(type: String, text: String, pieces: [Piece] = []) {
            self.type = type
            self.text = text
            self.pieces = pieces
        }
    }
}

/// The resolved value of an expression: what a function returns, and what arguments and
/// literals become. Custom functions return their own conforming types.
public protocol MF2Value: Sendable {
    /// The value as another function's operand or an option sees it; `nil` when it has none.
    var argument: MF2.Argument? { get }
    /// The direction of the formatted text; `unknown` isolates it with FSI…PDI.
    var direction: MF2.Direction { get }
    /// The locale the value was resolved in, shown in formatted parts; `nil` for none.
    var locale: String? { get }
    /// Whether the value can select a variant (a value that cannot is a `bad-selector`).
    var selects: Bool { get }
    /// Formats the value; a thrown error makes the placeholder show its fallback.
    func format() throws(MF2.Error) -> MF2.FormattedValue
    /// Whether `key` (NFC) selects this value; throws `bad-selector` when the value cannot
    /// select (the default), or `bad-variant-key` for a key it cannot read.
    func matches(_ key: String) throws(MF2.Error) -> Bool
    /// Whether matching `key` is a better match than matching `other` (both matched).
    func prefers(_ key: String, over other: String) -> Bool
}

extension MF2Value {
    /// By default, `unknown`.
    public var direction: MF2.Direction { .unknown }
    /// By default, `nil`.
    public var locale: String? { nil }
    /// By default, `false`: the value cannot select.
    public var selects: Bool { false }

    /// By default, throws `bad-selector`: the value cannot select.
    public func matches(_ key: String) throws(MF2.Error) -> Bool {
        throw MF2.Error(.badSelector, "this value cannot be used to select a variant")
    }

    /// By default, `false`: no key is preferred over another.
    public func prefers(_ key: String, over other: String) -> Bool { false }
}

extension MF2 {
    /// Text: a literal, a string argument, or the result of `:string`.
    public struct StringValue: MF2Value {
        /// The text.
        public var text: String
        /// Whether `:string` made it, so it selects (a bare literal or argument does not).
        public var isSelectable: Bool
        /// The locale the value was resolved in, if any.
        public var locale: String?

        /// Creates a text value; pass `isSelectable: true` for one `:string` made.
        public init(_ text: String, isSelectable: Bool = false, locale: String? = nil) {
            self.text = text
            self.isSelectable = isSelectable
            self.locale = locale
        }

        /// The text, as a `.string` argument.
        public var argument: MF2.Argument? { .string(text) }
        /// Whether the value selects: only when `:string` made it.
        public var selects: Bool { isSelectable }

        /// Formats as the text itself, of type `string`.
        public func format() -> MF2.FormattedValue { MF2.FormattedValue(type: "string", text: text) }

        /// Whether `key` equals the text (canonically equivalent); throws `bad-selector` unless
        /// `:string` made the value.
        public func matches(_ key: String) throws(MF2.Error) -> Bool {
            guard isSelectable else { throw MF2.Error(.badSelector, "a string selects only through :string") }
            // Swift compares strings by canonical equivalence: NFC on both sides.
            return key == text
        }
    }

    /// The operand of a function whose variable or expression failed to resolve: it has no
    /// value, and its error was already reported.
    public struct UnresolvedValue: MF2Value {
        /// Creates an unresolved value.
        public init() {}
        /// Always `nil`: the value has no argument form.
        public var argument: MF2.Argument? { nil }
        /// Always throws `bad-operand`: the value did not resolve.
        public func format() throws(MF2.Error) -> MF2.FormattedValue {
            throw MF2.Error(.badOperand, "the value did not resolve")
        }
    }

    /// An argument of a type with no formatting of its own (a Boolean).
    struct ArgumentValue: MF2Value {
        var value: MF2.Argument
        var argument: MF2.Argument? { value }
        func format() -> MF2.FormattedValue { MF2.FormattedValue(type: "string", text: value.text) }
    }
}
