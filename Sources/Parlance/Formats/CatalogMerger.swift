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

    mutating func add(_ file: URL, language fileLanguage: String?) throws {
        let data = try Data(contentsOf: file)
        let table = file.deletingPathExtension().lastPathComponent
        let path = file.path
        do throws(ParseError) {
            switch file.pathExtension {
            case "xcstrings":
                let catalog = try XCStringsReader.read(data, path: path, table: table)
                addCatalog(catalog, path: path)
            case "strings":
                guard let language = Self.language(of: file) ?? fileLanguage else { return noLanguage(path) }
                let strings = try StringsFileReader.read(data, path: path)
                diagnostics += strings.diagnostics
                for entry in strings.entries {
                    insert(.string(entry.value), key: entry.key, language: language, table: table,
                           origin: Origin(path: path, kind: .strings, location: entry.location), comment: entry.comment)
                }
            case "stringsdict":
                guard let language = Self.language(of: file) ?? fileLanguage else { return noLanguage(path) }
                let dictionary = try StringsDictReader.read(data, path: path)
                diagnostics += dictionary.diagnostics
                for (key, localization) in dictionary.entries {
                    insert(localization, key: key, language: language, table: table,
                           origin: Origin(path: path, kind: .stringsDict, location: dictionary.locations[key]), comment: nil)
                }
            default:
                diagnostics.append(Diagnostic(.error, "\(path) is not a .xcstrings, .strings or .stringsdict file."))
            }
        } catch {
            diagnostics.append(error.diagnostic)
        }
    }

    private mutating func noLanguage(_ path: String) {
        diagnostics.append(Diagnostic(
            .error, "cannot tell the language of \(path); put it in an xx.lproj folder or name the language."))
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
        var catalog = catalogs[table] ?? Catalog(table: table, sourceLanguage: "")
        defer { catalogs[table] = catalog }
        if let previous = origins[table]?[key]?[language], let existing = catalog.entries[key]?[language] {
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
        catalog.entries.modify(key, default: CatalogEntry()) { entry in
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
