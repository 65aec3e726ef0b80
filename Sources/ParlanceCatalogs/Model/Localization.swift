/// One string and how sure we are of it: a String Catalog `stringUnit`.
public struct StringUnit: Hashable, Sendable {
    /// The review state; `nil` for formats that record none (`.strings`, `.stringsdict`).
    public var state: TranslationState?
    /// The text, with its format specifiers as written.
    public var value: String
    /// Fields a newer Xcode may write that Parlance does not know; kept so nothing is lost.
    public var unknownFields: UnknownFields

    /// A string unit; `state` is `nil` for formats that record none.
    public init(_ value: String, state: TranslationState? = nil, unknownFields: UnknownFields = UnknownFields()) {
        self.value = value
        self.state = state
        self.unknownFields = unknownFields
    }
}

/// Several strings for one key: a String Catalog `stringSet` (App Shortcut phrases).
public struct StringSet: Hashable, Sendable {
    /// The review state of the whole set.
    public var state: TranslationState?
    /// The phrases, in the order the file holds them.
    public var values: [String]
    /// Fields Parlance does not know; kept so nothing is lost.
    public var unknownFields: UnknownFields

    /// A string set of `values`.
    public init(_ values: [String], state: TranslationState? = nil, unknownFields: UnknownFields = UnknownFields()) {
        self.values = values
        self.state = state
        self.unknownFields = unknownFields
    }
}

/// What one language holds for one key.
///
/// This mirrors a String Catalog localization, the richest of the three formats,
/// so every file reads into it without loss:
/// - a plain string: ``stringUnit`` alone;
/// - plural, device or width variations: ``variations``, whose cases hold nested
///   localizations (a device variation may hold a plural inside);
/// - a string set: ``stringSet``;
/// - a format with substitutions: ``stringUnit`` holding `…%#@name@…` and one
///   ``substitutions`` entry per name.
public struct Localization: Hashable, Sendable {
    /// The string, or the format whose `%#@name@`s ``substitutions`` fill.
    public var stringUnit: StringUnit?
    /// Several strings (App Shortcut phrases).
    public var stringSet: StringSet?
    /// Plural, device or width variants.
    public var variations: Variations?
    /// Substitutions by name, for `%#@name@` in the string unit's value.
    public var substitutions: OrderedMap<String, Substitution>?
    public var unknownFields: UnknownFields

    public init(
        stringUnit: StringUnit? = nil,
        stringSet: StringSet? = nil,
        variations: Variations? = nil,
        substitutions: OrderedMap<String, Substitution>? = nil,
        unknownFields: UnknownFields = UnknownFields()
    ) {
        self.stringUnit = stringUnit
        self.stringSet = stringSet
        self.variations = variations
        self.substitutions = substitutions
        self.unknownFields = unknownFields
    }

    /// A plain string.
    public static func string(_ value: String, state: TranslationState? = nil) -> Localization {
        Localization(stringUnit: StringUnit(value, state: state))
    }

    /// Plural variations.
    public static func plural(_ forms: [PluralCategory: Localization]) -> Localization {
        Localization(variations: .plural(forms))
    }

    /// Device variations.
    public static func device(_ forms: [DeviceClass: Localization]) -> Localization {
        Localization(variations: .device(forms))
    }
}

/// Variations of a localization by plural category, device or display width.
public enum Variations: Hashable, Sendable {
    case plural([PluralCategory: Localization])
    case device([DeviceClass: Localization])
    /// `.stringsdict` width variants (`NSStringVariableWidthRuleType`), keyed by width.
    /// String Catalogs cannot hold these; writers report them.
    case width([Int: Localization])
}

/// A named argument inside a format: `%#@files@` with its own plural variations.
public struct Substitution: Hashable, Sendable {
    /// The 1-based argument the substitution reads; `nil` when the file leaves it implicit.
    public var argNum: Int?
    /// The printf conversion of the argument without `%`, such as `lld` or `d`.
    public var formatSpecifier: String
    /// The variants; in their values `%arg` stands for the argument.
    public var variations: Variations?
    public var unknownFields: UnknownFields

    public init(
        argNum: Int? = nil, formatSpecifier: String, variations: Variations? = nil,
        unknownFields: UnknownFields = UnknownFields()
    ) {
        self.argNum = argNum
        self.formatSpecifier = formatSpecifier
        self.variations = variations
        self.unknownFields = unknownFields
    }
}
