#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The plural rules of one language, cardinal ("3 files") or ordinal ("3rd file"), from CLDR.
///
/// The rules are generated from CLDR's data (see `Tools/generate-plural-rules.py`), so every
/// language CLDR describes is covered and none is typed by hand. A value is a small index
/// into the generated rule sets: choosing a category does no lookup, allocation or string
/// work for whole numbers.
///
/// ```swift
/// let russian = PluralRules.cardinal(for: "ru")!
/// russian.category(for: 5)        // .many
/// russian.category(for: 1.5)      // .other
/// PluralRules.ordinal(for: "en-US")?.category(for: 22)   // .two ("22nd")
/// ```
public struct PluralRules: Hashable, Sendable {
    /// Whether rules count things or rank them.
    enum Kind: Hashable, Sendable {
        case cardinal
        case ordinal
    }

    /// The CLDR locale id whose rules these are, such as `pt_PT`, `pt` or `root`.
    ///
    /// It names the rules CLDR wrote, which may be for a shorter tag than the one asked
    /// for: `pt-BR` gives `pt`.
    public let locale: String
    let kind: Kind
    let ruleSet: UInt8

    init(locale: String, kind: Kind, ruleSet: UInt8) {
        self.locale = locale
        self.kind = kind
        self.ruleSet = ruleSet
    }

    /// The categories these rules can choose, in CLDR order (`zero` … `other`).
    ///
    /// A translation needs exactly these forms; `other` is always last.
    public var categories: [PluralCategory] {
        Self.ruleSetCategories[Int(ruleSet)]
    }

    /// The rules as gettext's `Plural-Forms` header value, such as
    /// `nplurals=2; plural=n == 1 ? 0 : 1;` for English.
    ///
    /// gettext sees only whole numbers: for each whole `n`, the expression gives the index of
    /// `n`'s category in ``categories``, and `nplurals` is the number of those categories, so a
    /// `.po` file's `msgstr[i]` is the form for `categories[i]`. A category CLDR chooses only
    /// for fractions (Russian `other`) keeps its index and is never chosen by gettext.
    public var gettextPluralForms: String {
        Self.ruleSetGettextPluralForms[Int(ruleSet)]
    }

    /// The whole numbers `category` holds, as CLDR lists them in its samples: `"1"` for
    /// English `one`, `"1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, …"` for Russian `one`, with
    /// `~` for a range and `…` where the list goes on.
    ///
    /// - Returns: `nil` when these rules never choose `category`; an empty string when they
    ///   choose it for fractions only (Russian `other`).
    public func integerSamples(for category: PluralCategory) -> String? {
        guard let index = categories.firstIndex(of: category) else { return nil }
        return Self.ruleSetIntegerSamples[Int(ruleSet)][index]
    }

    /// The one whole number `category` holds, when it holds exactly one: 1 for English `one`,
    /// 2 for Arabic `two`; `nil` for Russian `one` (1, 21, 31…), French `one` (0 and 1), and
    /// any category these rules never choose.
    ///
    /// A plural form may leave its count out ("One file") only where this is not `nil`:
    /// otherwise the form is shown for several numbers, and the reader could not tell which.
    public func onlyInteger(in category: PluralCategory) -> Int? {
        guard let samples = integerSamples(for: category),
            !samples.contains(","), !samples.contains("~"), !samples.contains("…")
        else { return nil }
        return Int(samples)
    }

    /// The category of a number described by its operands.
    public func category(for operands: PluralOperands) -> PluralCategory {
        Self.category(ruleSet: ruleSet, operands: operands)
    }

    /// The category of a whole number; the fast path.
    public func category(for value: Int) -> PluralCategory {
        Self.category(ruleSet: ruleSet, operands: PluralOperands(value))
    }

    /// The category of a whole number of any integer type.
    public func category(for value: some BinaryInteger) -> PluralCategory {
        Self.category(ruleSet: ruleSet, operands: PluralOperands(value))
    }

    /// The category of a `Double` written the shortest way: `1.0` counts as the whole number 1.
    ///
    /// Use ``category(forDecimalString:)`` with the text shown to the reader when visible
    /// zeros matter (English "1.0 files").
    public func category(for value: Double) -> PluralCategory {
        Self.category(ruleSet: ruleSet, operands: PluralOperands(value))
    }

    /// The category of a `Decimal`, which keeps no trailing zeros.
    public func category(for value: Decimal) -> PluralCategory {
        Self.category(ruleSet: ruleSet, operands: PluralOperands(value))
    }

    /// The category of a number as written, visible zeros and compact exponent included.
    ///
    /// - Parameter text: ASCII digits such as `"1"`, `"1.0"`, `"-2.50"` or `"1.2c6"`.
    /// - Returns: `nil` when `text` is not such a number.
    public func category(forDecimalString text: String) -> PluralCategory? {
        PluralOperands(decimalString: text).map { Self.category(ruleSet: ruleSet, operands: $0) }
    }
}

extension PluralRules: CustomStringConvertible {
    /// Names the kind and the CLDR locale, such as `cardinal rules for pt_PT`.
    public var description: String {
        "\(kind == .cardinal ? "cardinal" : "ordinal") rules for \(locale)"
    }
}
