import ArgumentParser
import Foundation
import Parlance
import ParlanceTooling

extension AccessorGenerator.Access: ExpressibleByArgument {}

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate typed Swift accessors for the keys of String Catalogs and .lproj tables.",
        discussion: """
            Each accessor looks its key up through Localizer.shared (or a localizer passed in) when it is \
            called, so it follows a language switch. Keys generated under another name than their own are \
            reported on standard error.
            """
    )

    @Argument(help: "The .xcstrings files, .strings/.stringsdict files, or resources folders to read.")
    var catalogs: [String]

    @Option(help: "The Swift file to write.")
    var output: String

    @Option(help: "The access level of the accessors: internal or public.")
    var access: AccessorGenerator.Access = .internal

    @Option(help: "The name of the root enum.")
    var typeName: String = "L10n"

    @Option(help: "The language keys are written in, for tables read only from .lproj folders.")
    var sourceLanguage: String?

    func run() throws {
        var tables: [Catalog] = []
        var failed = false
        for path in catalogs {
            let folder = try Terminal.readCatalogs(at: path, sourceLanguage: sourceLanguage, language: nil)
            failed = failed || folder.hasErrors
            tables += folder.catalogs
        }
        if failed { throw ExitCode.failure }
        let generated = AccessorGenerator(access: access, typeName: typeName).generate(tables)
        Terminal.printDiagnostics(generated.diagnostics)
        let url = URL(fileURLWithPath: output)
        let data = Data(generated.source.utf8)
        // Leaving an unchanged file alone keeps its date, so a build does not recompile it.
        if (try? Data(contentsOf: url)) != data {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
    }
}
