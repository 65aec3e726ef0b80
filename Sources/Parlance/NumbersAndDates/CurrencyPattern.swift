import Foundation

/// How one locale writes amounts of one currency, read off Foundation's own output once, so
/// later amounts are written without a trip through Foundation's formatter cache and ICU.
///
/// Through `FloatingPointFormatStyle.Currency`, an amount costs 1.18–1.37 µs on the benchmark
/// machine, most of it finding the ICU formatter again; a server that prices every response
/// pays it on every request. Through a pattern it costs 154–159 ns, in the same runs
/// (2026-11-29, amounts in whole cents; docs/PERFORMANCE.md). A pattern is derived by
/// formatting probe amounts and taking them apart: the prefix and suffix of positive and negative amounts, the digits (Latin,
/// Arabic-Indic, Persian…), the grouping and decimal separators, the group sizes (`1,234,567`,
/// `12,34,567`), whether a four-digit amount is grouped (`1234,50 €` in Spanish), and the
/// currency's decimals.
///
/// A pattern is only used once it has written every amount of ``verificationAmounts`` exactly
/// as Foundation does; a locale whose output does not fit this shape (a pattern with the sign
/// inside the number, an unusual grouping) keeps using Foundation. Amounts are rounded as ICU
/// rounds them: the shortest decimal that reads back as the `Double` (Swift's `description`),
/// rounded half to even (`2.675` → `2.68`, `0.125` → `0.12`); an amount in whole units of the
/// currency's smallest unit (a price in cents) is written from that integer, the same digits
/// without the round trip. Non-finite amounts and amounts of 10¹⁵ or more are left to
/// Foundation.
///
/// A class: the cache hands the same pattern to every request, which then retains one
/// reference instead of copying six strings and five integers.
final class CurrencyPattern: Sendable {
    let positivePrefix: String
    let positiveSuffix: String
    let negativePrefix: String
    let negativeSuffix: String
    /// The scalar value of the locale's zero digit; digits one to nine follow it.
    let zero: UInt32
    let groupingSeparator: String
    let decimalSeparator: String
    let fractionDigits: Int
    /// The size of the group nearest the decimal separator, and of every group above it.
    let primaryGroup: Int
    let secondaryGroup: Int
    /// How many digits the highest group needs before any separator is written (2 in Spanish
    /// and Polish, whose four-digit amounts are not grouped).
    let minimumGrouping: Int

    init(
        positivePrefix: String, positiveSuffix: String, negativePrefix: String, negativeSuffix: String,
        zero: UInt32, groupingSeparator: String, decimalSeparator: String, fractionDigits: Int,
        primaryGroup: Int, secondaryGroup: Int, minimumGrouping: Int
    ) {
        self.positivePrefix = positivePrefix
        self.positiveSuffix = positiveSuffix
        self.negativePrefix = negativePrefix
        self.negativeSuffix = negativeSuffix
        self.zero = zero
        self.groupingSeparator = groupingSeparator
        self.decimalSeparator = decimalSeparator
        self.fractionDigits = fractionDigits
        self.primaryGroup = primaryGroup
        self.secondaryGroup = secondaryGroup
        self.minimumGrouping = minimumGrouping
    }

    /// The largest magnitude the pattern writes; larger amounts go to Foundation.
    static let largestAmount = 1e15

    /// Amounts a pattern must write exactly as Foundation does before it is used: zeros of
    /// both signs, amounts that round half to even in both directions, every group count
    /// from one digit to fifteen, and negatives.
    static let verificationAmounts: [Double] = [
        0, -0.0, 0.004, -0.004, 0.005, 0.015, 0.125, 0.375, 0.5, 1.5, 2.5, 2.675, 1.005, 7,
        12.345, 99.995, 999.5, 1_234.5, 12_345.5, 123_456.789, 1_234_567.125, 12_345_678.9,
        123_456_789.01, 9_999_999_999.999, 123_456_789_012_345, 999_999_999_999_999,
        0.000_001, 1e-7, 3.5e-5, -1.5, -12_345.678, -999_999.995, -123_456_789_012.5,
    ]

