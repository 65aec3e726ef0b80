#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@_spi(Files) import ParlanceCatalogs

/// Where a ``Localizer`` finds its catalogs.
///
/// A source is asked for the languages it has once, and for the catalogs of a
/// language only when that language is first used, so a folder with forty
/// `.lproj` tables reads only the ones an app shows.
public protocol LocalizationSource: Sendable {
    /// The languages there are catalogs for.
    func availableLanguages() throws -> [Language]
    /// Catalogs holding `language`. They may hold other languages too; the localizer
    /// takes only `language` from them.
    func catalogs(for language: Language) throws -> [Catalog]
    /// The languages the catalogs' keys are written in (a String Catalog's
    /// `sourceLanguage`). Every fallback chain ends with them, so a language no catalog
    /// holds still shows the source text rather than keys.
    func sourceLanguages() throws -> [Language]
}

extension LocalizationSource {
    /// No source language known: chains end with the configured default and the
    /// available languages.
    public func sourceLanguages() throws -> [Language] { [] }
}

/// Catalogs already in memory: for tests, for catalogs built in code, for servers
/// that read their catalogs at start-up.
public struct InMemoryLocalizationSource: LocalizationSource {
    public let catalogs: [Catalog]

    public init(_ catalogs: [Catalog]) { self.catalogs = catalogs }

    public func availableLanguages() -> [Language] {
        var languages: [Language] = []
        for catalog in catalogs {
            for tag in catalog.languages + [catalog.sourceLanguage] {
                if let language = Language(tag), !languages.contains(language) { languages.append(language) }
            }
        }
        return languages
    }

    public func catalogs(for language: Language) -> [Catalog] { catalogs }

    public func sourceLanguages() -> [Language] {
        var languages: [Language] = []
        for catalog in catalogs {
            if let language = Language(catalog.sourceLanguage), !languages.contains(language) { languages.append(language) }
        }
        return languages
    }
}

/// A resources folder: `*.xcstrings` anywhere below it (read once, on first use),
/// `xx.lproj/*.strings|*.stringsdict` and JSON message catalogs named for their language
/// (`fr.json`, `fr/common.json`; read per language, on first use).
///
/// When the folder, or a folder directly inside it, holds compiled catalogs that are fresh (a
/// `.pcatpack`, as the `ParlanceCompile` build plugin writes, or `parlance-compiled.json`
/// beside `.pcat` files), a ``Localizer`` reads those in place instead (see
/// ``CompiledLocalizationSource``). Fresh means that every catalog
/// the manifest lists and the folder still holds has the size and content it was compiled from;
/// catalogs the folder does not hold (an app that ships only compiled files) are no reason to
/// doubt them. Stale or unreadable compiled files are passed over with a warning in
/// ``Localizer/diagnostics``, and the catalogs are read as if they were not there.
public final class FolderLocalizationSource: LocalizationSource {
    public let folder: URL
    private let sourceLanguage: String?
    private let stringCatalogs = Locked<[Catalog]?>(nil)
    /// A file a JSON message catalog's name or folder names the language of.
    private struct LanguageNamedFile: Sendable {
        var url: URL
        var language: String
        var table: String
    }
    private let namedFiles = Locked<[LanguageNamedFile]?>(nil)
    private let compiled = Locked<(source: CompiledLocalizationSource?, diagnostics: [Diagnostic])?>(nil)

    /// - Parameters:
    ///   - folder: The resources folder.
    ///   - sourceLanguage: The language keys are written in, for tables that exist only as `.lproj` folders.
    public init(folder: URL, sourceLanguage: String? = nil) {
        self.folder = folder
        self.sourceLanguage = sourceLanguage
    }

    public func availableLanguages() throws -> [Language] {
        if let compiled = freshCompiledSource().source { return compiled.availableLanguages() }
        var languages: [Language] = []
        func add(_ tag: String) {
            if let language = Language(tag), !languages.contains(language) { languages.append(language) }
        }
        for catalog in try loadStringCatalogs() {
            catalog.languages.forEach(add)
            add(catalog.sourceLanguage)
        }
        for folder in lprojFolders() { add(folder.deletingPathExtension().lastPathComponent) }
        for file in try languageNamedFiles() { add(file.language) }
        return languages
    }

