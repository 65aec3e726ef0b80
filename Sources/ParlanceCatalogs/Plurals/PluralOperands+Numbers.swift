#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PluralOperands {
    /// The operands of a `Double`, written the shortest way that reads back the same.
    ///
    /// A `Double` keeps no trailing zeros, so `1.0` is the whole number 1 (English "one")
    /// and `1.5` has one visible fraction digit; pass the formatted text to
    /// ``init(decimalString:)`` when the zeros shown to the reader matter.
    /// NaN and the infinities count as a huge whole number (see ``PluralOperands``).
    public init(_ value: Double) {
        let magnitude = value.magnitude
        guard magnitude.isFinite else {
            self = .unwritable
            return
        }
        if magnitude < 1e18, magnitude.rounded(.towardZero) == magnitude {
            self.init(n: magnitude, i: UInt64(magnitude), v: 0, w: 0, f: 0, t: 0, c: 0)
        } else if let operands = Self.fewFractionDigits(magnitude) {
            self = operands
        } else {
            self.init(shortestDescriptionOf: magnitude)
        }
    }

    /// Operands from Swift's shortest description of `magnitude`; always right, but it
    /// formats a string, so the public initialiser tries a faster way first.
    init(shortestDescriptionOf magnitude: Double) {
        var text = magnitude.description
        let operands = text.withUTF8 { bytes in
            WrittenNumber(bytes).map { PluralOperands($0, bytes: bytes, compact: false, n: magnitude) }
        }
        self = operands ?? .unwritable
    }

    /// The shortest digits of a `Double` with 1 to 15 fraction digits, found without strings.
    ///
    /// For k = 1, 2, … takes d = `magnitude × 10^k` rounded; the first d for which d ÷ 10^k
    /// reads back as `magnitude` is the shortest representation. d and 10^k are exact
    /// `Double`s (d < 2⁵³, k ≤ 22), so that one division is correctly rounded like any
    /// reading of the text "d × 10^-k" would be.
    static func fewFractionDigits(_ magnitude: Double) -> PluralOperands? {
        var scale = 1.0
        for digits in 1...15 {
            scale *= 10
            let scaled = (magnitude * scale).rounded()
            guard scaled < 9_007_199_254_740_992 else { return nil }
            guard scaled / scale == magnitude else { continue }
            let divisor = UInt64(scale)
            let fraction = UInt64(scaled) % divisor
            var trimmed = fraction
            var trimmedCount = digits
            while trimmedCount > 0, trimmed % 10 == 0 {
                trimmed /= 10
                trimmedCount -= 1
            }
            return PluralOperands(
                n: magnitude, i: UInt64(scaled) / divisor, v: trimmedCount, w: trimmedCount,
                f: trimmed, t: trimmed, c: 0
            )
        }
        return nil
    }

    /// The operands of a `Decimal`, written the way its description writes it.
    ///
    /// Foundation drops trailing zeros from a `Decimal` (`Decimal(string: "1.50")` is 1.5),
    /// so pass formatted text to ``init(decimalString:)`` when the zeros matter.
    public init(_ value: Decimal) {
        if value.isNaN {
            self = .unwritable
            return
        }
        // A description too long for the exact reading (38 digits and an exponent) is still
        // a number: its nearest Double.
        self = PluralOperands(decimalString: value.description)
            ?? Double(value.description).map { PluralOperands($0 as Double) } ?? .unwritable
    }
}
