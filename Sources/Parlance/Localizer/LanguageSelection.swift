/// What the user chose: a language, or to follow the device.
public enum LanguageSelection: Hashable, Sendable, CustomStringConvertible {
    /// Follow the device's preferred languages, matched against what the catalogs hold.
    case system
    /// One language, whatever the device prefers.
    case language(Language)

    public var description: String {
        switch self {
        case .system: "system"
        case .language(let language): language.identifier
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