    /// The pattern for `style`, or `nil` when Foundation's output does not fit the shape a
    /// pattern can write or a verification amount comes out differently.
    static func derive(_ style: FloatingPointFormatStyle<Double>.Currency) -> CurrencyPattern? {
        guard let pattern = parse(style), verificationAmounts.allSatisfy({ pattern.format($0) == style.format($0) }) else {
            return nil
        }
        return pattern
    }

    /// Reads the pattern off the probes `1234567.125`, its negative, `1234.125` and `12345.125`.
    private static func parse(_ style: FloatingPointFormatStyle<Double>.Currency) -> CurrencyPattern? {
        guard let positive = Probe(style.format(1_234_567.125)), let negative = Probe(style.format(-1_234_567.125)),
              positive.core == negative.core, let four = Probe(style.format(1_234.125)),
              let five = Probe(style.format(12_345.125))
        else { return nil }
        // The integer digits are 1234567; whatever digits follow are the currency's decimals.
        let digits = positive.digits
        guard digits.count >= 7, digits.count <= 7 + 6,
              digits.prefix(7).map(\.value) == [1, 2, 3, 4, 5, 6, 7] else { return nil }
        let fractionDigits = digits.count - 7
        // The separator before each digit: its grouping and decimal separators.
        var groupStarts: [Int] = []
        var groupingSeparator: String?
        for index in 1..<7 where !digits[index].separatorBefore.isEmpty {
            guard groupingSeparator == nil || groupingSeparator == digits[index].separatorBefore else { return nil }
            groupingSeparator = digits[index].separatorBefore
            groupStarts.append(index)
        }
        guard digits.dropFirst(8).allSatisfy({ $0.separatorBefore.isEmpty }) else { return nil }
        let decimalSeparator = fractionDigits > 0 ? digits[7].separatorBefore : ""
        guard fractionDigits == 0 || !decimalSeparator.isEmpty else { return nil }
        // Group sizes from the seven integer digits: [1,234,567] or [12,34,567].
        let primary: Int, secondary: Int
        switch groupStarts.count {
        case 0: primary = 0; secondary = 0
        case 2:
            primary = 7 - groupStarts[1]
            secondary = groupStarts[1] - groupStarts[0]
            guard primary > 0, secondary > 0, groupStarts[0] <= secondary else { return nil }
        default: return nil
        }
        // Four and five integer digits: grouped from four (minimum 1) or from five (minimum 2).
        let minimumGrouping: Int
        let fourGrouped = four.digits.contains { !$0.separatorBefore.isEmpty && $0.separatorBefore != decimalSeparator }
        let fiveGrouped = five.digits.contains { !$0.separatorBefore.isEmpty && $0.separatorBefore != decimalSeparator }
        switch (fourGrouped, fiveGrouped) {
        case (true, true): minimumGrouping = 1
        case (false, true): minimumGrouping = 2
        case (false, false) where primary == 0: minimumGrouping = 1
        default: return nil
        }
        return CurrencyPattern(
            positivePrefix: positive.prefix, positiveSuffix: positive.suffix,
            negativePrefix: negative.prefix, negativeSuffix: negative.suffix,
            zero: digits[0].zero, groupingSeparator: groupingSeparator ?? "", decimalSeparator: decimalSeparator,
            fractionDigits: fractionDigits, primaryGroup: primary, secondaryGroup: secondary,
            minimumGrouping: minimumGrouping)
    }

