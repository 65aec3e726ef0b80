#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What reading a resources folder produced: one catalog per table, and what was found on the way.
public struct ResourceFolder: Sendable {
    /// One catalog per table, sorted by table name.
    public var catalogs: [Catalog]
    /// Warnings and errors, in the order files were read. A file that could not be
    /// read at all is reported here as an error and contributes nothing.
    public var diagnostics: [Diagnostic]
    /// The files that were read, relative to nothing: as found on disk.
    public var files: [String]

    /// Whether any file could not be read, or two sources disagreed.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The catalog for `table`.
    public subscript(table: String) -> Catalog? { catalogs.first { $0.table == table } }
}

/// Reads every catalog below a folder — `xx.lproj/*.strings`, `xx.lproj/*.stringsdict`,
/// `*.xcstrings` and JSON message catalogs named for their language (`fr.json`,
/// `fr/common.json`) at any depth, as ``CatalogFormats`` lists them — and merges them into
/// one ``Catalog`` per table.
///
/// Within a table and language a `.stringsdict` entry overrides the `.strings` entry of
/// the same key, as Foundation does, and a key repeated within one file takes its last
/// value (the reader warns once per repeat). Any other disagreement between two files is
/// reported, and the file read first (in path order, String Catalogs before `.lproj`
/// tables) is kept.
public enum ResourceFolderReader {
    /// Reads a folder, or a single `.xcstrings`, `.strings` or `.stringsdict` file.
    /// - Parameters:
    ///   - url: The folder or file.
    ///   - sourceLanguage: The language keys are written in, for tables that come only from
    ///     `.lproj` folders; by default the one the folder's String Catalogs declare, else `en`
    ///     when there is an `en.lproj`, otherwise the first language.
    ///   - language: For a single `.strings` or `.stringsdict` file outside an `.lproj` folder, the language it holds.
    /// - Throws: `CocoaError` when the path cannot be listed or read.
    public static func read(at url: URL, sourceLanguage: String? = nil, language: String? = nil) throws -> ResourceFolder {
        guard let status = FileSystem.status(of: url) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [FileSystem.filePathKey: url.path])
        }
        let files = status.isFolder ? try catalogFiles(under: url) : [url]
        let fileLanguage = status.isFolder ? nil : language
        // Parse on every core; merge in path order, so the result never depends on timing.
        let parsed = Locked([Result<CatalogMerger.ParsedFile, any Error>?](repeating: nil, count: files.count))
        BackgroundWork.concurrentPerform(iterations: files.count) { index in
            let result = Result { try CatalogMerger.parse(files[index], language: fileLanguage) }
            parsed.withLock { $0[index] = result }
        }
        var merger = CatalogMerger(sourceLanguage: sourceLanguage)
        for result in parsed.withLock({ $0 }) {
            guard let result else { continue }
            merger.add(try result.get())
        }
        return merger.result(files: files.map(\.path))
    }

    /// The catalog files below `folder`, String Catalogs first, each group in path order:
    /// files of every ``CatalogFilePlacement/anywhere`` format, those of every
    /// ``CatalogFilePlacement/languageFolder`` format inside an `.lproj` folder, and those of
    /// every ``CatalogFilePlacement/languageNamed`` format whose name or folder names a language.
    @_spi(Files) public static func catalogFiles(under folder: URL) throws -> [URL] {
        guard let found = FileSystem.files(under: folder) else {
            throw CocoaError(.fileReadUnknown, userInfo: [FileSystem.filePathKey: folder.path])
        }
        var catalogs: [URL] = []
        var tables: [URL] = []
        for file in found {
            switch CatalogFormats.format(for: file)?.placement {
            case .anywhere?: catalogs.append(file)
            case .languageFolder?:
                if file.deletingLastPathComponent().pathExtension == "lproj" { tables.append(file) }
            case let placement?:
                if placement.place(of: file).language != nil { tables.append(file) }
            case nil: break
            }
        }
        return catalogs.sorted { $0.path < $1.path } + tables.sorted { $0.path < $1.path }
    }
}
