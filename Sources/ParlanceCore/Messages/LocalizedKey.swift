#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A key as Swift code writes it, with the values its interpolations carry:
/// `localizer.string("You have \(count) new messages")`.
///
/// A literal with interpolations builds the key exactly as Xcode's compiler builds it for
/// `String.LocalizationValue`, so the key is the one Xcode (and `parlance extract`) writes
/// into a String Catalog: each interpolation becomes the format specifier of its type and a
/// literal `%` becomes `%%`. The values are kept, in order, as the message's arguments, and
/// render the value found in the language shown: a plural variation is chosen by the number.
/// Floating-point values are written with the language's decimal separator (`2,5` in French),
/// as `String(format:locale:)` and Apple's `String(localized:)` write them; integers as printf
/// writes them. For grouping, currency or a language's own digits, interpolate the text
/// the `Parlance` module's `LocaleFormatter` makes.
///
/// ```swift
/// let count = 3
/// let key: LocalizedKey = "You have \(count) new messages"
/// key.key         // "You have %lld new messages"
/// key.arguments   // [.int(3)]
/// localizer.string("You have \(count) new messages")   // "Vous avez 3 nouveaux messages"
/// ```
///
/// | Interpolated value | Specifier |
/// |---|---|
/// | `Int`, `Int64` | `%lld` |
/// | `Int8`, `Int16`, `Int32` | `%d` |
/// | `UInt`, `UInt64` | `%llu` |
/// | `UInt8`, `UInt16`, `UInt32` | `%u` |
/// | `Double` | `%lf` |
/// | `Float` | `%f` |
/// | `String`, `Substring`, `Decimal`, `Date`, `URL`, `UUID`, ``MessageArgument`` text | `%@` |
/// | `\(value, specifier: "%.2f")` | the specifier as written |
/// | anything else | `%@`, its description (with the warning Apple's API gives) |
///
/// A literal without interpolations is the key as written, and is looked up without
/// formatting, exactly as a `String` key.
///
/// Code that builds a key at runtime, `localizer.string("item.\(id).title")`, keeps working:
/// when no catalog holds Xcode's key (`item.%lld.title`), the text the literal makes
/// (`item.42.title`) is looked up as a `String` key is, and `localizer.string("\(key)")` with a
/// `String` value is the lookup of that value (the one place Parlance departs from Xcode, which
/// extracts `"\(name)"` as the key `%@`; ParlanceFoundation's `String(localized:)` does not
/// depart). A literal with no space in it (`"item.\(id).title"`)
/// that no catalog holds either way is a missing built key: it shows, and is reported as, the text
/// it makes, and `default:` is shown as written, as a `String` key's is; `parlance extract` writes
/// no key for it. Any other missing message shows Xcode's key rendered with the values (`%lf`
/// writes `2.500000`, as Apple's API does), `default:` rendered with them too, and is reported
/// under Xcode's key.
public struct LocalizedKey: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The key a catalog holds: the literal with a format specifier for each interpolation.
    public let key: String
    /// The interpolated values, in order: the message's arguments.
    public let arguments: [MessageArgument]

    /// A key and its arguments as given: `key` is not escaped (a `%` stays one).
    @inlinable
    public init(_ key: String, arguments: [MessageArgument] = []) {
        self.key = key
        self.arguments = arguments
    }

    /// A literal with no interpolation: the key as written.
    @inlinable
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// A literal with interpolations: the key Xcode writes, and the values.
    @inlinable
    public init(stringInterpolation: StringInterpolation) {
        self.init(stringInterpolation.key, arguments: stringInterpolation.arguments)
    }

    /// The key.
    public var description: String { key }

    /// The text the literal makes as a plain Swift string would (`item.42.title` for
    /// `"item.\(42).title"`, `zoom.2.0` for `"zoom.\(2.0)"`): each specifier replaced by what
    /// Swift's interpolation writes for its value, `%%` by `%`.
    /// `nil` when the key holds a specifier the values do not fill.
    package var interpolatedText: String? {
        var text = ""
        var next = 0
        var utf8 = key.utf8[...]
        while let percent = utf8.firstIndex(of: UInt8(ascii: "%")) {
            text += Substring(utf8[..<percent])
            var index = utf8.index(after: percent)
            guard index < utf8.endIndex else { return nil }
            if utf8[index] == UInt8(ascii: "%") {
                text += "%"
                utf8 = utf8[utf8.index(after: index)...]
                continue
            }
            // Flags, width, precision and length, then the conversion: one specifier, one value.
            while index < utf8.endIndex, Self.specifierBody.contains(utf8[index]) { index = utf8.index(after: index) }
            guard index < utf8.endIndex, next < arguments.count else { return nil }
            text += Self.swiftText(of: arguments[next], isFloat: utf8.index(after: percent) == index && utf8[index] == UInt8(ascii: "f"))
            next += 1
            utf8 = utf8[utf8.index(after: index)...]
        }
        text += Substring(utf8)
        return next == arguments.count ? text : nil
    }

    /// What `"\(value)"` writes for an interpolated value: `2.0` for a whole `Double`, `0.1` for
    /// `Float(0.1)` (a bare `%f` marks a `Float`, widened to a `Double` in the arguments).
    private static func swiftText(of argument: MessageArgument, isFloat: Bool) -> String {
        guard case .double(let value) = argument else { return argument.description }
        return isFloat ? String(Float(value)) : String(value)
    }

    /// The bytes between `%` and a conversion: flags, width, precision, length modifiers.
    private static let specifierBody: Set<UInt8> = Set("-+ #0'123456789.*$hlqLzjt".utf8)

    /// Builds a key as Xcode's compiler does for `String.LocalizationValue`.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        // Inlinable, with the appends below: a call site builds its key without a call per piece.
        @usableFromInline var key: String
        @usableFromInline var arguments: [MessageArgument]

        @inlinable
        public init(literalCapacity: Int, interpolationCount: Int) {
            key = ""
            key.reserveCapacity(literalCapacity + 4 * interpolationCount)
            arguments = []
            arguments.reserveCapacity(interpolationCount)
        }

        /// Literal text; a `%` becomes `%%`, so the key is a format that shows it.
        @inlinable
        public mutating func appendLiteral(_ literal: String) {
            guard literal.utf8.contains(UInt8(ascii: "%")) else {
                key += literal
                return
            }
            // By scalar: a `%` followed by a combining mark is one Character but still a `%`.
            for scalar in literal.unicodeScalars {
                if scalar == "%" { key += "%%" } else { key.unicodeScalars.append(scalar) }
            }
        }

        @inlinable
        package mutating func append(_ argument: MessageArgument, specifier: String) {
            key += specifier
            arguments.append(argument)
        }

        /// A string: `%@`.
        @inlinable
        public mutating func appendInterpolation(_ string: String) { append(.string(string), specifier: "%@") }
        /// A substring: `%@`.
        public mutating func appendInterpolation(_ substring: Substring) { append(.string(String(substring)), specifier: "%@") }
        /// An `Int`: `%lld`.
        @inlinable
        public mutating func appendInterpolation(_ value: Int) { append(.int(Int64(value)), specifier: "%lld") }
        /// An `Int64`: `%lld`.
        public mutating func appendInterpolation(_ value: Int64) { append(.int(value), specifier: "%lld") }
        /// An `Int32`: `%d`.
        public mutating func appendInterpolation(_ value: Int32) { append(.int(Int64(value)), specifier: "%d") }
        /// An `Int16`: `%d`.
        public mutating func appendInterpolation(_ value: Int16) { append(.int(Int64(value)), specifier: "%d") }
        /// An `Int8`: `%d`.
        public mutating func appendInterpolation(_ value: Int8) { append(.int(Int64(value)), specifier: "%d") }
        /// A `UInt`: `%llu`.
        public mutating func appendInterpolation(_ value: UInt) { append(MessageArgument(value), specifier: "%llu") }
        /// A `UInt64`: `%llu`.
        public mutating func appendInterpolation(_ value: UInt64) { append(MessageArgument(value), specifier: "%llu") }
        /// A `UInt32`: `%u`.
        public mutating func appendInterpolation(_ value: UInt32) { append(.int(Int64(value)), specifier: "%u") }
        /// A `UInt16`: `%u`.
        public mutating func appendInterpolation(_ value: UInt16) { append(.int(Int64(value)), specifier: "%u") }
        /// A `UInt8`: `%u`.
        public mutating func appendInterpolation(_ value: UInt8) { append(.int(Int64(value)), specifier: "%u") }
        /// A `Double`: `%lf`.
        @inlinable
        public mutating func appendInterpolation(_ value: Double) { append(.double(value), specifier: "%lf") }
        #if !canImport(FoundationEssentials)
        /// A `CGFloat`: `%lf`, as a `Double` (on Linux, where `CGFloat` is Foundation's, the
        /// `Parlance` module declares this overload).
        public mutating func appendInterpolation(_ value: CGFloat) { append(.double(Double(value)), specifier: "%lf") }
        #endif
        /// A `Float`: `%f`.
        public mutating func appendInterpolation(_ value: Float) { append(.double(Double(value)), specifier: "%f") }
        /// A `Decimal`: `%@`, its digits kept for plural rules.
        public mutating func appendInterpolation(_ value: Decimal) { append(.decimal(value), specifier: "%@") }
        /// A `Date`: `%@`, as `%@` prints an `NSDate`; to show a date in the language shown,
        /// interpolate the text the `Parlance` module's `LocaleFormatter` makes of it.
        public mutating func appendInterpolation(_ value: Date) { append(value.messageArgument, specifier: "%@") }
        /// A `URL`: `%@`, its absolute string, as `%@` prints an `NSURL`.
        public mutating func appendInterpolation(_ value: URL) { append(.string(value.absoluteString), specifier: "%@") }
        /// A `UUID`: `%@`, its uppercase text, as `%@` prints an `NSUUID`.
        public mutating func appendInterpolation(_ value: UUID) { append(.string(value.uuidString), specifier: "%@") }
        /// A message argument: the specifier of its case (`%lld`, `%llu`, `%lf`, `%@`).
        public mutating func appendInterpolation(_ value: MessageArgument) {
            switch value {
            case .int: append(value, specifier: "%lld")
            case .uint: append(value, specifier: "%llu")
            case .double: append(value, specifier: "%lf")
            case .string, .decimal: append(value, specifier: "%@")
            }
        }

        /// An integer with the specifier written into the key as given (`%05lld`, `%x`).
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T, specifier: String) {
            append(MessageArgument(value), specifier: specifier)
        }

        /// A floating-point number with the specifier written into the key as given (`%.2f`).
        public mutating func appendInterpolation<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T, specifier: String) {
            append(MessageArgument(value), specifier: specifier)
        }

        /// Any other value: `%@` and its description, with the warning Apple's API gives for a
        /// value it has no overload for (`Bool`, an enum, an optional).
        @available(*, deprecated, message: "Localized string interpolation produces an unlocalized, debug description for this type of value. Use String(describing:) to make this explicit and silence this warning or provide a different value that has built-in support.")
        public mutating func appendInterpolation<T>(_ value: T) {
            append(.string(String(describing: value)), specifier: "%@")
        }
    }
}

extension LocalizedKey {
    /// The specifier each interpolated type writes into a key, by the type's name as code
    /// spells it: what `parlance extract` writes when it can see a value's declared type.
    /// `LocalizedKeyTests` checks that every overload above writes what this says.
    package static let specifiersByTypeName: [String: String] = [
        "Int": "%lld", "Int64": "%lld", "Int32": "%d", "Int16": "%d", "Int8": "%d",
        "UInt": "%llu", "UInt64": "%llu", "UInt32": "%u", "UInt16": "%u", "UInt8": "%u",
        "Double": "%lf", "CGFloat": "%lf", "Float": "%f", "Float32": "%f", "Float64": "%lf",
        "String": "%@", "Substring": "%@", "Decimal": "%@", "Date": "%@", "URL": "%@", "UUID": "%@",
    ]
}
