extension Language {
    /// Reads a POSIX locale name as the C library spells it: `language[_territory][.codeset][@modifier]`.
    ///
    /// The codeset is dropped, and a modifier that names a script or a variant is kept
    /// where BCP 47 puts it; other modifiers (`@euro`) choose no catalog and are dropped:
    ///
    /// ```swift
    /// Language.fromPOSIXLocale("fr_FR.UTF-8@euro")      // fr-FR
    /// Language.fromPOSIXLocale("sr_RS@latin")           // sr-Latn-RS
    /// Language.fromPOSIXLocale("ca_ES.UTF-8@valencia")  // ca-ES-valencia
    /// Language.fromPOSIXLocale("C.UTF-8")               // nil: the C locale names no language
    /// ```
    ///
    /// `nil` for `C`, `POSIX`, the C locale with a codeset (`C.UTF-8`), an empty name and
    /// anything that is no locale name (a path, a name too long to be one).
    ///
    /// A static function rather than an initializer, so `map(Language.init)` stays unambiguous.
    public static func fromPOSIXLocale(_ name: String) -> Language? {
        guard !name.isEmpty, name.utf8.count <= LanguageTagParser.maximumLength else { return nil }
        var base = Substring(name)
        var modifier: Substring?
        if let at = base.firstIndex(of: "@") {
            modifier = base[base.index(after: at)...]
            base = base[..<at]
        }
        if let dot = base.firstIndex(of: ".") { base = base[..<dot] }
        guard base != "C", base != "POSIX" else { return nil }
        var subtags = base.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }.map(String.init)
        if let modifier, let meaning = Self.posixModifiers[modifier.lowercased()] {
            switch meaning {
            case .script(let script): subtags.insert(script, at: min(1, subtags.count))
            case .variant(let variant): subtags.append(variant)
            }
        }
        return Language(subtags.joined(separator: "-"))
    }

    /// What a POSIX modifier means in BCP 47, for the modifiers glibc's locales use to choose
    /// a script or a variant; the rest (`@euro`, `@abegede`, `@saaho`) choose no catalog.
    private enum POSIXModifier {
        case script(String)
        case variant(String)
    }

    private static let posixModifiers: [String: POSIXModifier] = [
        "latin": .script("Latn"), "cyrillic": .script("Cyrl"), "devanagari": .script("Deva"),
        "arabic": .script("Arab"), "valencia": .variant("valencia"),
    ]

    /// The most entries of `LANGUAGE` read: a longer list is no one's preference, and an
    /// environment is input like any other.
    static let maximumEnvironmentLanguages = 32

    /// The languages a POSIX environment asks for, most preferred first, read as gettext reads
    /// them for messages.
    ///
    /// The locale is the first non-empty of `LC_ALL`, `LC_MESSAGES` and `LANG`, and the C
    /// locale when none is set. Unless that locale is `C` or `POSIX`, `LANGUAGE` comes first:
    /// a colon-separated priority list (`fr_CA:fr:en`). Then the locale itself, as a last
    /// preference: gettext reads `LANGUAGE` instead of the locale, and shows the source text when
    /// none of its languages has a catalog; Parlance tries the locale's language before that. `C`, `POSIX`,
    /// `C.UTF-8` and empty values name no language, so an environment that sets none of these
    /// gives an empty list, and a localizer shows its default language:
    ///
    /// ```swift
    /// Language.preferredLanguages(environment: ["LANG": "de_DE.UTF-8"])                 // [de-DE]
    /// Language.preferredLanguages(environment: ["LANGUAGE": "fr:en", "LANG": "de_DE.UTF-8"]) // [fr, en, de-DE]
    /// Language.preferredLanguages(environment: ["LANGUAGE": "fr", "LC_ALL": "C"])         // []
    /// ```
    ///
    /// Unlike glibc, the locale need not be installed: only its name is read. Names that are
    /// no locale are skipped, duplicates are kept once, and at most 32 entries of `LANGUAGE`
    /// are read.
    public static func preferredLanguages(environment: [String: String]) -> [Language] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        var names: [Substring] = []
        if locale != "C", locale != "POSIX", let list = environment["LANGUAGE"] {
            names = Array(list.split(separator: ":", maxSplits: maximumEnvironmentLanguages, omittingEmptySubsequences: true)
                .prefix(maximumEnvironmentLanguages))
        }
        names.append(Substring(locale))
        var languages: [Language] = []
        for name in names {
            if let language = fromPOSIXLocale(String(name)), !languages.contains(language) {
                languages.append(language)
            }
        }
        return languages
    }
}
