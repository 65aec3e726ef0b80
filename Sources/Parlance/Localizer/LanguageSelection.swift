/// What the user chose: a language, or to follow the device.
public enum LanguageSelection: Hashable, Sendable, CustomStringConvertible {
    /// Follow the device's preferred languages, matched against what the catalogs hold.
    case system
    /// One language, whatever the device prefers.
    case language(Language)
    /// A pseudo-language made from the source language's strings at runtime, with no file:
    /// accented and expanded text, right-to-left text or brackets that reveal truncation
    /// and concatenation. It is never remembered in the preference store.
    case pseudo(PseudoLocalization.Style)

    public var description: String {
        switch self {
        case .system: "system"
        case .language(let language): language.identifier
        case .pseudo(let style): "pseudo (\(style.rawValue))"
        }
    }
}

/// A change of the current language, as ``Localizer/changes()`` delivers it.
public struct LanguageChange: Hashable, Sendable {
    public var oldLanguage: Language
    public var newLanguage: Language
    /// The selection that caused the change.
    public var selection: LanguageSelection
}
