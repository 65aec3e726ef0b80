import Foundation
import Parlance

/// One string a translator sees: a key, or one variant of it, in one language.
///
/// Units are what ``TranslationExport`` makes from catalogs and what the XLIFF and `.po`
/// readers hand to ``TranslationImport``. The ``id`` follows Xcode: the key alone for a plain
/// string, and `key|==|path` for a variant, where the path names plural categories, devices
/// and substitutions: `plural.one`, `device.iphone`, `device.ipad.plural.few`,
/// `substitutions.count.plural.other`.
public struct TranslationUnit: Hashable, Sendable {
    /// The key in its table.
    public var key: String
    /// The variant, outermost first (`["device", "iphone", "plural", "one"]`); empty for the
    /// string itself.
    public var path: [String]
    /// The text in the source language (the key itself where the source language has no value).
    public var source: String
    /// The translation, or `nil` where there is none yet.
    public var target: String?
    /// The state of the translation in the catalog; `nil` where the catalog names none.
    public var state: TranslationState?
    /// The key's comment, for the translator.
    public var note: String?

    public init(key: String, path: [String] = [], source: String, target: String? = nil, state: TranslationState? = nil, note: String? = nil) {
        self.key = key
        self.path = path
        self.source = source
        self.target = target
        self.state = state
        self.note = note
    }

    /// The separator Xcode puts between a key and the path of its variant.
    public static let pathSeparator = "|==|"

    /// The unit's id as Xcode writes it: `key`, or `key|==|plural.one`.
    public var id: String {
        path.isEmpty ? key : key + Self.pathSeparator + path.joined(separator: ".")
    }

    /// Splits an id into key and path. The path is taken after the last `|==|`; a key that
    /// itself holds `|==|` is ambiguous in Xcode's scheme too.
    public static func split(id: String) -> (key: String, path: [String]) {
        guard let range = id.range(of: pathSeparator, options: .backwards) else { return (id, []) }
        let path = id[range.upperBound...]
        return (String(id[..<range.lowerBound]), path.isEmpty ? [] : path.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
    }

    /// Whether the unit is a plural form, where a translation may leave out the number
    /// ("un élément" for `one`).
    public var isPluralForm: Bool { path.contains("plural") }
}

/// The units of one table in one target language: what one `<file>` of an XLIFF holds.
public struct TranslationFile: Hashable, Sendable {
    /// The catalog file the units come from, relative to the exported folder
    /// (`Resources/Localizable.xcstrings`, `Resources/en.lproj/Localizable.strings`).
    public var original: String
    public var sourceLanguage: String
    public var targetLanguage: String
    public var units: [TranslationUnit]

    public init(original: String, sourceLanguage: String, targetLanguage: String, units: [TranslationUnit]) {
        self.original = original
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.units = units
    }

    /// The table the units belong to: the file name without extension.
    public var table: String {
        let name = original.split(separator: "/").last.map(String.init) ?? original
        if let dot = name.lastIndex(of: ".") { return String(name[..<dot]) }
        return name
    }
}

/// How String Catalog states and XLIFF 1.2 `state` attributes correspond.
///
/// | Catalog | XLIFF written | XLIFF read |
/// | --- | --- | --- |
/// | `translated` | `translated` | `translated`, `final`, `signed-off` |
/// | `needs_review` | `needs-review-l10n` | any other `needs-…` |
/// | `new` | `new` | `new`, or no `state`: the catalog's state stays unless the text changed |
/// | `stale` | `new` | — |
public enum XLIFFState {
    /// The `state` attribute written for a catalog state.
    public static func attribute(for state: TranslationState?) -> String? {
        switch state {
        case .translated?: "translated"
        case .needsReview?: "needs-review-l10n"
        case .new?, .stale?: "new"
        case nil: nil
        default: "new"
        }
    }

    /// The catalog state an attribute asks for, or `nil` when it asks for none (`new`, absent).
    public static func state(forAttribute attribute: String?) -> TranslationState? {
        guard let attribute else { return nil }
        switch attribute {
        case "translated", "final", "signed-off": return .translated
        case "new": return nil
        default: return attribute.hasPrefix("needs-") ? .needsReview : nil
        }
    }
}
