import Foundation
import ParlanceCatalogs
import Synchronization

/// What number formatting needs of one locale, made once: the `Locale`, its separators, the
/// plain number style, and the text direction. A formatter meets the same few locales again
/// and again; making a `Locale` and a `FormatStyle` costs more than formatting with them.
///
/// At most ``capacity`` locales are kept: a message may name any locale in `u:locale`, and
/// content is untrusted, so past the cap the cache is emptied and refilled (no entry is ever
/// needed for correctness, only for speed).
final class MF2LocaleData: Sendable {
    static let capacity = 64

    let tag: String
    let locale: Locale
    let decimalSeparator: String
    let groupingSeparator: String
    /// `:number` without options: grouping, at most three fraction digits, rounded half away
    /// from zero (the specification's default, where ICU's own is half even).
    let plainStyle: Decimal.FormatStyle
    let direction: MF2.Direction
    let cardinalRules: PluralRules?
    let ordinalRules: PluralRules?
    /// How the plain style writes whole numbers, when it is simple enough to write without ICU
    /// (ASCII digits, groups of three): learnt from ICU's own output for probe values, so it
    /// agrees with ICU wherever it is used; `nil` (Indian grouping, native digits) keeps ICU.
    let integers: IntegerPattern?
    /// The cardinal category of 0 ..< 128, worked out once: most counts a message selects on
    /// are small, and the rules need not run for them.
    private let smallCardinals: [PluralCategory]

    struct IntegerPattern: Sendable {
        var group: String
        /// Groups are used from this many integer digits on (4, or 5 where CLDR's minimum
        /// grouping digits is 2, as in Spanish and Polish).
        var groupingFrom: Int
        var minus: String

        func format(_ value: Int64) -> String {
            let digits = String(value.magnitude)
            guard digits.utf8.count >= groupingFrom else { return value < 0 ? minus + digits : digits }
            var text = value < 0 ? minus : ""
            var count = digits.utf8.count
            for digit in digits.unicodeScalars {
                text.unicodeScalars.append(digit)
                count -= 1
                if count > 0, count % 3 == 0 { text += group }
            }
            return text
        }
    }

    private init(tag: String) {
        self.tag = tag
        locale = Locale(identifier: tag)
        decimalSeparator = locale.decimalSeparator ?? "."
        groupingSeparator = locale.groupingSeparator ?? ","
        plainStyle = Decimal.FormatStyle(locale: locale).rounded(rule: .toNearestOrAwayFromZero)
            .precision(.integerAndFractionLength(integerLimits: 1..., fractionLimits: 0...3))
        direction = MF2.computeDirection(ofLocale: tag)
        cardinalRules = PluralRules.cardinal(for: tag)
        ordinalRules = PluralRules.ordinal(for: tag)
        integers = Self.learnIntegers(plainStyle, group: groupingSeparator)
        smallCardinals = cardinalRules.map { rules in (0..<128).map { rules.category(for: UInt64($0)) } } ?? []
    }

    /// The cardinal plural category of a whole number (`other` where CLDR has no rules).
    func cardinalCategory(of whole: Int64) -> PluralCategory {
        let magnitude = whole.magnitude
        if magnitude < UInt64(smallCardinals.count) { return smallCardinals[Int(magnitude)] }
        return cardinalRules?.category(for: magnitude) ?? .other
    }

    /// The pattern of whole numbers, from ICU's text for probe values; `nil` unless every probe
    /// is exactly what the pattern would write.
    private static func learnIntegers(_ style: Decimal.FormatStyle, group: String) -> IntegerPattern? {
        let probes: [Int64] = [-5, 0, 1234, 12345, 1234567, -1234]
        let texts = probes.map { Decimal($0).formatted(style) }
        guard let minus = texts[0].hasSuffix("5") ? String(texts[0].dropLast()) : nil, !minus.isEmpty else { return nil }
        for groupingFrom in [4, 5] {
            let pattern = IntegerPattern(group: group, groupingFrom: groupingFrom, minus: minus)
            if zip(probes, texts).allSatisfy({ pattern.format($0) == $1 }) { return pattern }
        }
        return nil
    }

    private static let cache = Mutex<[String: MF2LocaleData]>([:])

    /// The data of `tag`, made on first use.
    static func of(_ tag: String) -> MF2LocaleData {
        if let known = cache.withLock({ $0[tag] }) { return known }
        let made = MF2LocaleData(tag: tag)
        return cache.withLock { cache in
            if let raced = cache[tag] { return raced }
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[tag] = made
            return made
        }
    }

    /// How many locales are kept now (for the test that proves the cache is bounded).
    static var count: Int { cache.withLock { $0.count } }
}