    public func sourceLanguages() throws -> [Language] {
        if let compiled = freshCompiledSource().source { return compiled.sourceLanguages() }
        var languages: [Language] = []
        for tag in try loadStringCatalogs().map(\.sourceLanguage) + [sourceLanguage].compactMap({ $0 }) {
            if let language = Language(tag), !languages.contains(language) { languages.append(language) }
        }
        return languages
    }

    public func catalogs(for language: Language) throws -> [Catalog] {
        if let compiled = freshCompiledSource().source { return try compiled.catalogs(for: language) }
        var catalogs = try loadStringCatalogs()
        for lproj in lprojFolders() where Language(lproj.deletingPathExtension().lastPathComponent) == language {
            let tables = try ResourceFolderReader.read(at: lproj, sourceLanguage: sourceLanguage)
            if let error = tables.diagnostics.first(where: { $0.severity == .error }) {
                throw LocalizationSourceError(diagnostic: error)
            }
            catalogs += tables.catalogs
        }
        // JSON message catalogs: each file its own catalog, so its table keeps its syntax even
        // where a String Catalog has a table of the same name.
        for file in try languageNamedFiles() where Language(file.language) == language {
            guard let format = CatalogFormats.format(for: file.url) else { continue }
            do {
                let read = try format.read(
                    Data(contentsOf: file.url), path: file.url.path, table: file.table, language: file.language, locating: false)
                catalogs.append(read.catalog)
            } catch let error as ParseError {
                throw LocalizationSourceError(diagnostic: error.diagnostic)
            }
        }
        return catalogs
    }

    /// The extensions of the formats named for their language (`CatalogFilePlacement.languageNamed`),
    /// with their dots; a test holds it to `CatalogFormats.all`.
    static let languageNamedSuffixes = [".json"]

    /// Whether a file called `name` may be one of ``languageNamedFiles()``.
    private static func mayBeLanguageNamed(_ name: String) -> Bool {
        languageNamedSuffixes.contains { name.hasSuffix($0) }
    }

    /// The files of one-language formats named for their language (`fr.json`, `fr/common.json`),
    /// found by one walk of the folder on first use and kept, as the String Catalogs are.
    private func languageNamedFiles() throws -> [LanguageNamedFile] {
        if let cached = namedFiles.withLock({ $0 }) { return cached }
        let found = try ResourceFolderReader.catalogFiles(under: folder).compactMap { file -> LanguageNamedFile? in
            guard let placement = CatalogFormats.format(for: file)?.placement, placement == .languageNamed else { return nil }
            let place = placement.place(of: file)
            return place.language.map { LanguageNamedFile(url: file, language: $0, table: place.table) }
        }
        return namedFiles.withLock { cached in
            if cached == nil { cached = found }
            return cached ?? found
        }
    }

    /// The compiled catalogs a ``Localizer`` over this folder reads in place: those in the folder
    /// or a folder directly inside it, when they are fresh; `nil` when the catalogs are read instead.
    public var freshCompiledCatalogs: CompiledLocalizationSource? { freshCompiledSource().source }

    /// The fresh compiled catalogs in the folder or a folder directly inside it, decided once.
    func freshCompiledSource() -> (source: CompiledLocalizationSource?, diagnostics: [Diagnostic]) {
        if let decided = compiled.withLock({ $0 }) { return decided }
        let decided = findCompiled()
        return compiled.withLock { cached in
            if cached == nil { cached = decided }
            return cached ?? decided
        }
    }

