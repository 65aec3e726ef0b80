#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// JSON message catalogs, as web projects keep them: one file per language whose values are
/// ICU MessageFormat messages, read by ``JSONMessagesReader``.
///
/// Three layouts are read (and written back as read, by `JSONMessagesWriter` in
/// ParlanceCatalogWriters): FormatJS's flat `{"key": "message"}`, FormatJS's described
/// `{"key": {"defaultMessage": "message", "description": "note"}}`, and i18next's v4 nested
/// keys (`{"home": {"title": "Welcome"}}` holds `home.title`) with ICU values as i18next-icu
/// reads them. The file's name or folder names its language (``CatalogFilePlacement/languageNamed``):
/// `lang/fr.json` is French in the `Localizable` table, `locales/fr/common.json` French in
/// `common`. The table's ``Catalog/messageSyntax`` is ``MessageSyntax/icu``.
public struct JSONMessagesFormat: CatalogFormat {
    /// `JSON message catalog`.
    public var name: String { "JSON message catalog" }
    /// `json`.
    public var fileExtension: String { "json" }
    /// One language per file, named by the file or its folder.
    public var placement: CatalogFilePlacement { .languageNamed }
    /// 0: one table and language comes from one file.
    public var precedence: Int { 0 }

    /// The format.
    public init() {}

    /// Reads one language's file; positions are found only when `locating`.
    public func read(
        _ data: Data, path: String, table: String, language: String?, locating: Bool
    ) throws(ParseError) -> CatalogFile {
        guard let language else {
            throw ParseError(
                "cannot tell the language of \(path); name the file for it (fr.json) or put it in a folder named for it (fr/\(table).json).",
                at: SourceLocation(file: path, line: 1, column: 1))
        }
        return try JSONMessagesReader.read(data, path: path, table: table, language: language, locating: locating)
    }
}