    /// `amount` written with the pattern, or `nil` for an amount left to Foundation.
    func format(_ amount: Double) -> String? {
        guard amount.isFinite, amount.magnitude < Self.largestAmount else { return nil }
        let negative = amount.sign == .minus
        // At most 15 integer digits, a carry, 6 decimals, and a separator between each.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { digits in
            let count = Self.writeRoundedDigits(amount.magnitude, fractionDigits: fractionDigits, into: digits)
            let integerCount = count - fractionDigits
            let grouped = primaryGroup > 0 && integerCount >= primaryGroup + minimumGrouping
            let prefix = negative ? negativePrefix : positivePrefix
            let suffix = negative ? negativeSuffix : positiveSuffix
            // Exactly the bytes written, so an amount of up to 15 bytes (`37,50 €`) is a small
            // string and allocates nothing: every digit is as wide as the zero (a block of ten
            // never crosses a UTF-8 length boundary), a decimal separator when there are
            // decimals, and a grouping separator per full group left of it.
            let groups = grouped && integerCount > primaryGroup ? 1 + (integerCount - 1 - primaryGroup) / secondaryGroup : 0
            let capacity = prefix.utf8.count + suffix.utf8.count + count * Self.utf8Length(zero + 9)
                + (fractionDigits > 0 ? decimalSeparator.utf8.count : 0) + groups * groupingSeparator.utf8.count
            return String(unsafeUninitializedCapacity: capacity) { bytes in
                var at = 0
                func append(_ text: String) {
                    for byte in text.utf8 { bytes[at] = byte; at += 1 }
                }
                append(prefix)
                for index in 0..<count {
                    if index == integerCount {
                        append(decimalSeparator)
                    } else if grouped, index > 0, index < integerCount {
                        // Digits left of the decimal separator, counted from it.
                        let fromRight = integerCount - index
                        if fromRight == primaryGroup || (fromRight > primaryGroup && (fromRight - primaryGroup) % secondaryGroup == 0) {
                            append(groupingSeparator)
                        }
                    }
                    at = Self.writeUTF8(zero + UInt32(digits[index]), into: bytes, at: at)
                }
                append(suffix)
                return at
            }
        }
    }

    /// How many bytes UTF-8 takes for the scalar value `value`.
    private static func utf8Length(_ value: UInt32) -> Int {
        switch value {
        case ..<0x80: 1
        case ..<0x800: 2
        case ..<0x10000: 3
        default: 4
        }
    }

    /// Writes the UTF-8 encoding of a digit's scalar value at `at` (one to three bytes for
    /// every decimal digit Unicode has, four past the Basic Multilingual Plane); returns the
    /// position after it.
    private static func writeUTF8(_ value: UInt32, into bytes: UnsafeMutableBufferPointer<UInt8>, at: Int) -> Int {
        switch value {
        case ..<0x80:
            bytes[at] = UInt8(value)
            return at + 1
        case ..<0x800:
            bytes[at] = UInt8(0xC0 | (value >> 6))
            bytes[at + 1] = UInt8(0x80 | (value & 0x3F))
            return at + 2
        case ..<0x10000:
            bytes[at] = UInt8(0xE0 | (value >> 12))
            bytes[at + 1] = UInt8(0x80 | ((value >> 6) & 0x3F))
            bytes[at + 2] = UInt8(0x80 | (value & 0x3F))
            return at + 3
        default:
            bytes[at] = UInt8(0xF0 | (value >> 18))
            bytes[at + 1] = UInt8(0x80 | ((value >> 12) & 0x3F))
            bytes[at + 2] = UInt8(0x80 | ((value >> 6) & 0x3F))
            bytes[at + 3] = UInt8(0x80 | (value & 0x3F))
            return at + 4
        }
    }

    /// The digits of `magnitude` rounded half to even to `fractionDigits` decimals, with at
    /// least one integer digit: `roundedDigits(2.675, 2)` is `[2, 6, 8]`.
    static func roundedDigits(_ magnitude: Double, fractionDigits: Int) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { digits in
            Array(digits[..<writeRoundedDigits(magnitude, fractionDigits: fractionDigits, into: digits)])
        }
    }

    /// What ``roundedDigits(_:fractionDigits:)`` writes through the shortest decimal alone,
    /// with the whole-unit path left out (for the tests that hold the two to each other).
    static func roundedDigitsThroughDescription(_ magnitude: Double, fractionDigits: Int) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { digits in
            Array(digits[..<writeRoundedDigits(magnitude, fractionDigits: fractionDigits, into: digits, wholeUnits: false)])
        }
    }

    /// The powers of ten a currency's decimals scale by, each exact as a `Double`.
    private static let scales: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// The digits of an amount that is a whole number of the currency's smallest unit (37.5 €
    /// is 3,750 cents, a price almost always is), written from that integer with no trip
    /// through the shortest decimal; `nil` for any other amount.
    ///
    /// When `magnitude × 10^fractionDigits` comes out as an integer `n` below 2⁵⁰, the exact
    /// product is within half a unit in the last place of `n` of it, at most 1/16; the shortest
    /// decimal of `magnitude` is within half a unit in its last place of `magnitude`, at most 1/8
    /// once scaled. So the shortest decimal scaled is within 3/16 of `n`, far from any half, and
    /// rounds to `n` whatever the tie rule: what the general path writes. Tests compare the two
    /// over every kind of amount.
    static func writeWholeUnits(_ magnitude: Double, fractionDigits: Int, into digits: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        guard fractionDigits >= 0, fractionDigits < scales.count else { return nil }
        let scaled = magnitude * scales[fractionDigits]
        guard scaled >= 0, scaled < 0x1p50, scaled == scaled.rounded(.towardZero) else { return nil }
        var units = UInt64(scaled)
        // Right to left into the end of the buffer, then moved to the front: at least one
        // integer digit and every decimal, zeros in front ("0.05").
        var start = digits.count
        repeat {
            start -= 1
            digits[start] = UInt8(truncatingIfNeeded: units % 10)
            units /= 10
        } while units > 0 || digits.count - start <= fractionDigits
        let count = digits.count - start
        for index in 0..<count { digits[index] = digits[start + index] }
        return count
    }

    /// Writes the digits of `magnitude` (below 10¹⁵) rounded half to even to `fractionDigits`
    /// (at most 6) decimals into `digits`, with at least one integer digit; returns how many.
    ///
    /// Rounds the shortest decimal that reads back as the `Double`, as ICU does, not its
    /// exact binary value (`2.675` is stored as `2.67499999…`, yet ICU writes `2.68`).
    static func writeRoundedDigits(
        _ magnitude: Double, fractionDigits: Int, into digits: UnsafeMutableBufferPointer<UInt8>, wholeUnits: Bool = true
    ) -> Int {
        if wholeUnits, let written = writeWholeUnits(magnitude, fractionDigits: fractionDigits, into: digits) { return written }
        // Swift's description is the shortest round-trip decimal: "1234.5", "1e-07", "1.5e+20".
        var description = magnitude.description
        return description.withUTF8 { text in
            // The significant digits, leading zeros dropped, and where the point falls: the
            // value is 0.d₁d₂… × 10^(pointAt ± exponent). A Double has at most 17 of them.
            var count = 0
            var pointAt: Int?
            var exponent = 0
            var exponentSign = 1
            var inExponent = false
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
                for byte in text {
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"):
                        let digit = byte &- UInt8(ascii: "0")
                        if inExponent {
                            exponent = exponent &* 10 &+ Int(digit)
                        } else if count == 0 && digit == 0 {
                            // A leading zero: it moves the point, unless the point is not read yet.
                            if pointAt != nil { pointAt! -= 1 }
                        } else if count < buffer.count {
                            buffer[count] = digit
                            count += 1
                        }
                    case UInt8(ascii: "."): pointAt = count
                    case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
                    case UInt8(ascii: "-"): exponentSign = -1
                    default: break
                    }
                }
                let integerDigits = (pointAt ?? count) + exponentSign * exponent
                let keep = integerDigits + fractionDigits
                var written = 0
                if keep > 0 {
                    let copied = min(keep, count)
                    for index in 0..<copied { digits[index] = buffer[index] }
                    for index in copied..<keep { digits[index] = 0 }
                    written = keep
                }
                if keep >= 0 && keep < count {
                    let first = buffer[keep]
                    var exactlyHalf = first == 5
                    if exactlyHalf { for index in (keep + 1)..<count where buffer[index] != 0 { exactlyHalf = false; break } }
                    let lastIsOdd = written > 0 && digits[written - 1] % 2 == 1
                    if first > 5 || (first == 5 && (!exactlyHalf || lastIsOdd)) {
                        var index = written - 1
                        while index >= 0 && digits[index] == 9 { digits[index] = 0; index -= 1 }
                        if index >= 0 {
                            digits[index] += 1
                        } else {
                            // 9.99 → 10.0: one more digit in front.
                            var move = written
                            while move > 0 { digits[move] = digits[move - 1]; move -= 1 }
                            digits[0] = 1
                            written += 1
                        }
                    }
                }
                // At least one integer digit and every decimal: zeros in front ("0.05").
                let minimum = fractionDigits + 1
                if written < minimum {
                    let shift = minimum - written
                    var move = written - 1
                    while move >= 0 { digits[move + shift] = digits[move]; move -= 1 }
                    for index in 0..<shift { digits[index] = 0 }
                    written = minimum
                }
                return written
            }
        }
    }
}

