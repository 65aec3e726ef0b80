#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an argument becomes for an integer conversion (`%d`, `%u`, `%x`, …).
enum WholeNumberConversion: Equatable {
    /// The value as sign and magnitude; `truncated` when a fraction was dropped.
    case value(negative: Bool, magnitude: UInt64, truncated: Bool)
    /// Text that does not read as a number.
    case notANumber
    /// A number with no 64-bit integer value: too large, infinite or NaN.
    case outOfRange
}

extension MessageArgument {
    /// The argument as a number, when it is one; text counts when all of it reads as a number.
    var numericValue: MessageArgument? {
        switch self {
        case .int, .uint, .double, .decimal:
            return self
        case .string(let text):
            if let value = Int64(text) { return .int(value) }
            if let value = UInt64(text) { return .uint(value) }
            if let value = Double(text) { return .double(value) }
            return nil
        }
    }

    /// Whether the argument has a number type (text that reads as a number does not count).
    var isNumber: Bool {
        if case .string = self { return false }
        return true
    }

    /// The argument as an integer conversion reads it: fractions are dropped toward zero.
    var wholeNumber: WholeNumberConversion {
        switch numericValue {
        case nil:
            return .notANumber
        case .int(let value)?:
            return .value(negative: value < 0, magnitude: value.magnitude, truncated: false)
        case .uint(let value)?:
            return .value(negative: false, magnitude: value, truncated: false)
        case .double(let value)?:
            guard value.isFinite else { return .outOfRange }
            let whole = value.rounded(.towardZero)
            let truncated = whole != value
            if let signed = Int64(exactly: whole) {
                return .value(negative: signed < 0, magnitude: signed.magnitude, truncated: truncated)
            }
            if let unsigned = UInt64(exactly: whole) {
                return .value(negative: false, magnitude: unsigned, truncated: truncated)
            }
            return .outOfRange
        case .decimal(let value)?:
            guard !value.isNaN else { return .outOfRange }
            // Toward zero, read off the digits (`Decimal.description` writes them all, never an
            // exponent): FoundationEssentials has no rounding, and `NSDecimalRound`'s `.down`
            // floored negative values (-3.75 read as -4) where a Double reads as -3.
            let text = value.description
            let point = text.utf8.firstIndex(of: UInt8(ascii: ".")) ?? text.utf8.endIndex
            let truncated = text.utf8[point...].contains { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }
            let whole = Substring(text.utf8[..<point])
            let negative = whole.hasPrefix("-")
            guard let magnitude = UInt64(negative ? whole.dropFirst() : whole) else { return .outOfRange }
            guard !negative || magnitude <= UInt64(Int64.max) + 1 else { return .outOfRange }
            return .value(negative: negative && magnitude != 0, magnitude: magnitude, truncated: truncated)
        case .string?:
            return .notANumber
        }
    }

    /// The argument as a floating-point conversion reads it.
    var doubleValue: Double? {
        switch numericValue {
        case .int(let value)?: Double(value)
        case .uint(let value)?: Double(value)
        case .double(let value)?: value
        case .decimal(let value)?: value.isNaN ? .nan : Double(value.description)
        case .string?, nil: nil
        }
    }

    /// A short description for diagnostics: numbers as is, text quoted and shortened.
    var diagnosticDescription: String {
        switch self {
        case .string(let text):
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "the text \"\(shown)\""
        default:
            return description
        }
    }
}
