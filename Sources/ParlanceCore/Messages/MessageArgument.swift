#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value placed into a message: typed, so formatting never reads memory it was not given.
///
/// C's `printf` trusts the template to say what each argument is; a translated template
/// is content, and content is untrusted. Here each argument carries its own type, and
/// every conversion decides what it accepts (see `Sources/ParlanceCore/ParlanceCore.docc/PluralsAndMessages.md`, "Type rules").
///
/// ```swift
/// formatter.format("%@ has %lld new messages", ["Ada", 3])
/// formatter.format("%.2f km", [MessageArgument(distance)])
/// ```
public enum MessageArgument: Sendable, Hashable {
    /// Text, placed by `%@`, `%s` and `{name}`.
    case string(String)
    /// A signed whole number.
    case int(Int64)
    /// An unsigned whole number too large for ``int(_:)`` or meant to stay unsigned.
    case uint(UInt64)
    /// A binary floating-point number.
    case double(Double)
    /// A decimal number, such as money, that keeps its decimal digits for plural rules.
    case decimal(Decimal)

    /// Any integer; values beyond 64 bits become ``decimal(_:)``.
    public init(_ value: some BinaryInteger) {
        if let signed = Int64(exactly: value) {
            self = .int(signed)
        } else if let unsigned = UInt64(exactly: value) {
            self = .uint(unsigned)
        } else {
            self = .decimal(Decimal(string: String(value)) ?? .nan)
        }
    }

    /// Any binary floating-point number, widened or narrowed to `Double`. (Spelled with
    /// `CustomStringConvertible` so it is more specific than ``init(_:)-(CustomStringConvertible)``,
    /// as `BinaryInteger`, which refines that protocol, already is.)
    public init(_ value: some BinaryFloatingPoint & CustomStringConvertible) {
        self = .double(Double(value))
    }

    /// A decimal number.
    public init(_ value: Decimal) {
        self = .decimal(value)
    }

    /// Anything with a description, placed as that text.
    public init(_ value: some CustomStringConvertible) {
        self = .string(value.description)
    }
}

extension MessageArgument: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension MessageArgument: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self = .int(value) }
}

extension MessageArgument: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension MessageArgument: CustomStringConvertible {
    /// The argument as `%@` and `{name}` place it: text as is, numbers in the POSIX
    /// style, whole doubles without `.0` (as `NSNumber` prints them).
    public var description: String {
        switch self {
        case .string(let text): text
        case .int(let value): String(value)
        case .uint(let value): String(value)
        case .double(let value): Self.text(of: value)
        case .decimal(let value): value.description
        }
    }

    static func text(of value: Double) -> String {
        // NSNumber prints a negative zero as "-0"; Int64(-0.0) would lose the sign.
        if value == 0, value.sign == .minus { return "-0" }
        if value == value.rounded(.towardZero), abs(value) < 1e16 {
            return String(Int64(value))
        }
        return value.description
    }
}