/// A formatted probe taken apart: the text before the first digit and after the last, the
/// digits, and what separates each digit from the one before it.
private struct Probe {
    struct Digit {
        var value: UInt32
        var zero: UInt32
        var separatorBefore: String
    }

    var prefix: String
    var suffix: String
    var digits: [Digit]
    /// The digits and separators as written, for comparing positive and negative probes.
    var core: String

    init?(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        func decimal(_ scalar: Unicode.Scalar) -> UInt32? {
            guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
                  value >= 0, value <= 9 else { return nil }
            return UInt32(value)
        }
        guard let first = scalars.firstIndex(where: { decimal($0) != nil }),
              let last = scalars.lastIndex(where: { decimal($0) != nil }) else { return nil }
        var digits: [Digit] = []
        var separator = String.UnicodeScalarView()
        for scalar in scalars[first...last] {
            if let value = decimal(scalar) {
                let zero = scalar.value - value
                // One digit system throughout.
                if let previous = digits.last, previous.zero != zero { return nil }
                digits.append(Digit(value: value, zero: zero, separatorBefore: String(separator)))
                separator = String.UnicodeScalarView()
            } else {
                separator.append(scalar)
            }
        }
        var prefixScalars = String.UnicodeScalarView()
        prefixScalars.append(contentsOf: scalars[..<first])
        var suffixScalars = String.UnicodeScalarView()
        suffixScalars.append(contentsOf: scalars[(last + 1)...])
        var coreScalars = String.UnicodeScalarView()
        coreScalars.append(contentsOf: scalars[first...last])
        prefix = String(prefixScalars)
        suffix = String(suffixScalars)
        self.digits = digits
        core = String(coreScalars)
    }
}