    private func findCompiled() -> (source: CompiledLocalizationSource?, diagnostics: [Diagnostic]) {
        let children = FileSystem.entries(of: folder)
        let folders = [folder] + children.filter(\.isFolder).map { folder.appendingPathComponent($0.name) }
        // The first folder holding a pack or a manifest: the resources folder itself, then each folder in it.
        var found: (url: URL, isPack: Bool)?
        for candidate in folders {
            let names = candidate == folder ? children : FileSystem.entries(of: candidate)
            if let pack = names.first(where: { !$0.isFolder && $0.name.hasSuffix("." + CompiledCatalogPack.fileExtension) }) {
                found = (candidate.appendingPathComponent(pack.name), true)
                break
            }
            if names.contains(where: { !$0.isFolder && $0.name == CompiledCatalogManifest.fileName }) {
                found = (candidate, false)
                break
            }
        }
        guard let found else { return (nil, []) }
        let manifest = found.isPack ? found.url : found.url.appendingPathComponent(CompiledCatalogManifest.fileName)
        // Compiled catalogs do not hold ICU messages: beside JSON message catalogs they would
        // hide those tables, so the catalogs are read instead.
        // Names are tested before any format is consulted: a launch beside a fresh pack should
        // not load the readers of every format to learn that the folder holds none of these.
        if FileSystem.containsFile(under: folder, named: Self.mayBeLanguageNamed), let json = try? languageNamedFiles().first {
            return (nil, [Diagnostic(
                .warning, "the folder holds JSON message catalogs (\(json.url.lastPathComponent)), which compiled catalogs do not hold; reading the catalogs instead.",
                at: SourceLocation(file: manifest.path, line: 1, column: 1))])
        }
        let source: CompiledLocalizationSource
        do {
            source = found.isPack ? try CompiledLocalizationSource(pack: found.url) : try CompiledLocalizationSource(folder: found.url)
        } catch let error as LocalizationSourceError {
            var diagnostic = error.diagnostic
            diagnostic.severity = .warning
            diagnostic.message += " Reading the catalogs instead."
            return (nil, [diagnostic])
        } catch {
            return (nil, [Diagnostic(.warning, "cannot use the compiled catalogs: \(error). Reading the catalogs instead.", at: SourceLocation(file: manifest.path, line: 1, column: 1))])
        }
        let stale = source.manifest.staleSources(in: folder, manifestDate: source.manifestDate)
        guard stale.isEmpty else {
            let names = stale.prefix(3).joined(separator: ", ") + (stale.count > 3 ? " and \(stale.count - 3) more" : "")
            return (nil, [Diagnostic(
                .warning, "the compiled catalogs are stale: \(names) changed since they were compiled. Reading the catalogs instead; run parlance compile again.",
                at: SourceLocation(file: manifest.path, line: 1, column: 1))])
        }
        return (source, [])
    }

    private func loadStringCatalogs() throws -> [Catalog] {
        if let cached = stringCatalogs.withLock({ $0 }) { return cached }
        // Read outside the lock; two first readers may both read, one result is kept.
        var catalogs: [Catalog] = []
        // Formats that hold every language (String Catalogs) load whole; `.lproj` tables load
        // per language, in `catalogs(for:)`.
        for file in try ResourceFolderReader.catalogFiles(under: folder) {
            guard let format = CatalogFormats.format(for: file), format.placement == .anywhere else { continue }
            do {
                let table = file.deletingPathExtension().lastPathComponent
                let read = try format.read(Data(contentsOf: file), path: file.path, table: table, language: nil, locating: false)
                catalogs.append(read.catalog)
            } catch let error as ParseError {
                throw LocalizationSourceError(diagnostic: error.diagnostic)
            }
        }
        return stringCatalogs.withLock { cached in
            if cached == nil { cached = catalogs }
            return cached ?? catalogs
        }
    }

    private func lprojFolders() -> [URL] {
        FileSystem.folders(under: folder) { $0.hasSuffix(".lproj") }.sorted { $0.path < $1.path }
    }
}

/// A catalog a source could not read.
public struct LocalizationSourceError: Error, CustomStringConvertible, Sendable {
    public var diagnostic: Diagnostic
    public var description: String { diagnostic.description }

    /// An error saying what `diagnostic` says: a source of your own throws one so a localizer
    /// reports the file, line and column in ``Localizer/diagnostics``.
    public init(diagnostic: Diagnostic) { self.diagnostic = diagnostic }
}

extension FolderLocalizationSource: CompiledTablesProviding {
    func compiledSource() -> (source: (any CompiledTableSource)?, diagnostics: [Diagnostic]) {
        let (source, diagnostics) = freshCompiledSource()
        return (source, diagnostics)
    }
}
