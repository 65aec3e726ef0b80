/// A source whose tables a ``Localizer`` reads as compiled files, probed where they lie,
/// rather than as ``/ParlanceCatalogs/Catalog`` values it indexes itself.
///
/// ``CompiledLocalizationSource`` is one. A source that lays other values over a bundle (the
/// live updates of `ParlanceRemote` are one) lists the files of the values laid over first and
/// the bundle's after them: a table may have several files, and the first file that holds a
/// key, and does not exclude it, answers for it.
///
/// A localizer over such a source builds each snapshot from ``probedTables(for:)`` of the
/// languages of its fallback chain, at the first lookup that needs them, and again after
/// ``Localizer/reload()``.
public protocol CompiledTableSource: LocalizationSource {
    /// The compiled tables of `language`, in the order lookups probe them.
    /// - Throws: ``LocalizationSourceError`` naming a file that cannot be opened.
    func probedTables(for language: Language) throws -> [ProbedTable]
}

/// One compiled file a lookup probes, and the keys it must not answer for: a lookup of an
/// excluded key goes on to the next file of the same table, as if this one lacked the key.
public struct ProbedTable: Sendable {
    /// The compiled file: one table in one language.
    public let catalog: CompiledCatalog
    /// Keys the file holds whose values are passed over.
    public let excludedKeys: Set<String>

    /// `catalog`, passing over `excludedKeys` (keys it does not hold are ignored).
    public init(_ catalog: CompiledCatalog, excluding excludedKeys: Set<String> = []) {
        self.catalog = catalog
        self.excludedKeys = excludedKeys
    }
}

extension CompiledTableSource {
    /// The tables of `language` decoded into catalogs, one per table, each key's value from the
    /// first file that answers for it (as a localizer reads them): what ``LocalizationSource/catalogs(for:)``
    /// returns for code that works with ``/ParlanceCatalogs/Catalog`` values. Translation states, which compiled
    /// files leave out, are absent.
    /// - Throws: ``LocalizationSourceError`` for a file that cannot be opened or a value that cannot be read.
    public func decodedCatalogs(for language: Language) throws -> [Catalog] {
        let sourceLanguage = ((try? sourceLanguages().first) ?? language).identifier
        let files = try probedTables(for: language)
        var catalogs: [Catalog] = []
        var indexByTable: [String: Int] = [:]
        do throws(CompiledCatalogError) {
            for file in files {
                let table = file.catalog.table
                let index = indexByTable[table] ?? catalogs.count
                if index == catalogs.count {
                    catalogs.append(Catalog(table: table, sourceLanguage: sourceLanguage))
                    indexByTable[table] = index
                }
                for key in try file.catalog.keys() where !file.excludedKeys.contains(key) && catalogs[index][key] == nil {
                    guard let value = try file.catalog.value(forKey: key) else { continue }
                    var entry = CatalogEntry()
                    entry[language.identifier] = value.localization
                    catalogs[index][key] = entry
                }
            }
        } catch {
            throw LocalizationSourceError(diagnostic: error.diagnostic)
        }
        return catalogs
    }
}

extension CompiledLocalizationSource: CompiledTableSource {
    /// ``compiledTables(for:)``, none of their keys excluded.
    public func probedTables(for language: Language) throws -> [ProbedTable] {
        try compiledTables(for: language).map { ProbedTable($0) }
    }
}
