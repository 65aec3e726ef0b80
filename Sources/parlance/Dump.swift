import ArgumentParser
import Foundation
import Parlance
import ParlanceTooling

struct Dump: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print what an app sees in one language, as JSON with sorted keys.",
        discussion: """
            Reads a .xcstrings, .strings or .stringsdict file, or every catalog below a folder, \
            and prints {"<table>": {"<key>": VALUE}} for the language, with no fallback to other languages.
            """
    )

    @Argument(help: "A catalog file or a resources folder.")
    var path: String

    @Option(name: .customLong("lang"), help: "The language to dump, such as fr or pt-BR.")
    var language: String

    @Option(help: "The language keys are written in, for tables read only from .lproj folders.")
    var sourceLanguage: String?

    func run() throws {
        let folder = try Terminal.readCatalogs(at: path, sourceLanguage: sourceLanguage, language: language)
        print(CatalogDump.json(folder.catalogs, language: language).rendered, terminator: "")
        if folder.hasErrors { throw ExitCode.failure }
    }
}
