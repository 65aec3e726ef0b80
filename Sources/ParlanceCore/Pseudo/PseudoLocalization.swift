/// Pseudo-localization: made-up languages that look like the source language but show,
/// without a translator, where an app would break once translated.
///
/// Every style keeps placeholders exactly as written — printf specifiers (`%lld`, `%1$@`,
/// `%-8.2f`, `%%`), substitutions (`%#@name@`, `%2$#@name@`), `%arg` in substitution
/// variants, and named placeholders (`{count}`, `{0}`) — so formatting works the same
/// on pseudo text as on real text.
///
/// Only the accented style is idempotent (its letters are already outside ASCII). The
/// others add to whatever they are given, so transform the source language each time,
/// not a previous pseudo-language.
public enum PseudoLocalization {
    /// What a pseudo-language reveals.
    public enum Style: String, Hashable, Sendable, CaseIterable {
        /// Accented lookalikes of every ASCII letter, same length (`Ŝéţţîñĝš`): reveals
        /// text that bypasses localization and fonts that lack accents.
        case accented
        /// Accented, and about 40% longer, as German or Finnish often are (`Ŝéţţîñĝš one two`):
        /// reveals truncation and layouts that cannot grow.
        case expanded
        /// Every word isolated right-to-left with bidi controls: the text reads backwards in
        /// a left-to-right layout, and reveals layouts not mirrored for Arabic or Hebrew.
        case bidi
        /// The text between `⟦` and `⟧`: a missing bracket reveals truncation, and brackets in
        /// the middle of a sentence reveal strings concatenated from pieces.
        case brackets

        /// The language tag pseudo-languages of this style are written as by default,
        /// following Android's pseudolocales: `en-XA` (accented, expanded), `ar-XB` (bidi),
        /// and `en-XB` (brackets), private-use regions no real locale uses.
        public var defaultLanguage: String {
            switch self {
            case .accented, .expanded: "en-XA"
            case .bidi: "ar-XB"
            case .brackets: "en-XB"
            }
        }
    }

    /// Transforms one string.
    /// - Parameters:
    ///   - text: A source-language value; placeholders in it are kept exactly.
    ///   - style: The pseudo-language.
    /// - Returns: The pseudo text.
    public static func transform(_ text: String, style: Style) -> String {
        let pieces = PseudoText.pieces(of: text)
        switch style {
        case .accented:
            return pieces.map { $0.isPlaceholder ? $0.text : accented($0.text) }.joined()
        case .expanded:
            return expanded(pieces)
        case .bidi:
            return pieces.map { $0.isPlaceholder ? $0.text : isolatedRightToLeft($0.text) }.joined()
        case .brackets:
            return "⟦" + text + "⟧"
        }
    }

    /// Transforms every string a localization holds — the value, string-set values, every
    /// variation and every substitution variant — keeping its shape and states.
    public static func transform(_ localization: Localization, style: Style) -> Localization {
        var result = localization
        if let value = localization.stringUnit?.value {
            result.stringUnit?.value = transform(value, style: style)
        }
        if let set = localization.stringSet {
            result.stringSet?.values = set.values.map { transform($0, style: style) }
        }
        result.variations = localization.variations.map { transform($0, style: style) }
        if let substitutions = localization.substitutions {
            var transformed = substitutions
            for (name, substitution) in substitutions {
                var copy = substitution
                copy.variations = substitution.variations.map { transform($0, style: style) }
                transformed[name] = copy
            }
            result.substitutions = transformed
        }
        return result
    }

    private static func transform(_ variations: Variations, style: Style) -> Variations {
        switch variations {
        case .plural(let forms): .plural(forms.mapValues { transform($0, style: style) })
        case .device(let forms): .device(forms.mapValues { transform($0, style: style) })
        case .width(let forms): .width(forms.mapValues { transform($0, style: style) })
        }
    }
}
