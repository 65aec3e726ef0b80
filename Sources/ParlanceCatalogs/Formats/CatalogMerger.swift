#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Merges files into one catalog per table, remembering where each value came from.
struct CatalogMerger {
    private struct Origin {
        var path: String
        /// The format's precedence for a one-language table; `nil` for a String Catalog,
        /// whose values are never overridden.
        var precedence: Int?
        var location: SourceLocation?
    }

    private var explicitSourceLanguage: String?
    private var catalogs: [String: Catalog] = [:]
    /// The source language each table's String Catalog declared.
    private var declaredSourceLanguages: [String: String] = [:]
    private var origins: [String: [String: [String: Origin]]] = [:]  // table → key → language → origin
    private var diagnostics: [Diagnostic] = []
    /// Each table's message syntax and layout, from its first file.
    private var syntaxes: [String: (syntax: MessageSyntax, layout: JSONCatalogLayout?, path: String, endsWithNewline: Bool)] = [:]

    init(sourceLanguage: String?) {
        self.explicitSourceLanguage = sourceLanguage
    }

    /// One file read and parsed, ready to merge. Parsing is pure, so files parse in parallel.
    enum ParsedFile: Sendable {
        case read(CatalogFile, format: any CatalogFormat, path: String)
        case failed(Diagnostic)
    }

    /// Reads and parses `file` with the format its extension names; `fileLanguage` names
    /// the language of a table outside an `.lproj` folder.
    static func parse(_ file: URL, language fileLanguage: String?) throws -> ParsedFile {
        let path = file.path
        guard let format = CatalogFormats.format(for: file) else {
            return .failed(Diagnostic(.error, "\(path) is not a \(CatalogFormats.extensionList) file."))
        }
        let data = try Data(contentsOf: file)
        let place = format.placement.place(of: file)
        let table = place.table
        let language = format.placement == .anywhere ? nil : place.language ?? fileLanguage
        do throws(ParseError) {
            let read = try format.read(data, path: path, table: table, language: language, locating: false)
            return .read(read, format: format, path: path)
        } catch {
            return .failed(error.diagnostic)
        }
    }

    /// Merges one parsed file; files must arrive in the order of their paths.
    mutating func add(_ parsed: ParsedFile) {
        switch parsed {
        case .read(let file, let format, let path):
            // The reader already warned about each repeated key; as in Foundation the last
            // entry won, and the key kept the place where it first appeared.
            diagnostics += file.diagnostics
            switch format.placement {
            case .anywhere:
                noteSyntax(of: file.catalog, path: path)
                addCatalog(file.catalog, path: path)
            case .languageFolder, .languageNamed:
                guard let table = file.oneLanguageTable else {
                    // A one-language format that returned the catalog model: each value as it stands.
                    let catalog = file.catalog
                    noteSyntax(of: catalog, path: path)
                    let locations = file.locations
                    for (key, entry) in catalog.entries {
                        let origin = Origin(path: path, precedence: format.precedence, location: locations[key]?.key)
                        for (language, localization) in entry.localizations ?? OrderedMap() {
                            insert(
                                localization, key: key, language: language, table: catalog.table, origin: origin,
                                comment: entry.comment, unknownFields: entry.unknownFields)
                        }
                    }
                    return
                }
                noteSyntax(.apple, layout: nil, table: table.table, path: path)
                for (key, entry) in table.entries {
                    let origin = Origin(path: path, precedence: format.precedence, location: entry.location)
                    insert(entry.value, key: key, language: table.language, table: table.table, origin: origin, comment: entry.comment)
                }
            }
        case .failed(let diagnostic):
            diagnostics.append(diagnostic)
        }
    }

    /// Records the syntax and layout of a table's first file; a later file of the same table
    /// in another syntax is an error (a table's messages are rendered by one set of rules).
    private mutating func noteSyntax(of catalog: Catalog, path: String) {
        noteSyntax(
            catalog.messageSyntax, layout: catalog.jsonLayout, table: catalog.table, path: path, endsWithNewline: catalog.endsWithNewline)
    }

    private mutating func noteSyntax(
        _ syntax: MessageSyntax, layout: JSONCatalogLayout?, table: String, path: String, endsWithNewline: Bool = false
    ) {
        guard let known = syntaxes[table] else {
            syntaxes[table] = (syntax, layout, path, endsWithNewline)
            return
        }
        if known.syntax == syntax, let layout, let first = known.layout, layout != first {
            diagnostics.append(Diagnostic(
                .warning,
                "\(path) lays the \(table) table out \(layout.rawValue) but \(known.path) lays it out \(first.rawValue); a writer writes every language \(first.rawValue).",
                at: SourceLocation(file: path, line: 1, column: 1)))
        }
        if known.syntax != syntax {
            diagnostics.append(Diagnostic(
                .error,
                "\(path) writes the \(table) table in \(syntax) but \(known.path) writes it in \(known.syntax); give one of them another table name.",
                at: SourceLocation(file: path, line: 1, column: 1)))
        }
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
                       origin: Origin(path: path, precedence: nil, location: nil), comment: nil)
            }
        }
    }

    private mutating func insert(
        _ localization: Localization, key: String, language: String, table: String, origin: Origin, comment: String?,
        unknownFields: UnknownFields = UnknownFields()
    ) {
        if let previous = origins[table]?[key]?[language], let existing = catalogs[table]?.entries[key]?[language] {
            let overrides = if let before = previous.precedence, let now = origin.precedence { now > before } else { false }
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
            // A described message's other members (FormatJS's `id`, source positions), from the
            // first file that has them.
            if entry.unknownFields.isEmpty, !unknownFields.isEmpty { entry.unknownFields = unknownFields }
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
            if let known = syntaxes[table] {
                catalog.messageSyntax = known.syntax
                catalog.jsonLayout = known.layout
                if known.syntax == .icu { catalog.endsWithNewline = known.endsWithNewline }
            }
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
