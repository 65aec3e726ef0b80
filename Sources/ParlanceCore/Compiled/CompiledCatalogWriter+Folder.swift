#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension CompiledCatalogWriter {
    /// Compiles every table of `catalogs` in every language they hold into `folder`: one
    /// `<table>.<language>.pcat` each, every file replaced atomically and read back and
    /// validated, then the manifest (``CompiledCatalogManifest``) that lists them, written
    /// last so it never names a file that is not there yet.
    ///
    /// - Parameters:
    ///   - catalogs: One catalog per table.
    ///   - sources: The catalogs' files, recorded in the manifest so the runtime can tell when
    ///     the compiled files are stale.
    ///   - folder: Where to write; created if needed.
    ///   - warn: Told about each language tag that is no language (its values are skipped).
    /// - Returns: The manifest written.
    /// - Throws: ``Failure`` when two catalogs hold one table or a table cannot be compiled;
    ///   ``CompiledCatalogError`` when a written file does not read back; file-system errors.
    @discardableResult
    public static func write(
        _ catalogs: [Catalog], sources: [CompiledCatalogManifest.Source], to folder: URL,
        warn: (String) -> Void = { _ in }
    ) throws -> CompiledCatalogManifest {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [CompiledCatalogManifest.File] = []
        var failure: (any Error)?
        let sourceLanguages = try eachTable(of: catalogs, warn: warn) { catalog, language, bytes in
            guard failure == nil else { return }
            let name = fileName(table: catalog.table, language: language)
            let url = folder.appendingPathComponent(name)
            do {
                try AtomicFile.replace(url, with: bytes)
                try CompiledCatalog(contentsOf: url).validate()
            } catch {
                failure = error
            }
            files.append(CompiledCatalogManifest.File(path: name, language: language, table: catalog.table))
        }
        if let failure { throw failure }
        let manifest = CompiledCatalogManifest(
            sourceLanguages: sourceLanguages, files: files, sources: sources.sorted { $0.path < $1.path })
        try AtomicFile.replace(folder.appendingPathComponent(CompiledCatalogManifest.fileName), with: manifest.encoded())
        return manifest
    }

    /// `<table>.<language>.pcat`.
    static func fileName(table: String, language: Language) -> String {
        "\(table).\(language.identifier).\(CompiledCatalog.fileExtension)"
    }

    /// Compiles each table of `catalogs` in each language it holds, in the catalogs' order,
    /// and hands over the bytes; returns the catalogs' source languages.
    static func eachTable(
        of catalogs: [Catalog], warn: (String) -> Void,
        _ body: (Catalog, Language, [UInt8]) -> Void
    ) throws(Failure) -> [Language] {
        var tables: Set<String> = []
        for catalog in catalogs where !tables.insert(catalog.table).inserted {
            throw Failure(message: "two catalogs hold the table \(catalog.table); compile them separately")
        }
        var sourceLanguages: [Language] = []
        // The compiled format holds Apple's format strings; an ICU message stored as one would
        // render wrong, so its table is left out, with a warning, never compiled silently. (A
        // localizer over a folder that holds JSON message catalogs reads the catalogs.)
        for icu in catalogs where icu.messageSyntax == .icu {
            warn("\(icu.table): warning: the table is written in ICU MessageFormat (a JSON message catalog), which compiled catalogs do not hold; it is not compiled, and a localizer reads it from its JSON files")
        }
        for catalog in catalogs where catalog.messageSyntax != .icu {
            if let language = Language(catalog.sourceLanguage), !sourceLanguages.contains(language) {
                sourceLanguages.append(language)
            }
            let spellings = Spellings(of: catalog)
            var languages: [Language] = []
            // A String Catalog's source language shows every key, held there or not.
            let tags = catalog.keyIsSourceText ? spellings.tags + [catalog.sourceLanguage] : spellings.tags
            for tag in tags {
                guard let language = Language(tag) else {
                    warn("\(catalog.table): warning: \(Diagnostic.quoted(tag)) is no language tag; its values are not compiled")
                    continue
                }
                if !languages.contains(language) { languages.append(language) }
            }
            for language in languages {
                let compiled: [UInt8]
                do {
                    compiled = try bytes(for: catalog, language: language, spellings: spellings)
                } catch {
                    throw Failure(message: "cannot compile \(catalog.table) in \(language): \(error)")
                }
                body(catalog, language, compiled)
            }
        }
        return sourceLanguages
    }
}
