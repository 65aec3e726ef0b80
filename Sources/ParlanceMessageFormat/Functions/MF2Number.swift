import Foundation
import ParlanceCatalogs

extension MF2 {
    /// A number resolved by `:number`, `:integer`, `:percent`, `:offset` or `:currency`, or a
    /// numeric argument placed without a function: its value, how it formats, how it selects.
    public struct NumberValue: MF2Value {
        /// How a number formats: as `:number`, `:integer`, `:percent` or `:currency` does.
        public enum Style: Hashable, Sendable {
            /// A plain number, an integer (no fraction digits), or a percentage (the value times 100).
            case number, integer, percent
            /// An amount of money in the currency with this three-letter code (`EUR`).
            case currency(String)
        }

        /// How a number selects: exact keys only, or exact keys then plural or ordinal rules.
        public enum Selection: String, Hashable, Sendable {
            /// Exact keys then plural rules, exact keys then ordinal rules, or exact keys only.
            case plural, ordinal, exact
        }

        /// The value (for `:percent`, before it is multiplied by 100).
        public var value: Decimal {
            didSet { wholeValue = nil }
        }
        /// How the number formats.
        public var style: Style
        /// The options that shape formatting, validated: `minimumFractionDigits`, `signDisplay`, …
        public var options: [String: String]
        /// `nil` when the value cannot select (`select` set from a variable, a currency, or an
        /// argument placed without a function).
        public var selection: Selection?
        /// The locale the number is formatted in and whose plural rules it selects by (a BCP 47 tag).
        public var localeTag: String

        /// The locale the number is formatted in, `localeTag`.
        public var locale: String? { localeTag }
        /// The value, as a `.decimal` argument.
        public var argument: MF2.Argument? { .decimal(value) }
        /// The direction of text in the value's locale.
        public var direction: MF2.Direction { data.direction }
        /// Whether the number selects: when `selection` is not `nil`.
        public var selects: Bool { selection != nil }

        /// The value shown and selected on: `:percent` multiplies by 100.
        var shownValue: Decimal {
            if case .percent = style { return value * 100 }
            return value
        }

        /// Formats the number in its locale and style, as a `number` split into pieces.
        public func format() throws(MF2.Error) -> MF2.FormattedValue {
            let text = try formattedText()
            return MF2.FormattedValue(type: "number", text: text, pieces: MF2NumberFormatting.pieces(of: text, in: data))
        }

        /// The text ``format()`` gives, without its pieces (ICU's `#` needs only the text).
        func formattedText() throws(MF2.Error) -> String {
            let data = self.data
            let text: String
            if isPlain, let pattern = data.integers, let whole = plainInteger {
                text = pattern.format(whole)
            } else if isPlain {
                // The locale's plain style, made once: no Locale or FormatStyle made per value.
                text = (style == .integer ? shownValue.rounded(0) : shownValue).formatted(data.plainStyle)
            } else {
                text = try MF2NumberFormatting.format(self, locale: data.locale, posix: false)
            }
            return text
        }

        /// A `:number` or `:integer` with no option that shapes its text (or a number placed
        /// without a function): formatted with the locale's plain style, its digits known
        /// without formatting.
        var isPlain: Bool {
            switch style {
            case .number, .integer: options.keys.allSatisfy { $0 == "select" }
            case .percent, .currency: false
            }
        }

        /// The whole number a plain value shows, when it is one that fits 64 bits (`:integer`
        /// rounds first); `nil` for fractions and larger values.
        var plainInteger: Int64? {
            guard let wholeValue else { return nil }
            return style == .integer || style == .number ? wholeValue : nil
        }

        /// The data of ``localeTag``, when whoever made the value had it at hand (a formatter
        /// does), so formatting and selecting do not look it up.
        var localeData: MF2LocaleData?

        /// The data of ``localeTag``: the one the value carries, else the cache's.
        var data: MF2LocaleData {
            if let localeData, localeData.tag == localeTag { return localeData }
            return MF2LocaleData.of(localeTag)
        }

        /// The value as a 64-bit integer, when it was made from one (an `Int` argument, a whole
        /// `Double`, a literal such as `5`), so plain numbers format and select without decimal
        /// arithmetic; cleared when ``value`` changes.
        var wholeValue: Int64?

