/// A language as BCP 47 names it: `it`, `pt-BR`, `zh-Hant-TW`.
///
/// Spellings that mean the same tag are equal: `pt_BR`, `pt-br` and `pt-BR` are one
/// language, and deprecated codes are replaced (`iw` is `he`, `in` is `id`). Script and
/// region are kept, so `zh-Hant-TW` is not `zh`.
///
/// ```swift
/// let language: Language = "pt_br"
/// language.identifier      // "pt-BR"
/// language.nativeName      // "Português (Brasil)"
/// language.flag            // "🇧🇷"
/// ```
public struct Language: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The canonical BCP 47 spelling.
    public let identifier: String
    /// The language subtag, lower case: `zh`.
    public let languageCode: String
    /// The script subtag, title case: `Hant`; `nil` when the tag names none.
    public let script: String?
    /// The region subtag, upper case or three digits: `TW`, `419`; `nil` when the tag names none.
    public let region: String?

    /// Deprecated language codes and what replaced them, as the language and the script the
    /// replacement implies: `iw` is `he`, `sh` is `sr-Latn`. A switch over seven two-letter
    /// codes, where a dictionary would hash every tag read (a server reads one per request).
    package static func alias(of code: String) -> (language: String, script: String?)? {
        guard code.utf8.count == 2 else { return nil }
        switch code {
        case "iw": return ("he", nil)
        case "in": return ("id", nil)
        case "ji": return ("yi", nil)
        case "jw": return ("jv", nil)
        case "mo": return ("ro", nil)
        case "tl": return ("fil", nil)
        case "sh": return ("sr", "Latn")
        default: return nil
        }
    }

    /// The codes ``alias(of:)`` replaces (a test holds the two to each other).
    package static let aliasedCodes = ["iw", "in", "ji", "jw", "mo", "tl", "sh"]

    /// Reads a tag; `nil` when it is no well-formed BCP 47 language tag.
    ///
    /// Accepts `-` or `_` between subtags and any letter case. Extensions and private use
    /// (`-u-…`, `-x-…`) are dropped: they do not choose a catalog.
    public init?(_ tag: String) {
        guard let parsed = LanguageTagParser.parse(tag) else { return nil }
        var language = parsed.language
        var script = parsed.script
        if let alias = Self.alias(of: language) {
            language = alias.language
            if script == nil { script = alias.script }
        }
        // Appended piece by piece: a tag this short is a small string, so this allocates nothing.
        var identifier = language
        for subtag in [script, parsed.region] {
            guard let subtag else { continue }
            identifier += "-"
            identifier += subtag
        }
        for variant in parsed.variants {
            identifier += "-"
            identifier += variant
        }
        // An alias can lengthen a tag (`sh` is `sr-Latn`); the identifier must read back as itself.
        guard identifier.utf8.count <= LanguageTagParser.maximumLength else { return nil }
        self.languageCode = language
        self.script = script
        self.region = parsed.region
        self.identifier = identifier
    }

    /// A tag known to be valid at compile time: `let french: Language = "fr"`.
    ///
    /// A literal that is no valid tag becomes `und` (undetermined) rather than crashing.
    public init(stringLiteral value: String) {
        self = Language(value) ?? .undetermined
    }

    /// `und`: no language determined.
    public static let undetermined = Language(uncheckedLanguage: "und")

    private init(uncheckedLanguage code: String) {
        self.languageCode = code
        self.script = nil
        self.region = nil
        self.identifier = code
    }

    /// The language without its region: `pt` for `pt-BR`, `zh-Hant` for `zh-Hant-TW`.
    public var withoutRegion: Language {
        Language([languageCode, script].compactMap { $0 }.joined(separator: "-")) ?? self
    }

    public var description: String { identifier }

    public static func < (lhs: Language, rhs: Language) -> Bool { lhs.identifier < rhs.identifier }

    // The subtags are read from the identifier, so it alone decides equality: one string is
    // hashed and compared, not four (a server hashes a language on every request).
    public static func == (lhs: Language, rhs: Language) -> Bool { lhs.identifier == rhs.identifier }

    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

extension Language: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let tag = try container.decode(String.self)
        guard let language = Language(tag) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(tag)\" is not a BCP 47 language tag.")
        }
        self = language
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}
