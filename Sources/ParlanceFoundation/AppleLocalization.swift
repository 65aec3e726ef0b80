#if !canImport(Darwin)
import Foundation

/// Where a lookup of Apple's API goes: the app's catalogs through `Localizer.shared`, or a
/// bundle's own, in the language `Localizer.shared` shows.
enum AppleLocalization {
    /// `table` as Apple reads it: `nil` and empty are `Localizable`.
    static func table(_ table: String?) -> String {
        guard let table, !table.isEmpty else { return LanguageSnapshot.defaultTable }
        return table
    }

    /// A key and its default value, looked up in `bundle` (`nil` or the main bundle: the
    /// app's catalogs, `Localizer.shared`).
    static func string(key: String, defaultValue: LocalizedKey, table: String?, bundle: Bundle?) -> String {
        let table = Self.table(table)
        let shared = Localizer.shared
        if let bundle, bundle != Bundle.main, let localizer = BundleLocalizers.shared.localizer(for: bundle) {
            let snapshot = localizer.snapshot(for: shared.language)
            return render(key: key, defaultValue: defaultValue, table: table) { key, arguments, defaultValue in
                arguments.isEmpty
                    ? snapshot.string(key, table: table, default: defaultValue)
                    : snapshot.string(key, arguments: arguments, table: table, default: defaultValue)
            }
        }
        return render(key: key, defaultValue: defaultValue, table: table) { key, arguments, defaultValue in
            arguments.isEmpty
                ? shared.string(key, table: table, default: defaultValue)
                : shared.string(key, arguments: arguments, table: table, default: defaultValue)
        }
    }

    /// The lookup of a key written as code writes it (the key is its own default), or of a
    /// key with a default value apart: the default's arguments render whichever is found.
    private static func render(
        key: String, defaultValue: LocalizedKey, table: String,
        _ lookup: (String, [MessageArgument], String?) -> String
    ) -> String {
        if key == defaultValue.key { return lookup(key, defaultValue.arguments, nil) }
        return lookup(key, defaultValue.arguments, defaultValue.key)
    }

    /// The bundle a resource names: `nil` for the main bundle.
    static func bundle(_ description: LocalizedStringResource.BundleDescription) -> Bundle? {
        switch description {
        case .main: nil
        case .atURL(let url): Bundle(url: url)
        case .forClass(let type): Bundle(for: type)
        }
    }
}
#endif
