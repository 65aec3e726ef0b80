import Foundation
import Parlance

/// Export and import over a resources folder: which files an export writes, and which
/// catalog files an import rewrites.
public enum TranslationExchange {
    /// What `parlance export` writes for each language.
    public enum Format: String, Sendable, CaseIterable {
        /// `<lang>.xcloc/`, laid out as Xcode writes a localization catalog.
        case xcloc
        /// `<lang>.xliff`: one XLIFF 1.2 file with every table.
        case xliff
        /// `<Table>/<lang>.po`: one gettext file per table and language.
        case po
    }

    /// The path of each catalog's file relative to `root`: its `.xcstrings`, or the source
    /// language's `.strings` (or `.stringsdict`) for a table read from `.lproj` folders.
    public static func originals(of folder: ResourceFolder, root: URL) -> [String: String] {
        let rootPath = root.standardizedFileURL.path
        var originals: [String: String] = [:]
        for catalog in folder.catalogs {
            let candidates = folder.files.filter { path in
                let name = (path as NSString).lastPathComponent
                if name == "\(catalog.table).xcstrings" { return true }
                let parent = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
                return parent == "\(catalog.sourceLanguage).lproj" && (name == "\(catalog.table).strings" || name == "\(catalog.table).stringsdict")
            }
            guard let file = candidates.first ?? folder.files.first(where: { ($0 as NSString).lastPathComponent.hasPrefix(catalog.table + ".") }) else { continue }
            let standardized = URL(fileURLWithPath: file).standardizedFileURL.path
            originals[catalog.table] = standardized.hasPrefix(rootPath + "/") ? String(standardized.dropFirst(rootPath.count + 1)) : standardized
        }
        return originals
    }

    /// The languages an export covers by default: every language any catalog holds, but
    /// the source language.
    public static func defaultLanguages(of catalogs: [Catalog]) -> [String] {
        var languages = Set<String>()
        for catalog in catalogs { languages.formUnion(catalog.languages.filter { $0 != catalog.sourceLanguage }) }
        return languages.sorted()
    }

    /// The files an export of `folder` (read from `root`) writes, relative to the output folder.
    public static func export(
        _ folder: ResourceFolder, root: URL, languages: [String], format: Format, project: String
    ) -> (files: [CatalogConversion.OutputFile], losses: [Diagnostic]) {
        let originals = originals(of: folder, root: root)
        var files: [CatalogConversion.OutputFile] = []
        var losses: [Diagnostic] = []
        let keyOrders = folder.catalogs.map(TranslationExport.xcodeKeyOrder(of:))
        for language in languages {
            var translationFiles: [TranslationFile] = []
            for (catalog, keys) in zip(folder.catalogs, keyOrders) {
                let exported = TranslationExport.file(
                    for: catalog, original: originals[catalog.table] ?? "\(catalog.table).xcstrings", language: language, keys: keys)
                losses += exported.losses
                translationFiles.append(exported.file)
            }
            switch format {
            case .po:
                for file in translationFiles {
                    let written = GettextPO.write(file)
                    losses += written.losses
                    files.append(.init(path: "\(file.table)/\(language).po", data: written.data))
                }
            case .xliff:
                let written = XLIFF.write(translationFiles)
                losses += written.losses
                files.append(.init(path: "\(language).xliff", data: written.data))
            case .xcloc:
                let written = XLIFF.write(translationFiles)
                losses += written.losses
                let bundle = "\(language).xcloc"
                files.append(.init(path: "\(bundle)/contents.json", data: contents(project: project, sourceLanguage: folder.catalogs.first?.sourceLanguage ?? "en", language: language)))
                files.append(.init(path: "\(bundle)/Localized Contents/\(language).xliff", data: written.data))
                for original in Set(originals.values).sorted() {
                    let url = original.hasPrefix("/") ? URL(fileURLWithPath: original) : root.appendingPathComponent(original)
                    if let data = try? Data(contentsOf: url) {
                        files.append(.init(path: "\(bundle)/Source Contents/\(original.hasPrefix("/") ? url.lastPathComponent : original)", data: data))
                    }
                }
            }
        }
        return (files, losses)
    }

