import Foundation
import Parlance
import Synchronization

/// The bundled catalogs with the values of the applied release laid over them: the source a
/// ``Localizer`` reads when an app takes live updates. ``ReleaseUpdater`` replaces the
/// overlay and then reloads the localizers attached to it.
///
/// Values a release does not hold, and values it held that were rejected, come from the
/// bundled source. Languages a release adds are available to a localizer made after the
/// release was applied (the next launch reads it from the cache): a localizer lists its
/// languages once, when it is made.
public final class UpdatableLocalizationSource: LocalizationSource {
    /// What the app ships.
    public let bundled: any LocalizationSource
    private let overlay: Mutex<ReleaseOverlay>

    init(bundled: any LocalizationSource, overlay: ReleaseOverlay) {
        self.bundled = bundled
        self.overlay = Mutex(overlay)
    }

    /// The release whose values are laid over the bundled ones; `nil` when none is.
    public var release: Int? { overlay.withLock { $0.release } }

    func replace(with overlay: ReleaseOverlay) {
        self.overlay.withLock { $0 = overlay }
    }

    var current: ReleaseOverlay { overlay.withLock { $0 } }

    public func availableLanguages() throws -> [Language] {
        var languages = try bundled.availableLanguages()
        for language in overlay.withLock({ $0.languages }) where !languages.contains(language) { languages.append(language) }
        return languages
    }

    public func sourceLanguages() throws -> [Language] { try bundled.sourceLanguages() }

    public func catalogs(for language: Language) throws -> [Catalog] {
        let tables = overlay.withLock { $0.values[language] } ?? [:]
        guard !tables.isEmpty else { return try bundled.catalogs(for: language) }
        // A language only the release has may be one the bundled source cannot read at all.
        var catalogs = (try? bundled.catalogs(for: language)) ?? []
        var placed: Set<String> = []
        for index in catalogs.indices {
            guard let values = tables[catalogs[index].table] else { continue }
            placed.insert(catalogs[index].table)
            for (key, value) in values {
                var entry = catalogs[index][key] ?? CatalogEntry()
                entry[language.identifier] = value
                catalogs[index][key] = entry
            }
        }
        let sourceLanguage = (try? bundled.sourceLanguages().first)?.map(\.identifier) ?? language.identifier
        for (table, values) in tables.sorted(by: { $0.key < $1.key }) where !placed.contains(table) {
            var catalog = Catalog(table: table, sourceLanguage: sourceLanguage)
            for key in values.keys.sorted() {
                var entry = CatalogEntry()
                entry[language.identifier] = values[key]
                catalog[key] = entry
            }
            catalogs.append(catalog)
        }
        return catalogs
    }
}

/// The checked values of one release, by language, table and key.
struct ReleaseOverlay: Sendable {
    var release: Int?
    var values: [Language: [String: [String: Localization]]] = [:]

    static let empty = ReleaseOverlay(release: nil)

    var languages: [Language] { values.keys.sorted { $0.identifier < $1.identifier } }

}
