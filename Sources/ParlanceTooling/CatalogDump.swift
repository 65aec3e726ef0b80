import Parlance

/// What an app would see in one language, as JSON: `{"<table>": {"<key>": VALUE}}`.
///
/// VALUE is a string for a plain string; `{"plural": {...}}`, `{"device": {...}}` or
/// `{"width": {...}}` for variations; `{"format": "…", "substitutions": {...}}` for a
/// format with substitutions; `{"stringSet": [...]}` for a string set. The same content
/// held as `.strings` + `.stringsdict` or as `.xcstrings` dumps to the same JSON.
public enum CatalogDump {
    /// The dump of `catalogs` in `language`, with no fallback to other languages.
    ///
    /// In a table's source language, a key with no value of its own shows the key,
    /// as a compiled String Catalog does.
    public static func json(_ catalogs: [Catalog], language: String) -> JSONText {
        let wanted = LanguageTag.canonical(language)
        var tables: [String: JSONText] = [:]
        for catalog in catalogs {
            var keys: [String: JSONText] = [:]
            let isSource = LanguageTag.canonical(catalog.sourceLanguage) == wanted
            for (key, entry) in catalog.entries {
                let match = entry.localizations?.first { LanguageTag.canonical($0.key) == wanted }?.value
                if let match, let value = value(of: match) {
                    keys[key] = value
                } else if isSource {
                    keys[key] = .string(key)
                }
            }
            if !keys.isEmpty { tables[catalog.table] = .object(keys) }
        }
        return .object(tables)
    }

    /// The dump of one localization; `nil` when it holds nothing.
    public static func value(of localization: Localization) -> JSONText? {
        if let variations = localization.variations {
            return value(of: variations)
        }
        if let unit = localization.stringUnit {
            guard let substitutions = localization.substitutions, !substitutions.isEmpty else {
                return .string(unit.value)
            }
            var dumped: [String: JSONText] = [:]
            for (name, substitution) in substitutions {
                var fields: [String: JSONText] = ["formatSpecifier": .string(substitution.formatSpecifier)]
                if let argNum = substitution.argNum { fields["argNum"] = .integer(argNum) }
                if let variations = substitution.variations, case .object(let kinds) = value(of: variations) {
                    fields.merge(kinds) { first, _ in first }
                }
                dumped[name] = .object(fields)
            }
            return .object(["format": .string(unit.value), "substitutions": .object(dumped)])
        }
        if let set = localization.stringSet {
            return .object(["stringSet": .array(set.values.map(JSONText.string))])
        }
        return nil
    }

    private static func value(of variations: Variations) -> JSONText {
        func forms<K>(_ forms: [K: Localization], name: (K) -> String) -> JSONText {
            .object(Dictionary(uniqueKeysWithValues: forms.compactMap { key, form in
                value(of: form).map { (name(key), $0) }
            }))
        }
        switch variations {
        case .plural(let plural): return .object(["plural": forms(plural) { $0.rawValue }])
        case .device(let device): return .object(["device": forms(device) { $0.rawValue }])
        case .width(let width): return .object(["width": forms(width) { String($0) }])
        }
    }
}
