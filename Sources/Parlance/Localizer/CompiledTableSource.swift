/// A source whose tables a ``Localizer`` reads as compiled files, probed where they lie,
/// rather than as ``Catalog`` values it indexes itself.
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
    public let catalog: CompiledCatalog
    /// Keys the file holds whose values are passed over.
    public let excludedKeys: Set<String>

    public init(_ catalog: CompiledCatalog, excluding excludedKeys: Set<String> = []) {
        self.catalog = catalog
        self.excludedKeys = excludedKeys
    }
}

extension CompiledLocalizationSource: CompiledTableSource {
    /// ``compiledTables(for:)``, none of their keys excluded.
    public func probedTables(for language: Language) throws -> [ProbedTable] {
        try compiledTables(for: language).map { ProbedTable($0) }
    }
}