/// The currency patterns one ``LocaleFormatter`` has derived, one per code it was asked for.
///
/// Bounded: after ``capacity`` codes, further codes are formatted by Foundation, neither
/// derived nor kept.
/// A code whose pattern could not be derived is kept as `nil`, so it is not derived again.
final class CurrencyPatternCache: Sendable {
    static let capacity = 32

    /// The first code asked for, read without a lock: most apps and servers price in one
    /// currency, and the lock showed under load.
    private let first = OnceReference<Entry>()
    private let patterns = Locked<[UInt32: CurrencyPattern?]>([:])
    private let locale: Locale

    /// A code packed in an integer, and its pattern (`nil`: Foundation writes that code).
    private final class Entry: Sendable {
        let key: UInt32
        let pattern: CurrencyPattern?
        init(key: UInt32, pattern: CurrencyPattern?) {
            self.key = key
            self.pattern = pattern
        }
    }

    init(locale: Locale) {
        self.locale = locale
    }

    /// How many codes are kept, derived or not.
    var count: Int { patterns.withLock { $0.count } }

    /// `amount` in the currency `isoCode` (upper-case, three letters), through the code's
    /// pattern when it has one, else through Foundation.
    func format(_ amount: Double, isoCode: String) -> String {
        pattern(isoCode)?.format(amount) ?? FloatingPointFormatStyle<Double>.Currency(code: isoCode, locale: locale).format(amount)
    }

    private func pattern(_ isoCode: String) -> CurrencyPattern? {
        // The three upper-case letters packed in an integer: compared and hashed faster than a string.
        let key = isoCode.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        if let entry = first.load(), entry.key == key { return entry.pattern }
        let (cached, full) = patterns.withLock { ($0[key], $0.count >= Self.capacity) }
        if let cached { return cached }
        // Not derived either when full: deriving costs some thirty trips through Foundation.
        if full { return nil }
        // Derived outside the lock: a few dozen Foundation calls, which may run twice when
        // two threads ask at once; both derive the same pattern.
        let derived = CurrencyPattern.derive(.init(code: isoCode, locale: locale))
        let kept = patterns.withLock { patterns in
            guard patterns.count < Self.capacity else { return false }
            patterns[key] = .some(derived)
            return true
        }
        if kept { _ = first.storeIfNil(Entry(key: key, pattern: derived)) }
        return derived
    }
}