    /// An `.xcloc`'s `contents.json`, with the keys Xcode writes, sorted, in its layout.
    static func contents(project: String, sourceLanguage: String, language: String) -> Data {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let text = """
            {
              "developmentRegion" : \(quoted(sourceLanguage)),
              "project" : \(quoted(project)),
              "targetLocale" : \(quoted(language)),
              "toolInfo" : {
                "toolBuildNumber" : "1",
                "toolID" : "parlance",
                "toolName" : "Parlance",
                "toolVersion" : "0.1"
              },
              "version" : "1.0"
            }
            """
        return Data(text.utf8)
    }

    /// Reads a translators' file: an `.xliff` (or `.xlf`), an `.xcloc` bundle (its
    /// `Localized Contents/*.xliff`), or a `.po`.
    ///
    /// - Throws: ``/ParlanceCatalogs/ParseError`` for content that cannot be read; `CocoaError` for a path that cannot.
    public static func read(_ url: URL) throws -> TranslationDocument {
        switch url.pathExtension.lowercased() {
        case "xcloc":
            let localized = url.appendingPathComponent("Localized Contents")
            let names = try FileManager.default.contentsOfDirectory(atPath: localized.path).filter { $0.hasSuffix(".xliff") }.sorted()
            guard !names.isEmpty else {
                throw ParseError("the bundle has no Localized Contents/<language>.xliff.", at: SourceLocation(file: url.path, line: 1, column: 1))
            }
            var document = TranslationDocument()
            for name in names {
                let file = localized.appendingPathComponent(name)
                let part = try XLIFF.read(try Data(contentsOf: file), path: file.path)
                document.files += part.files
                document.locations += part.locations
            }
            return document
        case "po", "pot":
            return try GettextPO.read(try Data(contentsOf: url), path: url.path, fallbackOriginal: url.deletingLastPathComponent().lastPathComponent + ".xcstrings")
        default:
            return try XLIFF.read(try Data(contentsOf: url), path: url.path)
        }
    }

    /// The catalog files an import rewrites: each changed String Catalog as a whole, written
    /// as Xcode does, and for a changed `.lproj` table the `.strings` or `.stringsdict` whose
    /// content changed, in the languages the import touched. Such a table is rewritten as
    /// `convert --to lproj` writes it: every value is kept, but not the file's own spacing, nor
    /// comments in a translation's table (String Catalogs keep one comment per key, written in
    /// the source language's table). Paths are relative to `root`.
    public static func filesToWrite(
        after result: TranslationImport.Result, folder: ResourceFolder, root: URL, languages: Set<String>
    ) -> (files: [CatalogConversion.OutputFile], losses: [Diagnostic]) {
        let originals = originals(of: folder, root: root)
        var files: [CatalogConversion.OutputFile] = []
        var losses: [Diagnostic] = []
        for catalog in result.catalogs where result.changedTables.contains(catalog.table) {
            guard let original = originals[catalog.table] else { continue }
            if original.hasSuffix(".xcstrings") {
                let written = XCStringsWriter(keyOrder: .preserved).write(catalog)
                losses += written.dropped
                files.append(.init(path: original, data: written.data))
            } else {
                // `<root>/<dir>/<source>.lproj/Table.strings`: write beside it, per language touched.
                let lprojParent = ((original as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
                let converted = CatalogConversion.toLprojTables([catalog])
                // Only the tables whose content the import changed: the same table converted
                // from the catalog as read says which.
                let unchanged = Dictionary(
                    (folder.catalogs.first { $0.table == catalog.table }.map { CatalogConversion.toLprojTables([$0]).files } ?? []).map { ($0.path, $0.data) },
                    uniquingKeysWith: { first, _ in first })
                for file in converted.files where unchanged[file.path] != file.data {
                    let language = String(file.path.prefix { $0 != "." })
                    guard languages.contains(language), language != catalog.sourceLanguage else { continue }
                    files.append(.init(path: lprojParent.isEmpty ? file.path : "\(lprojParent)/\(file.path)", data: file.data))
                }
                losses += converted.losses.filter { $0.severity == .error }
            }
        }
        return (files, losses)
    }
}
