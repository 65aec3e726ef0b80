import Foundation

/// Merges files into one catalog per table, remembering where each value came from.
struct CatalogMerger {
    private enum Kind { case catalog, strings, stringsDict }

    private struct Origin {
        var path: String
        var kind: Kind
        var location: SourceLocation?
    }

    private var explicitSourceLanguage: String?
    private var catalogs: [String: Catalog] = [:]
    /// The source language each table's String Catalog declared.
    private var declaredSourceLanguages: [String: String] = [:]
    private var origins: [String: [String: [String: Origin]]] = [:]  // table → key → language → origin
    private var diagnostics: [Diagnostic] = []

    init(sourceLanguage: String?) {
        self.explicitSourceLanguage = sourceLanguage
    }

    /// One file read and parsed, ready to merge. Parsing is pure, so files parse in parallel.
    enum ParsedFile: Sendable {
        case catalog(Catalog, path: String)
        case strings(StringsFile, table: String, language: String, path: String)
        case stringsDict(StringsDictFile, table: String, language: String, path: String)
        case failed(Diagnostic)
    }

    /// Reads and parses `file`; `fileLanguage` names the language of a table outside an `.lproj` folder.
    static func parse(_ file: URL, language fileLanguage: String?) throws -> ParsedFile {
        let data = try Data(contentsOf: file)
        let table = file.deletingPathExtension().lastPathComponent
        let path = file.path
        let language = Self.language(of: file) ?? fileLanguage
        let noLanguage = ParsedFile.failed(Diagnostic(
            .error, "cannot tell the language of \(path); put it in an xx.lproj folder or name the language."))
        do throws(ParseError) {
            switch file.pathExtension {
            case "xcstrings":
                return .catalog(try XCStringsReader.read(data, path: path, table: table), path: path)
            case "strings":
                guard let language else { return noLanguage }
                return .strings(try StringsFileReader.read(data, path: path), table: table, language: language, path: path)
            case "stringsdict":
                guard let language else { return noLanguage }
                return .stringsDict(try StringsDictReader.read(data, path: path), table: table, language: language, path: path)
            default:
                return .failed(Diagnostic(.error, "\(path) is not a .xcstrings, .strings or .stringsdict file."))
            }
        } catch {
            return .failed(error.diagnostic)
        }
    }

    /// Merges one parsed file; files must arrive in the order of their paths.
    mutating func add(_ parsed: ParsedFile) {
        switch parsed {
        case .catalog(let catalog, let path):
            addCatalog(catalog, path: path)
        case .strings(let strings, let table, let language, let path):
            // The reader already warned about each repeated key; as in Foundation the last entry
            // wins, and the key keeps the place where it first appeared.
            diagnostics += strings.diagnostics
            var last: [String: Int] = [:]
            for (index, entry) in strings.entries.enumerated() { last[entry.key] = index }
            for (index, entry) in strings.entries.enumerated() {
                guard let winner = last.removeValue(forKey: entry.key) else { continue }
                let entry = winner == index ? entry : strings.entries[winner]
                insert(.string(entry.value), key: entry.key, language: language, table: table,
                       origin: Origin(path: path, kind: .strings, location: entry.location), comment: entry.comment)
            }
        case .stringsDict(let dictionary, let table, let language, let path):
            diagnostics += dictionary.diagnostics
            for (key, localization) in dictionary.entries {
                insert(localization, key: key, language: language, table: table,
                       origin: Origin(path: path, kind: .stringsDict, location: dictionary.locations[key]), comment: nil)
            }
        case .failed(let diagnostic):
            diagnostics.append(diagnostic)
        }
    }

    /// The language an `.lproj` folder names, in BCP 47 spelling.
    static func language(of file: URL) -> String? {
        let folder = file.deletingLastPathComponent()
        guard folder.pathExtension == "lproj" else { return nil }
        return LanguageTag.canonical(folder.deletingPathExtension().lastPathComponent)
    }

    private mutating func addCatalog(_ catalog: Catalog, path: String) {
        if let declared = declaredSourceLanguages[catalog.table] {
            if declared != catalog.sourceLanguage {
                diagnostics.append(Diagnostic(
                    .warning,
                    "\(path) declares the source language \"\(catalog.sourceLanguage)\" but another \(catalog.table) catalog declares \"\(declared)\"; keeping \"\(declared)\"."))
            }
        } else {
            declaredSourceLanguages[catalog.table] = catalog.sourceLanguage
        }
        var target = catalogs[catalog.table] ?? Catalog(
            table: catalog.table, sourceLanguage: catalog.sourceLanguage, version: catalog.version,
            unknownFields: catalog.unknownFields, endsWithNewline: catalog.endsWithNewline)
        for (key, entry) in catalog.entries where target.entries[key] == nil {
            var metadata = entry
            metadata.localizations = entry.localizations == nil ? nil : OrderedMap()
            target.entries[key] = metadata
        }
        catalogs[catalog.table] = target
        for (key, entry) in catalog.entries {
            for (language, localization) in entry.localizations ?? OrderedMap() {
                insert(localization, key: key, language: language, table: catalog.table,
                       origin: Origin(path: path, kind: .catalog, location: nil), comment: nil)
            }
        }
    }

    private mutating func insert(
        _ localization: Localization, key: String, language: String, table: String, origin: Origin, comment: String?
    ) {
        if let previous = origins[table]?[key]?[language], let existing = catalogs[table]?.entries[key]?[language] {
            let overrides = previous.kind == .strings && origin.kind == .stringsDict
            if !overrides, existing != localization {
                diagnostics.append(Diagnostic(
                    .warning,
                    "\"\(key)\" in \(language) (\(table)) differs between \(describe(previous)) and \(describe(origin)); keeping the first.",
                    at: origin.location))
                return
            }
            if !overrides { return }
        }
        // Modified in place: copying the table out and back would copy it on every insert.
        catalogs[table, default: Catalog(table: table, sourceLanguage: "")].entries.modify(key, default: CatalogEntry()) { entry in
            entry[language] = localization
            if entry.comment == nil, let comment { entry.comment = comment }
        }
        origins[table, default: [:]][key, default: [:]][language] = origin
    }

    private func describe(_ origin: Origin) -> String {
        origin.location.map(\.description) ?? origin.path
    }

    mutating func result(files: [String]) -> ResourceFolder {
        var result: [Catalog] = []
        for table in catalogs.keys.sorted() {
            guard var catalog = catalogs[table] else { continue }
            if let declared = declaredSourceLanguages[table] {
                catalog.sourceLanguage = declared
            } else {
                // A table that exists only as .lproj folders takes the source language the
                // folder's String Catalogs agree on, else English when present.
                let declared = Set(declaredSourceLanguages.values)
                let languages = catalog.languages
                catalog.sourceLanguage = explicitSourceLanguage
                    ?? (declared.count == 1 ? declared.first : nil)
                    ?? (languages.contains("en") ? "en" : languages.first { $0 != "Base" } ?? "en")
            }
            result.append(catalog)
        }
        return ResourceFolder(catalogs: result, diagnostics: diagnostics, files: files)
    }
}
