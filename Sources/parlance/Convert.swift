import ArgumentParser
import Foundation
import Parlance
import ParlanceTooling

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert between .lproj tables, String Catalogs and JSON message catalogs (ICU MessageFormat), or rewrite a String Catalog as Xcode does.",
        discussion: "Whatever the target format cannot hold is reported by key on standard error; the exit status is 1 when something was left out."
    )

    enum Target: String, ExpressibleByArgument, CaseIterable {
        case xcstrings, lproj, json
    }

    enum Layout: String, ExpressibleByArgument, CaseIterable {
        case flat, described, nested
    }

    @Argument(help: "A .xcstrings file, a JSON message catalog, or a resources folder.")
    var input: String

    @Option(help: "The format to write: xcstrings, lproj, or json (one ICU message catalog per language).")
    var to: Target

    @Option(help: "For --to json: flat or described (FormatJS) or nested (i18next); by default described where keys have comments, else flat.")
    var layout: Layout?

    @Option(help: "The folder to write into (for a single .xcstrings converted --to xcstrings, a file path is fine too).")
    var output: String

    @Option(help: "The language keys are written in, for tables read only from .lproj folders.")
    var sourceLanguage: String?

    func validate() throws {
        if layout != nil, to != .json { throw ValidationError("--layout applies to --to json only.") }
    }

    func run() throws {
        let folder = try Terminal.readCatalogs(at: input, sourceLanguage: sourceLanguage, language: nil)
        if folder.hasErrors { throw ExitCode.failure }
        let converted = switch to {
        case .xcstrings: CatalogConversion.toStringCatalogs(folder.catalogs)
        case .lproj: CatalogConversion.toLprojTables(folder.catalogs)
        case .json: CatalogConversion.toJSONMessages(folder.catalogs, layout: layout.flatMap { JSONCatalogLayout(rawValue: $0.rawValue) })
        }

        let outputURL = URL(fileURLWithPath: output)
        if to == .xcstrings, outputURL.pathExtension == StringCatalogFormat().fileExtension, converted.files.count == 1 {
            try FileManager.default.createDirectory(at: outputURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try converted.files[0].data.write(to: outputURL)
        } else {
            try CatalogConversion.write(converted.files, to: outputURL)
        }
        Terminal.printDiagnostics(converted.losses)
        print("Wrote \(converted.files.count) file\(converted.files.count == 1 ? "" : "s") to \(output).")
        if converted.losses.contains(where: { $0.severity == .error }) { throw ExitCode.failure }
    }
}
