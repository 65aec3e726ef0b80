import Parlance

/// One thing `parlance check` looks for, named by the id findings print in brackets.
///
/// An open set, like ``/ParlanceCatalogs/PluralCategory``: ids are plain strings so that options, comments
/// (`parlance:ignore empty-value`) and JSON consumers can name rules without knowing
/// this type, and new rules can be added without breaking anyone's switch.
public struct CheckRule: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A language the catalog holds has no value for a key.
    public static let missingTranslation = CheckRule(rawValue: "missing-translation")
    /// A value, or one of its variants, is the empty string.
    public static let emptyValue = CheckRule(rawValue: "empty-value")
    /// A translation's format arguments differ from the source language's in number, type or position.
    public static let placeholderMismatch = CheckRule(rawValue: "placeholder-mismatch")
    /// One argument is formatted as two kinds of value within one template (`%1$lld or %1$@`).
    public static let argumentTypeConflict = CheckRule(rawValue: "argument-type-conflict")
    /// Plural, device or width variants of one value format one argument as different kinds.
    public static let variantTypeMismatch = CheckRule(rawValue: "variant-type-mismatch")
    /// Positional arguments skip a number (`%2$@, %3$@` with no argument 1), whose type printf cannot know.
    public static let argumentGap = CheckRule(rawValue: "argument-gap")
    /// Plural variants lack a category the language's CLDR rules choose.
    public static let pluralMissingCategory = CheckRule(rawValue: "plural-missing-category")
    /// Plural variants hold a category the language's CLDR rules never choose.
    public static let pluralUnusedCategory = CheckRule(rawValue: "plural-unused-category")
    /// A format specifier is malformed, dangerous (`%n`) or unsupported (`%p`), or names no substitution.
    public static let invalidSpecifier = CheckRule(rawValue: "invalid-specifier")
    /// A `.stringsdict` entry holds both `NSStringLocalizedFormatKey` and `NSStringVariableWidthRuleType`.
    public static let widthRuleWithFormat = CheckRule(rawValue: "width-rule-with-format")
    /// A key is written twice in one file; Foundation keeps the last.
    public static let duplicateKey = CheckRule(rawValue: "duplicate-key")
    /// A translation is marked `needs_review`.
    public static let needsReview = CheckRule(rawValue: "needs-review")
    /// A translation is marked `new`: added but never confirmed.
    public static let new = CheckRule(rawValue: "new")
    /// A translation is marked `stale`, or Xcode no longer finds the key in code.
    public static let stale = CheckRule(rawValue: "stale")
    /// Code asks for a key no catalog holds.
    public static let unknownKey = CheckRule(rawValue: "unknown-key")
    /// A catalog holds a key no code asks for.
    public static let unusedKey = CheckRule(rawValue: "unused-key")
    /// A component library declares a key the app's catalogs do not provide.
    public static let manifestMissingKey = CheckRule(rawValue: "manifest-missing-key")
    /// A translation of a key a component library declares drops one of its declared `{placeholders}`.
    public static let manifestMissingPlaceholder = CheckRule(rawValue: "manifest-missing-placeholder")
    /// A file could not be read at all; the other files are still checked.
    public static let parseError = CheckRule(rawValue: "parse-error")
    /// An ICU message (a JSON message catalog's) that does not parse: an unclosed brace, an
    /// unknown argument type, a plural or select without `other`; reported at its line and column.
    public static let messageSyntaxError = CheckRule(rawValue: "message-syntax-error")
    /// A reader read a file but noticed something Apple's parser would do differently.
    public static let readWarning = CheckRule(rawValue: "read-warning")

    /// Every rule, in the order the documentation lists them.
    public static let all: [CheckRule] = [
        .missingTranslation, .emptyValue, .placeholderMismatch, .argumentTypeConflict, .variantTypeMismatch,
        .argumentGap, .pluralMissingCategory, .pluralUnusedCategory, .invalidSpecifier, .widthRuleWithFormat,
        .duplicateKey, .needsReview, .new, .stale, .unknownKey, .unusedKey, .manifestMissingKey,
        .manifestMissingPlaceholder, .parseError, .messageSyntaxError, .readWarning,
    ]

    /// How serious a finding of this rule is unless `--strict` makes every warning an error.
    public var severity: Diagnostic.Severity {
        switch self {
        case .pluralUnusedCategory, .duplicateKey, .needsReview, .new, .stale, .unusedKey, .readWarning: .warning
        default: .error
        }
    }

    /// Rules sort in documentation order, unknown ids after them by name.
    public static func < (lhs: CheckRule, rhs: CheckRule) -> Bool {
        let l = all.firstIndex(of: lhs) ?? all.count
        let r = all.firstIndex(of: rhs) ?? all.count
        return l != r ? l < r : lhs.rawValue < rhs.rawValue
    }

    public var description: String { rawValue }
}
