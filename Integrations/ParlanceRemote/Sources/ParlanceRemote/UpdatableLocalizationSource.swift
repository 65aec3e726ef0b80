import Foundation
import Parlance
import Synchronization

/// The bundled catalogs with the files of the applied release laid over them: the source a
/// `Localizer` reads when an app takes live updates. ``ReleaseUpdater`` replaces the
/// overlay and then reloads the localizers attached to it.
///
/// A localizer reads it as compiled tables, probed where they lie (`CompiledTableSource`):
/// for each language, the release's files first, each passing over the keys whose values were
/// rejected, then the bundle's. Applying a release therefore decodes no value into a
/// `Catalog` and rebuilds no dictionary. A bundle that is not compiled (catalogs in memory, a
/// folder without fresh compiled files) is compiled in memory, one language at a time, the
/// first time a localizer reads that language.
///
/// Values a release does not hold, and values it held that were rejected, come from the
/// bundled source. A language a release adds is listed with the bundle's, so a localizer's
/// reload after the release is applied makes it available at once.
public final class UpdatableLocalizationSource: CompiledTableSource {
    /// What the app ships.
    public let bundled: any LocalizationSource
    private let overlay: Mutex<ReleaseOverlay>
    /// The bundle's compiled tables, when it has them: read in place.
    private let bundledCompiled: (any CompiledTableSource)?
    /// A bundle without compiled tables, compiled in memory per language on first use. At most
    /// one entry per language the bundle lists.
    private let compiledBundle = Mutex<[Language: [ProbedTable]]>([:])
    /// The argument shapes of the bundle's values, by table and key, worked out once: at most
    /// one per key the bundle holds.
    private let shapes = Mutex<[String: [String: ArgumentShape]]>([:])
    /// The bundle's languages, listed once: what the app ships does not change.
    private let bundledLanguages = Mutex<[Language]?>(nil)

    init(bundled: any LocalizationSource, overlay: ReleaseOverlay) {
        self.bundled = bundled
        self.overlay = Mutex(overlay)
        if let compiled = bundled as? any CompiledTableSource {
            bundledCompiled = compiled
        } else if let folder = bundled as? FolderLocalizationSource, let compiled = folder.freshCompiledCatalogs {
            bundledCompiled = compiled
        } else {
            bundledCompiled = nil
        }
    }

    /// The release whose values are laid over the bundled ones; `nil` when none is.
    public var release: Int? { overlay.withLock { $0.release } }

    func replace(with overlay: ReleaseOverlay) {
        self.overlay.withLock { $0 = overlay }
    }

    var current: ReleaseOverlay { overlay.withLock { $0 } }

    /// The bundle's languages, then those only the release has.
    public func availableLanguages() throws -> [Language] {
        var languages = try listBundledLanguages()
        for language in overlay.withLock({ $0.languages }) where !languages.contains(language) { languages.append(language) }
        return languages
    }

    public func sourceLanguages() throws -> [Language] { try bundled.sourceLanguages() }

    private func listBundledLanguages() throws -> [Language] {
        if let listed = bundledLanguages.withLock({ $0 }) { return listed }
        let listed = try bundled.availableLanguages()
        bundledLanguages.withLock { $0 = listed }
        return listed
    }

    /// The release's files of `language`, then the bundle's.
    public func probedTables(for language: Language) throws -> [ProbedTable] {
        let released = overlay.withLock { $0.tables[language] } ?? []
        // A language only the release has may be one the bundled source cannot read at all.
        let bundle = released.isEmpty ? try bundledTables(for: language) : ((try? bundledTables(for: language)) ?? [])
        return released + bundle
    }

    /// The tables of `language` decoded into catalogs (`CompiledTableSource/decodedCatalogs(for:)`),
    /// for code that works with `Catalog` values; a `Localizer` reads the files in place instead.
    public func catalogs(for language: Language) throws -> [Catalog] {
        try decodedCatalogs(for: language)
    }

    /// The bundle's compiled tables of `language`: its own, or its catalogs compiled once.
    func bundledTables(for language: Language) throws -> [ProbedTable] {
        if let bundledCompiled { return try bundledCompiled.probedTables(for: language) }
        if let compiled = compiledBundle.withLock({ $0[language] }) { return compiled }
        var tables: [ProbedTable] = []
        for catalog in try bundled.catalogs(for: language) {
            do {
                let bytes = try CompiledCatalogWriter.bytes(for: catalog, language: language)
                tables.append(ProbedTable(try CompiledCatalog(bytes: bytes, path: "\(catalog.table).\(language).pcat")))
            } catch {
                throw LocalizationSourceError(diagnostic: Diagnostic(
                    .error, "cannot compile the bundled table \(catalog.table) in \(language): \(error)"))
            }
        }
        // Only the bundle's languages are kept, so the cache holds at most one entry per language.
        if (try? listBundledLanguages().contains(language)) == true {
            compiledBundle.withLock { $0[language] = tables }
        }
        return tables
    }

    /// How many languages of a bundle of catalogs have been compiled and kept (for the test
    /// that proves the cache is bounded).
    var compiledLanguageCount: Int { compiledBundle.withLock { $0.count } }

    /// The shapes of `table` worked out so far, to read without the lock.
    func knownShapes(table: String) -> [String: ArgumentShape] {
        shapes.withLock { $0[table] } ?? [:]
    }

    /// The shape of the bundled value of `key` in `table`, which a released value must match:
    /// the source language's value, else the key itself (a String Catalog key is its own source
    /// text) when any bundled language has the key; `nil` when none has.
    func sourceShape(table: String, key: String, sourceLanguage: Language, language: Language) -> ArgumentShape? {
        if let known = shapes.withLock({ $0[table]?[key] }) { return known }
        var shape: ArgumentShape?
        if let value = Self.value(of: key, table: table, in: (try? bundledTables(for: sourceLanguage)) ?? []) {
            shape = ArgumentShape(value)
        } else {
            var languages = [language]
            for other in (try? listBundledLanguages()) ?? [] where !languages.contains(other) && other != sourceLanguage {
                languages.append(other)
            }
            for candidate in languages where Self.value(of: key, table: table, in: (try? bundledTables(for: candidate)) ?? []) != nil {
                shape = ArgumentShape(template: key)
                break
            }
        }
        // Only keys the bundle holds are kept: the cache is no larger than the bundle.
        if let shape { shapes.withLock { $0[table, default: [:]][key] = shape } }
        return shape
    }

    /// The value of `key` in `table` from the first of `files` that answers for it.
    static func value(of key: String, table: String, in files: [ProbedTable]) -> CompiledValue? {
        for file in files where file.catalog.table == table && !file.excludedKeys.contains(key) {
            if let value = try? file.catalog.value(forKey: key) { return value }
        }
        return nil
    }
}

/// The checked files of one release, by language: per table, the release's file passing over
/// its rejected keys, then (when a rejected key had a good value in the release before) a file
/// of those earlier values.
struct ReleaseOverlay: Sendable {
    var release: Int?
    var tables: [Language: [ProbedTable]] = [:]

    static let empty = ReleaseOverlay(release: nil)

    var languages: [Language] { tables.keys.sorted { $0.identifier < $1.identifier } }

    /// The value this overlay shows for `key` in `table` and `language`, if it holds one.
    func value(of key: String, table: String, language: Language) -> CompiledValue? {
        UpdatableLocalizationSource.value(of: key, table: table, in: tables[language] ?? [])
    }
}
