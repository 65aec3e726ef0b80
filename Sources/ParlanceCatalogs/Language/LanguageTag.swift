/// Canonical spelling of language tags as folder names and catalogs write them.
///
/// `.lproj` folders in the wild are named `pt_BR`, `zh-hans`, `sr_latn` or even
/// `English`; String Catalogs write BCP 47 (`pt-BR`, `zh-Hans`). Merging the two
/// needs one spelling.
public enum LanguageTag {
    /// Legacy English names some old projects use as `.lproj` folder names.
    private static let legacyNames: [String: String] = [
        "english": "en", "french": "fr", "german": "de", "japanese": "ja", "spanish": "es",
        "italian": "it", "dutch": "nl", "portuguese": "pt", "swedish": "sv", "danish": "da",
        "finnish": "fi", "norwegian": "nb", "korean": "ko", "russian": "ru", "polish": "pl",
        "chinese": "zh-Hans",
    ]

    /// The BCP 47 spelling of `tag`: `_` becomes `-`; the language is lower case,
    /// a four-letter script title case, a two-letter region upper case
    /// (`pt_br` → `pt-BR`, `zh-hans` → `zh-Hans`, `English` → `en`).
    /// `Base` is kept as it is: it names Xcode's base internationalization, not a language.
    public static func canonical(_ tag: String) -> String {
        if tag == "Base" { return tag }
        if let legacy = legacyNames[tag.lowercased()] { return legacy }
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let first = parts.first else { return tag }
        var result = [first.lowercased()]
        for part in parts.dropFirst() {
            if part.count == 4, part.allSatisfy(\.isLetter) {
                result.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else if part.count == 2, part.allSatisfy(\.isLetter) {
                result.append(part.uppercased())
            } else {
                result.append(part.lowercased())
            }
        }
        return result.joined(separator: "-")
    }
}
