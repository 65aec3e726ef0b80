import Parlance

/// Writes a pseudo-language into a catalog, from the source language, for every key
/// translators may translate.
public enum PseudoCatalog {
    /// Adds (or replaces) `language` in every entry of `catalog`.
    ///
    /// The pseudo text is always made from the source language — from the key itself for
    /// a key with no source value — so running this again gives the same catalog. Entries
    /// marked `shouldTranslate: false` are left alone. Every string unit is `translated`,
    /// so the pseudo-language is used as is.
    /// - Parameters:
    ///   - catalog: The catalog.
    ///   - style: What the pseudo-language reveals.
    ///   - language: The tag to write it as; ``/ParlanceCore/PseudoLocalization/Style/defaultLanguage`` when `nil`.
    /// - Returns: The catalog with the pseudo-language, and how many keys got it.
    public static func apply(
        _ style: PseudoLocalization.Style, language: String? = nil, to catalog: Catalog
    ) -> (catalog: Catalog, keys: Int) {
        let tag = language ?? style.defaultLanguage
        var catalog = catalog
        var count = 0
        for key in catalog.entries.keys {
            catalog.entries.modify(key, default: CatalogEntry()) { entry in
                guard entry.shouldTranslate != false, tag != catalog.sourceLanguage else { return }
                let source = entry[catalog.sourceLanguage] ?? .string(key)
                entry[tag] = markedTranslated(PseudoLocalization.transform(source, style: style))
                count += 1
            }
        }
        return (catalog, count)
    }

    private static func markedTranslated(_ localization: Localization) -> Localization {
        var result = localization
        result.stringUnit?.state = .translated
        result.stringSet?.state = .translated
        result.variations = localization.variations.map(markedTranslated)
        if let substitutions = localization.substitutions {
            var marked = substitutions
            for (name, substitution) in substitutions {
                var copy = substitution
                copy.variations = substitution.variations.map(markedTranslated)
                marked[name] = copy
            }
            result.substitutions = marked
        }
        return result
    }

    private static func markedTranslated(_ variations: Variations) -> Variations {
        switch variations {
        case .plural(let forms): .plural(forms.mapValues(markedTranslated))
        case .device(let forms): .device(forms.mapValues(markedTranslated))
        case .width(let forms): .width(forms.mapValues(markedTranslated))
        }
    }
}
