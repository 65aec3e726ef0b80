import Foundation

extension MF2 {
    /// The base direction of a message or a formatted value.
    public enum Direction: String, Hashable, Sendable {
        case ltr, rtl, unknown
    }

    /// A value passed into a message: `arguments: ["count": 3, "name": "Ada"]`.
    public enum Argument: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
        ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
    {
        case string(String)
        case int(Int64)
        case double(Double)
        case decimal(Decimal)
        case date(Date)
        case bool(Bool)

        public init(stringLiteral value: String) { self = .string(value) }
        public init(integerLiteral value: Int64) { self = .int(value) }
        public init(floatLiteral value: Double) { self = .double(value) }
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
        public struct Value: Sendable {
            public var value: any MF2Value
            public var isLiteral: Bool

            public init(_ value: any MF2Value, isLiteral: Bool) {
                self.value = value
                self.isLiteral = isLiteral
            }
        }

        public var values: [String: Value]

        public init(_ values: [String: Value] = [:]) { self.values = values }

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
        public var type: String
        public var text: String
        public var pieces: [Piece]

        public struct Piece: Hashable, Sendable {
            public var type: String
            public var value: String
            public init(type: String, value: String) {
                self.type = type
                self.value = value
            }
        }

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
    public var direction: MF2.Direction { .unknown }
    public var locale: String? { nil }
    public var selects: Bool { false }

    public func matches(_ key: String) throws(MF2.Error) -> Bool {
        throw MF2.Error(.badSelector, "this value cannot be used to select a variant")
    }

    public func prefers(_ key: String, over other: String) -> Bool { false }
}

extension MF2 {
    /// Text: a literal, a string argument, or the result of `:string`.
    public struct StringValue: MF2Value {
        public var text: String
        /// Whether `:string` made it, so it selects (a bare literal or argument does not).
        public var isSelectable: Bool
        public var locale: String?

        public init(_ text: String, isSelectable: Bool = false, locale: String? = nil) {
            self.text = text
            self.isSelectable = isSelectable
            self.locale = locale
        }

        public var argument: MF2.Argument? { .string(text) }
        public var selects: Bool { isSelectable }

        public func format() -> MF2.FormattedValue { MF2.FormattedValue(type: "string", text: text) }

        public func matches(_ key: String) throws(MF2.Error) -> Bool {
            guard isSelectable else { throw MF2.Error(.badSelector, "a string selects only through :string") }
            // Swift compares strings by canonical equivalence: NFC on both sides.
            return key == text
        }
    }

    /// The operand of a function whose variable or expression failed to resolve: it has no
    /// value, and its error was already reported.
    public struct UnresolvedValue: MF2Value {
        public init() {}
        public var argument: MF2.Argument? { nil }
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
