extension PluralRules {
    /// The rules for counting things ("1 file", "2 files") in a language.
    ///
    /// Accepts BCP 47 and POSIX-style tags in any case: `pt-PT`, `pt_PT`, `en-US`,
    /// `zh-Hant-TW`, `sr_RS@latin`, `de_DE.UTF-8`. Tries CLDR's locale ids from the most
    /// specific down: language-script-region, language-region, language-script, language;
    /// so `pt-PT` gets Portugal's own rules and `pt-BR` gets `pt`. Variants and extensions
    /// are ignored.
    ///
    /// - Parameter language: A language tag.
    /// - Returns: `nil` for a malformed tag or a language CLDR has no rules for (including
    ///   `und`: guessing rules for an unknown language would pick wrong forms silently).
    ///   CLDR's own `root` id is accepted.
    public static func cardinal(for language: String) -> PluralRules? {
        resolve(language, kind: .cardinal, in: cardinalRuleSets)
    }

    /// The rules for ranking things ("1st", "2nd", "3rd") in a language.
    ///
    /// Tags are read as in ``cardinal(for:)``. CLDR has ordinal rules for fewer languages
    /// than cardinal ones, so this can be `nil` where ``cardinal(for:)`` is not.
    public static func ordinal(for language: String) -> PluralRules? {
        resolve(language, kind: .ordinal, in: ordinalRuleSets)
    }

    private static func resolve(
        _ language: String, kind: Kind, in table: [String: (locale: String, ruleSet: UInt8)]
    ) -> PluralRules? {
        for id in candidateLocaleIDs(for: language) {
            if let entry = table[id] {
                return PluralRules(locale: entry.locale, kind: kind, ruleSet: entry.ruleSet)
            }
        }
        return nil
    }

    /// CLDR-style ids to try for `tag`, most specific first, lowercased with `_`.
    static func candidateLocaleIDs(for tag: String) -> [String] {
        // POSIX locales append a charset and a modifier: `sr_RS.UTF-8@latin`.
        let core = tag.prefix { $0 != "." && $0 != "@" }
        let subtags = core.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
            .map { $0.lowercased() }
        guard let language = subtags.first, isLanguage(language) else { return [] }

        var rest = subtags.dropFirst()
        var script: String?
        var region: String?
        if let next = rest.first, next.count == 4, next.allSatisfy(isASCIILetter) {
            script = next
            rest = rest.dropFirst()
        }
        if let next = rest.first, isRegion(next) {
            region = next
            rest = rest.dropFirst()
        }
        // What follows must still be well-formed subtags (variants, extensions).
        guard rest.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy(isASCIIAlphanumeric) }) else {
            return []
        }

        var candidates: [String] = []
        if let script, let region { candidates.append("\(language)_\(script)_\(region)") }
        if let region { candidates.append("\(language)_\(region)") }
        if let script { candidates.append("\(language)_\(script)") }
        candidates.append(language)
        return candidates
    }

    private static func isLanguage(_ subtag: String) -> Bool {
        ((2...3).contains(subtag.count) || (5...8).contains(subtag.count) || subtag == "root")
            && subtag.allSatisfy(isASCIILetter)
    }

    private static func isRegion(_ subtag: String) -> Bool {
        (subtag.count == 2 && subtag.allSatisfy(isASCIILetter))
            || (subtag.count == 3 && subtag.allSatisfy { $0.isASCII && $0.isNumber })
    }

    private static func isASCIILetter(_ character: Character) -> Bool {
        character.isASCII && character.isLetter
    }

    private static func isASCIIAlphanumeric(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }
}
