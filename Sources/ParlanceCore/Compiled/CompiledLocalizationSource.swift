#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Compiled catalogs, as `parlance compile` (or the `ParlanceCompile` build plugin) writes
/// them: a folder holding `parlance-compiled.json` and one `<table>.<language>.pcat` per table
/// and language, or a pack (``CompiledCatalogPack``) holding the same in one file.
///
/// A ``Localizer`` over this source reads the files in place: it maps the files of the
/// languages a snapshot prefers and probes them at each lookup, decoding a value the first
/// time it is asked for. Nothing is read for a language no snapshot shows.
///
/// ``FolderLocalizationSource`` (and so ``Localizer/init(resourcesAt:configuration:)``) uses
/// the compiled files it finds in its folder when they are fresh, and reads the catalogs
/// otherwise; use this source directly for a folder that holds only compiled files.
public final class CompiledLocalizationSource: LocalizationSource {
    /// The folder holding the manifest and the compiled files, or the pack.
    public let location: URL
    /// Whether ``location`` is a pack (`.pcatpack`) rather than a folder.
    public let isPack: Bool
    /// What the folder or pack holds.
    public let manifest: CompiledCatalogManifest
    /// When the manifest was written: sources newer than this are hashed to check freshness.
    let manifestDate: Date
    /// The pack, opened once: every language's tables come from the file the manifest described,
    /// even after another is renamed over it (a new source reads the new one).
    private let pack: CompiledCatalogPack?

    /// Reads the manifest in `folder`.
    /// - Throws: ``LocalizationSourceError`` naming the manifest and the line and column of
    ///   the problem, or saying that the files are in another format version.
    public init(folder: URL) throws {
        location = folder
        isPack = false
        pack = nil
        let url = folder.appendingPathComponent(CompiledCatalogManifest.fileName)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LocalizationSourceError(diagnostic: Diagnostic(
                .error, "cannot read the compiled-catalog manifest: \(FileSystem.describe(error))",
                at: SourceLocation(file: url.path, line: 1, column: 1)))
        }
        do {
            manifest = try CompiledCatalogManifest.read(data, path: url.path)
        } catch {
            throw LocalizationSourceError(diagnostic: error.diagnostic)
        }
        try Self.checkVersion(manifest, at: url)
        manifestDate = Self.modificationDate(of: url)
    }

    /// Opens the pack at `url` (as the `ParlanceCompile` build plugin writes one).
    /// - Throws: ``LocalizationSourceError`` naming the pack and the byte at fault.
    public init(pack url: URL) throws {
        location = url
        isPack = true
        let pack: CompiledCatalogPack
        do {
            pack = try CompiledCatalogPack(contentsOf: url)
        } catch {
            throw LocalizationSourceError(diagnostic: error.diagnostic)
        }
        self.pack = pack
        manifest = pack.manifest
        try Self.checkVersion(manifest, at: url)
        manifestDate = Self.modificationDate(of: url)
    }

    private static func checkVersion(_ manifest: CompiledCatalogManifest, at url: URL) throws {
        guard manifest.formatVersion == CompiledCatalog.formatVersion else {
            throw LocalizationSourceError(diagnostic: Diagnostic(
                .error,
                "the compiled catalogs are format version \(manifest.formatVersion); this Parlance reads version \(CompiledCatalog.formatVersion): compile them again.",
                at: SourceLocation(file: url.path, line: 1, column: 1)))
        }
    }

    private static func modificationDate(of url: URL) -> Date {
        FileSystem.status(of: url)?.modified ?? .distantPast
    }

    /// The languages there are files for, then the source languages (as with catalogs, a
    /// source language is available even when no value is written in it).
    public func availableLanguages() -> [Language] {
        var languages = manifest.languages
        for language in manifest.sourceLanguages where !languages.contains(language) { languages.append(language) }
        return languages
    }

    public func sourceLanguages() -> [Language] { manifest.sourceLanguages }

    /// The compiled tables of `language`, each opened and its header checked: a folder's files
    /// mapped, a pack's members read from the pack opened with the source.
    /// - Throws: ``LocalizationSourceError`` for the first file that cannot be opened.
    public func compiledTables(for language: Language) throws -> [CompiledCatalog] {
        do throws(CompiledCatalogError) {
            if let pack {
                var tables: [CompiledCatalog] = []
                for member in pack.manifest.files where member.language == language { tables.append(try pack.catalog(member)) }
                return tables
            }
            var tables: [CompiledCatalog] = []
            for file in manifest.files where file.language == language {
                tables.append(try CompiledCatalog(contentsOf: location.appendingPathComponent(file.path)))
            }
            return tables
        } catch {
            throw LocalizationSourceError(diagnostic: error.diagnostic)
        }
    }

    /// The tables of `language` decoded into catalogs, for code that works with ``/ParlanceCatalogs/Catalog``
    /// values; a ``Localizer`` reads the compiled files in place instead. Translation states,
    /// which compiled files leave out, are absent.
    public func catalogs(for language: Language) throws -> [Catalog] {
        try decodedCatalogs(for: language)
    }
}

/// A source that may serve compiled tables for the localizer to read in place.
protocol CompiledTablesProviding: Sendable {
    /// The compiled files to read, or `nil`; and what was found wrong with compiled files that
    /// are not used (stale, another format version, an unreadable manifest).
    func compiledSource() -> (source: (any CompiledTableSource)?, diagnostics: [Diagnostic])
}
