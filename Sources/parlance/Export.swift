import ArgumentParser
import Foundation
@_spi(Files) import Parlance
import ParlanceTooling

extension TranslationExchange.Format: ExpressibleByArgument {}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export catalogs for translators: .xcloc bundles as Xcode writes them, XLIFF 1.2, or gettext .po.",
        discussion: """
            Writes, for each language, <lang>.xcloc (the default), <lang>.xliff, or <Table>/<lang>.po into the output folder. \
            Plural, device and substitution variants become units with Xcode's ids (key|==|plural.one); every plural category \
            the language needs is present, filled or empty. Keys marked shouldTranslate: false are left out. \
            Whatever a format cannot hold is reported on standard error, and the exit status is then 1.
            """
    )

    @Argument(help: "A resources folder (String Catalogs and .lproj tables) or a .xcstrings file.")
    var input: String

    @Option(help: "The folder to write into.")
    var output: String

    @Option(help: "What to write: xcloc, xliff or po.")
    var format: TranslationExchange.Format = .xcloc

    @Option(name: .customLong("lang"), parsing: .upToNextOption, help: "The languages to export; by default every language the catalogs hold but the source.")
    var languages: [String] = []

    @Option(help: "The language keys are written in, for tables read only from .lproj folders.")
    var sourceLanguage: String?

    func run() throws {
        let folder = try Terminal.readCatalogs(at: input, sourceLanguage: sourceLanguage, language: nil)
        if folder.hasErrors { throw ExitCode.failure }
        let root = Terminal.root(of: input)
        let languages = languages.isEmpty ? TranslationExchange.defaultLanguages(of: folder.catalogs) : languages
        guard !languages.isEmpty else { throw CommandError("the catalogs hold no language but their source; name one with --lang.") }
        let project = URL(fileURLWithPath: input).standardizedFileURL.lastPathComponent
        let exported = TranslationExchange.export(folder, root: root, languages: languages, format: format, project: project)
        let outputURL = URL(fileURLWithPath: output)
        try CatalogConversion.write(exported.files, to: outputURL)
        if format == .xcloc {
            for language in languages {
                try FileManager.default.createDirectory(at: outputURL.appendingPathComponent("\(language).xcloc/Notes"), withIntermediateDirectories: true)
            }
        }
        Terminal.printDiagnostics(exported.losses)
        let units = folder.catalogs.reduce(0) { count, catalog in count + catalog.entries.values.filter { $0.shouldTranslate != false }.count }
        print("Exported \(units) keys in \(languages.count) language\(languages.count == 1 ? "" : "s") (\(languages.joined(separator: ", "))) to \(output) as \(format.rawValue).")
        if !exported.losses.isEmpty { throw ExitCode.failure }
    }
}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Merge translations from .xcloc, XLIFF or .po files back into the catalogs.",
        discussion: """
            Only what the files change is written: a catalog no unit changes keeps its bytes. A changed translation becomes \
            translated, or needs_review where the file marks it so. A translation whose format arguments differ from the \
            source is refused with file:line:column, and then nothing is written; units that match no key are reported. \
            Exit status 1 on any error.
            """
    )

    @Argument(help: "The resources folder the catalogs are in.")
    var catalogs: String

    @Argument(help: "The .xcloc bundles, .xliff or .po files to import.")
    var files: [String]

    @Option(help: "The language keys are written in, for tables read only from .lproj folders.")
    var sourceLanguage: String?

    @Flag(help: "Report what would change without writing.")
    var dryRun = false

    func run() throws {
        let folder = try Terminal.readCatalogs(at: catalogs, sourceLanguage: sourceLanguage, language: nil)
        if folder.hasErrors { throw ExitCode.failure }
        var document = TranslationDocument()
        for path in files {
            do {
                let read = try TranslationExchange.read(URL(fileURLWithPath: path))
                document.files += read.files
                document.locations += read.locations
            } catch let error as ParseError {
                Terminal.printDiagnostics([error.diagnostic])
                throw ExitCode.failure
            } catch {
                throw CommandError("cannot read \(path): \(error.localizedDescription)")
            }
        }
        let root = Terminal.root(of: catalogs)
        let originals = TranslationExchange.originals(of: folder, root: root)
        let result = TranslationImport.merge(document, into: folder.catalogs, originals: folder.catalogs.map { originals[$0.table] })
        Terminal.printDiagnostics(result.diagnostics)
        if result.hasErrors {
            FileHandle.standardError.write(Data("Nothing was written: fix the errors above and import again.\n".utf8))
            throw ExitCode.failure
        }
        let written = TranslationExchange.filesToWrite(after: result, folder: folder, root: root, languages: Set(document.files.map(\.targetLanguage)))
        Terminal.printDiagnostics(written.losses)
        if !dryRun {
            for file in written.files {
                let url = file.path.hasPrefix("/") ? URL(fileURLWithPath: file.path) : root.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try AtomicFile.replace(url, with: [UInt8](file.data))
            }
        }
        print("\(result.updatedUnits) unit\(result.updatedUnits == 1 ? "" : "s") updated, \(result.unchangedUnits) unchanged; \(dryRun ? "would write" : "wrote") \(written.files.count) file\(written.files.count == 1 ? "" : "s").")
        if !written.losses.isEmpty { throw ExitCode.failure }
    }
}
