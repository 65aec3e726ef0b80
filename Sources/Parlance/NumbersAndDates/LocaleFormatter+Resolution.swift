import Foundation

extension LocaleFormatter {
    /// The locale ICU can really serve for `locale`.
    ///
    /// ICU does not fall back gracefully everywhere: a language it has no data for gets the
    /// root locale (dates such as `2023 M11 14`, numbers without grouping), and a known language
    /// with an unknown region (`fr-XX`, `fr-419`) gets root number symbols. Both were measured
    /// on Linux with `NumberFormatter` and `FormatStyle` alike. Resolving up front makes every
    /// output follow the language the app asked for, on every platform.
    static func resolved(_ locale: Locale) -> Locale {
        guard let code = locale.language.languageCode?.identifier, languagesWithData.contains(code) else {
            return Locale(identifier: "en")
        }
        guard let region = locale.language.region?.identifier else { return locale }
        var candidates = ["\(code)_\(region)"]
        if let script = locale.language.script?.identifier {
            candidates.append("\(code)_\(script)_\(region)")
        }
        if candidates.contains(where: localesWithData.contains) { return locale }
        var components = Locale.Components(locale: locale)
        components.languageComponents.region = nil
        return Locale(components: components)
    }

    /// Every locale identifier Foundation ships data for (`fr`, `fr_CH`, `zh_Hant_TW`), read once.
    private static let localesWithData: Set<String> = Set(Locale.availableIdentifiers)

    /// The language codes among them.
    private static let languagesWithData: Set<String> = Set(
        localesWithData.map { identifier in
            String(identifier.prefix { $0 != "_" && $0 != "-" })
        }
    )
}