        /// The digits plural rules and exact keys read (no grouping, no symbols, `.` before the
        /// fraction): worked out from the value for a plain number (at most three fraction
        /// digits for `:number`, none for `:integer`, rounded half away from zero, as ICU
        /// does), else formatted in POSIX form.
        var posixText: String {
            if isPlain, let whole = plainInteger { return String(whole) }
            if isPlain {
                let rounded = shownValue.rounded(style == .integer ? 0 : 3)
                return rounded.isZero ? "0" : rounded.description
            }
            return (try? MF2NumberFormatting.format(self, locale: Locale(identifier: "en_US_POSIX"), posix: true)) ?? shownValue.description
        }

        /// Whether `key`, a number literal or a plural category, matches the value; throws
        /// `bad-selector` when it cannot select, or `bad-variant-key` for any other key.
        public func matches(_ key: String) throws(MF2.Error) -> Bool {
            guard let selection else { throw MF2.Error(.badSelector, "this number cannot select: its select option came from a variable or an operand") }
            if MF2NumberFormatting.isNumberLiteral(key) {
                return key == exactText
            }
            switch key {
            case "zero", "one", "two", "few", "many", "other": break
            default:
                throw MF2.Error(.badVariantKey, "the key \(key) is neither a number nor a plural category (zero, one, two, few, many, other)")
            }
            guard selection != .exact else { return false }
            return key == self.category(selection).rawValue
        }

        /// Whether `key` is a number literal and `other` is not: an exact key beats a category.
        public func prefers(_ key: String, over other: String) -> Bool {
            MF2NumberFormatting.isNumberLiteral(key) && !MF2NumberFormatting.isNumberLiteral(other)
        }

        /// The text exact keys are compared with: the integer's digits, or the value as formatted
        /// in POSIX form when options shape its digits.
        var exactText: String {
            let shaping = ["minimumFractionDigits", "minimumIntegerDigits", "minimumSignificantDigits", "maximumSignificantDigits"]
            let shown = shownValue
            if shown == shown.rounded(0), !shaping.contains(where: { options[$0] != nil }) {
                let integer = shown.rounded(0)
                return integer.isZero ? "0" : integer.description
            }
            return posixText
        }

        func category(_ selection: Selection) -> PluralCategory {
            let data = self.data
            // A whole count's cardinal category comes from the locale's table of small counts.
            if selection != .ordinal, isPlain, let whole = plainInteger { return data.cardinalCategory(of: whole) }
            guard let rules = selection == .ordinal ? data.ordinalRules : data.cardinalRules else { return .other }
            if isPlain, let whole = plainInteger { return rules.category(for: whole.magnitude) }
            let text = posixText
            return rules.category(forDecimalString: text.hasPrefix("-") ? String(text.dropFirst()) : text) ?? .other
        }
    }

    /// Whether text in `locale` runs right to left (its script, else its language).
    public static func direction(ofLocale tag: String) -> Direction {
        MF2LocaleData.of(tag).direction
    }

    private static let rightToLeftScripts: Set<String> = ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "mand", "samr"]
    private static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "lrc", "mzn", "nqo", "pnb", "ps", "sd", "syr", "ug", "ur", "yi", "glk", "sdh", "prs",
    ]

    static func computeDirection(ofLocale tag: String) -> Direction {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let language = parts.first else { return .ltr }
        if parts.dropFirst().contains(where: { rightToLeftScripts.contains($0) }) { return .rtl }
        if parts.dropFirst().contains(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) { return .ltr }
        return rightToLeftLanguages.contains(language) ? .rtl : .ltr
    }
}

