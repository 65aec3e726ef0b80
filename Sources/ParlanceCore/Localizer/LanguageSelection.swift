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

/// A change of what lookups show, as ``Localizer/changes()`` delivers it: a new
/// language, a new pseudo-localization style, or the same language with new content
/// after ``Localizer/reload()``.
public struct LanguageChange: Hashable, Sendable {
    /// What caused a change.
    public enum Reason: Hashable, Sendable {
        /// ``Localizer/select(_:reason:)`` or setting ``Localizer/selection``.
        case selection
        /// ``Localizer/reload()`` read the catalogs again.
        case reload
        /// A choice made elsewhere (on another device, stored in the user's profile) and
        /// applied here by ``Localizer/select(_:reason:)``, as profile sync does. Whoever
        /// pushes local choices to that profile skips these, so a pulled value is never
        /// pushed back.
        case remote
    }

    public var oldLanguage: Language
    public var newLanguage: Language
    /// The selection in force after the change.
    public var selection: LanguageSelection
    /// What caused the change.
    public var reason: Reason
    /// Whether lookups may now return different strings: the language, the
    /// pseudo-localization style or the catalogs changed. `false` only when a selection
    /// resolved to the snapshot already shown (choosing `.system` on a device whose
    /// language was already shown, say).
    public var contentChanged: Bool

    public init(
        oldLanguage: Language, newLanguage: Language, selection: LanguageSelection,
        reason: Reason = .selection, contentChanged: Bool = true
    ) {
        self.oldLanguage = oldLanguage
        self.newLanguage = newLanguage
        self.selection = selection
        self.reason = reason
        self.contentChanged = contentChanged
    }
}
