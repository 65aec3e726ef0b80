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
    /// For a string set (App Shortcuts phrases), every source phrase; `nil` for a string.
    /// ``source`` then holds the first.
    public var sourceValues: [String]?
    /// For a string set, every translated phrase; ``target`` then holds the first.
    public var targetValues: [String]?

    public init(
        key: String, path: [String] = [], source: String, target: String? = nil, state: TranslationState? = nil, note: String? = nil,
        sourceValues: [String]? = nil, targetValues: [String]? = nil
    ) {
        self.key = key
        self.path = path
        self.source = source
        self.target = target
        self.state = state
        self.note = note
        self.sourceValues = sourceValues
        self.targetValues = targetValues
    }

    /// Whether the unit is a string set: XLIFF writes each phrase as an `<mrk mtype="x-set">`.
    public var isStringSet: Bool { sourceValues != nil || targetValues != nil }

    /// The separator Xcode puts between a key and the path of its variant.
    public static let pathSeparator = "|==|"

    /// The unit's id as Xcode writes it: `key`, or `key|==|plural.one`. A substitution name
    /// that holds a `.` is wrapped in `@`s, as Xcode wraps it: `substitutions.@a.b@.plural.one`.
    public var id: String {
        path.isEmpty ? key : key + Self.pathSeparator + Self.joinedPath(path)
    }

    static func joinedPath(_ path: [String]) -> String {
        var parts: [String] = []
        for (index, component) in path.enumerated() {
            let isName = index > 0 && path[index - 1] == "substitutions" && index % 2 == 1
            parts.append(isName && component.contains(".") ? "@\(component)@" : component)
        }
        return parts.joined(separator: ".")
    }

    /// Splits an id into key and path. The path is taken after the last `|==|`; a key that
    /// itself holds `|==|` is told apart by the importer, which prefers a key the catalog has.
    public static func split(id: String) -> (key: String, path: [String]) {
        guard let range = id.range(of: pathSeparator, options: .backwards) else { return (id, []) }
        var rest = Substring(id[range.upperBound...])
        var path: [String] = []
        while !rest.isEmpty {
            if path.last == "substitutions", path.count % 2 == 1, rest.hasPrefix("@"),
               let close = rest.dropFirst().range(of: "@.") ?? (rest.hasSuffix("@") && rest.count > 1 ? rest.index(before: rest.endIndex)..<rest.endIndex : nil) {
                path.append(String(rest[rest.index(after: rest.startIndex)..<close.lowerBound]))
                rest = rest[close.upperBound...]
                continue
            }
            let component = rest.prefix { $0 != "." }
            path.append(String(component))
            rest = rest.dropFirst(component.count)
            if rest.first == "." {
                rest = rest.dropFirst()
                if rest.isEmpty { path.append("") }
            }
        }
        return (String(id[..<range.lowerBound]), path)
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