/// Number literals as the specification defines them, and numbers formatted with Foundation's
/// ICU-backed `FormatStyle`s under the `:number` family's options.
enum MF2NumberFormatting {
    /// `["-"] ("0" / [1-9] *DIGIT) ["." 1*DIGIT] [("e"/"E") ["-"/"+"] 1*DIGIT]`.
    static func isNumberLiteral(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Int {
            var count = 0
            while let byte = bytes.first, (0x30...0x39).contains(byte) {
                bytes.removeFirst()
                count += 1
            }
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
        guard let first = bytes.first else { return false }
        if first == UInt8(ascii: "0") {
            bytes.removeFirst()
        } else if (0x31...0x39).contains(first) {
            _ = digits()
        } else {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes.removeFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes.removeFirst()
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes.removeFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// The exponent a literal may carry: Decimal holds ±127, and larger ones are no one's prices.
    static let maximumExponent = 100

    /// A number literal's value, or `nil` when it is none (or out of Decimal's range).
    static func decimal(fromLiteral text: String) -> Decimal? {
        guard isNumberLiteral(text), text.utf8.count <= 64 else { return nil }
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let value = Int(text[text.index(after: e)...]), abs(value) <= maximumExponent else { return nil }
            exponent = value
            mantissa = text[..<e]
        }
        guard var value = Decimal(string: String(mantissa), locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        if exponent > 0 { value *= pow(Decimal(10), exponent) }
        if exponent < 0 { value /= pow(Decimal(10), -exponent) }
        return value
    }

    /// The number an argument or operand value holds, with its 64-bit integer when it is a
    /// whole number that fits (the fast path of plain numbers), or `nil`.
    static func number(from argument: MF2.Argument?) -> (value: Decimal, whole: Int64?)? {
        switch argument {
        case .int(let value)?:
            return (Decimal(value), value)
        case .double(let value)?:
            guard let decimal = decimal(from: argument) else { return nil }
            return (decimal, value.rounded() == value && abs(value) < 1e15 ? Int64(value) : nil)
        case .string(let text)?:
            guard let decimal = decimal(fromLiteral: text) else { return nil }
            return (decimal, text.utf8.count <= 18 && !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? Int64(text) : nil)
        default:
            return decimal(from: argument).map { ($0, nil) }
        }
    }

    /// The number an argument or operand value holds, or `nil`.
    static func decimal(from argument: MF2.Argument?) -> Decimal? {
        switch argument {
        case .int(let value)?: return Decimal(value)
        case .double(let value)?:
            guard value.isFinite, abs(value) < 1e30 else { return nil }
            return decimal(fromLiteral: shortestText(value))
        case .decimal(let value)?: return value.isFinite ? value : nil
        case .string(let text)?: return decimal(fromLiteral: text)
        default: return nil
        }
    }

    /// `4.2` for 4.2 (Swift's shortest round-trip digits), in literal form.
    static func shortestText(_ value: Double) -> String {
        let text = String(value)
        if text.hasSuffix(".0") { return String(text.dropLast(2)) }
        return text.replacingOccurrences(of: "e+", with: "e")
    }

    /// A digit-size option: `0`, or 1 to 99 without a leading zero.
    static func digitSize(_ text: String) -> Int? {
        guard let value = Int(text), value >= 0, value <= 99, String(value) == text else { return nil }
        return value
    }

    static func format(_ number: MF2.NumberValue, locale: Locale, posix: Bool) throws(MF2.Error) -> String {
        let options = number.options
        var value = number.shownValue
        if case .integer = number.style { value = value.rounded(0) }
        let minimumInteger = options["minimumIntegerDigits"].flatMap(digitSize) ?? 1
        var minimumFraction = options["minimumFractionDigits"].flatMap(digitSize)
        var maximumFraction = options["maximumFractionDigits"].flatMap(digitSize)
        let minimumSignificant = options["minimumSignificantDigits"].flatMap(digitSize)
        let maximumSignificant = options["maximumSignificantDigits"].flatMap(digitSize)
        var currencyCode: String?
        switch number.style {
        case .integer:
            minimumFraction = 0
            maximumFraction = 0
        case .percent:
            minimumFraction = minimumFraction ?? 0
            maximumFraction = maximumFraction ?? max(0, minimumFraction ?? 0)
        case .currency(let code):
            currencyCode = code
            if let digits = options["fractionDigits"].flatMap(digitSize) {
                minimumFraction = digits
                maximumFraction = digits
            }
        case .number:
            break
        }
        if let minimum = minimumFraction, let maximum = maximumFraction, maximum < minimum {
            throw MF2.Error(.badOption, "maximumFractionDigits \(maximum) is less than minimumFractionDigits \(minimum)")
        }
        if let minimum = minimumSignificant, let maximum = maximumSignificant, maximum < minimum {
            throw MF2.Error(.badOption, "maximumSignificantDigits \(maximum) is less than minimumSignificantDigits \(minimum)")
        }
        let rule: FloatingPointRoundingRule = switch options["roundingMode"] {
        case "ceil": .up
        case "floor": .down
        case "expand": .awayFromZero
        case "trunc": .towardZero
        case "halfEven": .toNearestOrEven
        default: .toNearestOrAwayFromZero
        }
        // Fraction digits unless significant digits are asked for (roundingPriority auto).
        let fractionLimits: ClosedRange<Int>? = {
            if minimumSignificant != nil || maximumSignificant != nil, options["roundingPriority"] == nil || options["roundingPriority"] == "auto" {
                return nil
            }
            if currencyCode != nil && minimumFraction == nil && maximumFraction == nil { return nil }
            let minimum = minimumFraction ?? 0
            let maximum = max(maximumFraction ?? max(3, minimum), minimum)
            return minimum...maximum
        }()
        let significantLimits: ClosedRange<Int>? = {
            guard minimumSignificant != nil || maximumSignificant != nil else { return nil }
            let minimum = max(1, minimumSignificant ?? 1)
            return minimum...max(maximumSignificant ?? 21, minimum)
        }()
        var precision: NumberFormatStyleConfiguration.Precision?
        if let fractionLimits, let significantLimits, let priority = options["roundingPriority"] {
            // morePrecision / lessPrecision: the result with more (or fewer) fraction digits.
            let byFraction = render(value, locale: locale, posix: posix, number: number,
                                    precision: .integerAndFractionLength(integerLimits: minimumInteger..., fractionLimits: fractionLimits),
                                    rule: rule, currencyCode: currencyCode)
            let bySignificant = render(value, locale: locale, posix: posix, number: number,
                                       precision: .significantDigits(significantLimits), rule: rule, currencyCode: currencyCode)
            let fractionDigits = { (text: String) in text.split(separator: Character(locale.decimalSeparator ?? ".")).dropFirst().first?.count ?? 0 }
            let more = fractionDigits(bySignificant) > fractionDigits(byFraction)
            return (priority == "morePrecision") == more ? bySignificant : byFraction
        } else if let significantLimits {
            precision = .significantDigits(significantLimits)
        } else if let fractionLimits {
            precision = .integerAndFractionLength(integerLimits: minimumInteger..., fractionLimits: fractionLimits)
        } else if minimumInteger > 1 {
            precision = .integerLength(minimumInteger...)
        }
        if options["trailingZeroDisplay"] == "stripIfInteger" {
            let rounded = value.rounded(maximumFraction ?? (currencyCode == nil ? 3 : 2), rule: rule)
            if rounded == rounded.rounded(0) {
                precision = .integerAndFractionLength(integerLimits: minimumInteger..., fractionLimits: 0...0)
            }
        }
        if let increment = options["roundingIncrement"].flatMap(Int.init), increment > 1 {
            let scale = maximumFraction ?? 0
            let step = Decimal(increment) / pow(Decimal(10), scale)
            value = (value / step).rounded(0, rule: rule) * step
        }
        return render(value, locale: locale, posix: posix, number: number, precision: precision, rule: rule, currencyCode: currencyCode)
    }

    private static func render(
        _ value: Decimal, locale: Locale, posix: Bool, number: MF2.NumberValue,
        precision: NumberFormatStyleConfiguration.Precision?, rule: FloatingPointRoundingRule, currencyCode: String?
    ) -> String {
        let options = number.options
        if posix {
            // Digits only, as plural rules and exact keys read them: no grouping, no symbols.
            var style = Decimal.FormatStyle(locale: locale).grouping(.never).rounded(rule: rule)
            if let precision { style = style.precision(precision) }
            return value.formatted(style)
        }
        let grouping: NumberFormatStyleConfiguration.Grouping = {
            switch options["useGrouping"] {
            case "never": return .never
            case "min2": return abs(value) < 10_000 ? .never : .automatic
            default: return .automatic
            }
        }()
        let sign: NumberFormatStyleConfiguration.SignDisplayStrategy = switch options["signDisplay"] {
        case "always": .always()
        case "exceptZero": .always(includingZero: false)
        case "never": .never
        default: .automatic
        }
        var shown = value
        if options["signDisplay"] == "negative", value.isSignMinus, value.rounded(3, rule: rule) == 0 {
            // "negative" shows a minus sign only on numbers below zero, never on -0.
            shown = 0
        }
        if case .percent = number.style {
            // The value is already multiplied by 100: format it as a number and add the sign
            // the locale's percent pattern uses.
            var style = Decimal.FormatStyle.Percent(locale: locale).grouping(grouping).sign(strategy: sign).rounded(rule: rule)
            if let precision { style = style.precision(precision) }
            return (shown / 100).formatted(style)
        }
        if let currencyCode {
            var style = Decimal.FormatStyle.Currency(code: currencyCode, locale: locale).grouping(grouping).rounded(rule: rule)
            if let precision { style = style.precision(precision) }
            switch options["currencyDisplay"] {
            case "code": style = style.presentation(.isoCode)
            case "name": style = style.presentation(.fullName)
            case "narrowSymbol": style = style.presentation(.narrow)
            default: break
            }
            switch options["signDisplay"] {
            case "always": style = style.sign(strategy: .always())
            case "exceptZero": style = style.sign(strategy: .always(showZero: false))
            case "never": style = style.sign(strategy: .never)
            case "accounting": style = style.sign(strategy: .accounting)
            default: break
            }
            if options["currencySign"] == "accounting" { style = style.sign(strategy: .accounting) }
            return shown.formatted(style)
        }
        var style = Decimal.FormatStyle(locale: locale).grouping(grouping).sign(strategy: sign).rounded(rule: rule)
        if let precision { style = style.precision(precision) }
        return shown.formatted(style)
    }

    /// The pieces of a formatted number, by what each character is in the locale.
    static func pieces(of text: String, in data: MF2LocaleData) -> [MF2.FormattedValue.Piece] {
        // Most numbers shown are a few ASCII digits: one integer piece.
        if text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return text.isEmpty ? [] : [MF2.FormattedValue.Piece(type: "integer", value: text)]
        }
        let decimal = data.decimalSeparator.first
        let group = data.groupingSeparator.first
        var pieces: [MF2.FormattedValue.Piece] = []
        pieces.reserveCapacity(4)
        var seenDecimal = false
        for character in text {
            let type: String
            let isDigit: Bool
            if let ascii = character.asciiValue { isDigit = (0x30...0x39).contains(ascii) } else { isDigit = character.wholeNumberValue != nil }
            if isDigit {
                type = seenDecimal ? "fraction" : "integer"
            } else if character == decimal {
                seenDecimal = true
                type = "decimal"
            } else if character == group || character == "\u{202F}" || character == "\u{A0}" && group == "\u{A0}" {
                type = "group"
            } else if character == "-" || character == "\u{2212}" {
                type = "minusSign"
            } else if character == "+" {
                type = "plusSign"
            } else if character == "%" || character == "\u{066A}" {
                type = "percentSign"
            } else if character.isLetter || character.isCurrencySymbol {
                type = "currency"
            } else {
                type = "literal"
            }
            if let last = pieces.last, last.type == type {
                pieces[pieces.count - 1].value.append(character)
            } else {
                pieces.append(MF2.FormattedValue.Piece(type: type, value: String(character)))
            }
        }
        return pieces
    }
}

extension Character {
    fileprivate var isCurrencySymbol: Bool { unicodeScalars.first?.properties.generalCategory == .currencySymbol }
}

extension Decimal {
    /// The value rounded to `scale` fraction digits.
    func rounded(_ scale: Int, rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Decimal {
        var value = self
        var result = Decimal()
        // NSDecimalRound's .up and .down round toward positive and negative infinity.
        let mode: NSDecimalNumber.RoundingMode = switch rule {
        case .up: .up
        case .down: .down
        case .towardZero: isSignMinus ? .up : .down
        case .awayFromZero: isSignMinus ? .down : .up
        case .toNearestOrEven: .bankers
        default: .plain
        }
        NSDecimalRound(&result, &value, scale, mode)
        return result
    }
}

/// Number literals as the specification writes them, for functions of the app's own.
public enum MF2Literal {
    /// Whether `text` is a number literal: `-4.2`, `0.42e+1`, never `01`, `.5` or `1.`.
    public static func isNumber(_ text: String) -> Bool { MF2NumberFormatting.isNumberLiteral(text) }

    /// The value of a number literal, or `nil` when `text` is none.
    public static func number(_ text: String) -> Decimal? { MF2NumberFormatting.decimal(fromLiteral: text) }
}
