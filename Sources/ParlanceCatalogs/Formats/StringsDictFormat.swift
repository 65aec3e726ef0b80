#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `.stringsdict` tables: one language per file, an XML property list of plural, device and
/// width rules, read by ``StringsDictReader``.
///
/// Within one folder a `.stringsdict` entry overrides the `.strings` entry of the same key
/// and language, as Foundation does, so its ``precedence`` is the higher. Positions come with
/// the reading, so ``CatalogFile/locations`` is always filled.
public struct StringsDictFormat: CatalogFormat {
    public var name: String { ".stringsdict table" }
    public var fileExtension: String { "stringsdict" }
    public var placement: CatalogFilePlacement { .languageFolder }
    public var precedence: Int { 1 }

    public init() {}

    public func read(
        _ data: Data, path: String, table: String, language: String?, locating: Bool
    ) throws(ParseError) -> CatalogFile {
        guard let language else { throw CatalogFormats.noLanguage(path) }
        let file = try StringsDictReader.read(data, path: path)
        var entries = OrderedMap<String, OneLanguageTable.Entry>()
        let fileStart = SourceLocation(file: path, line: 1, column: 1)
        for (key, localization) in file.entries {
            entries[key] = OneLanguageTable.Entry(value: localization, location: file.locations[key] ?? fileStart)
        }
        let table = OneLanguageTable(table: table, language: language, entries: entries)
        return CatalogFile(oneLanguage: table, diagnostics: file.diagnostics)
    }
}
