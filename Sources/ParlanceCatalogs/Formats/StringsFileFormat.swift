#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `.strings` tables: one language per file, in old-style text, XML or binary property
/// lists, read by ``StringsFileReader``.
///
/// A key written twice takes its last value and keeps the place it first appeared, as
/// Foundation loads it; the reader warns at each repeat (``Diagnostic/Code/duplicateKey``).
/// Positions come with the reading, so ``CatalogFile/locations`` is always filled: each key at
/// the entry that won.
public struct StringsFileFormat: CatalogFormat {
    public var name: String { ".strings table" }
    public var fileExtension: String { "strings" }
    public var placement: CatalogFilePlacement { .languageFolder }
    public var precedence: Int { 0 }

    public init() {}

    public func read(
        _ data: Data, path: String, table: String, language: String?, locating: Bool
    ) throws(ParseError) -> CatalogFile {
        guard let language else { throw CatalogFormats.noLanguage(path) }
        let file = try StringsFileReader.read(data, path: path)
        var entries = OrderedMap<String, OneLanguageTable.Entry>()
        for entry in file.entries {
            entries[entry.key] = OneLanguageTable.Entry(value: .string(entry.value), comment: entry.comment, location: entry.location)
        }
        let table = OneLanguageTable(table: table, language: language, entries: entries)
        return CatalogFile(oneLanguage: table, diagnostics: file.diagnostics)
    }
}
