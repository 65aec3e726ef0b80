import ArgumentParser
import Foundation
import ParlanceTooling

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print how far each table is translated into each language.",
        discussion: """
            Counts, per table and language, the keys translated, needing review (marked needs_review, new or stale), \
            inherited (no value, but a language on the CLDR parent chain has one: en-US shows en's) and missing. \
            --format json prints the same numbers as JSON; --html also writes a self-contained page with a bar chart \
            per language.
            """
    )

    @Argument(help: "Catalog files, or folders to search for them.")
    var paths: [String]

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "How to print the report: an aligned table, or JSON.")
    var format: Format = .text

    @Option(help: "Also write the report as an HTML page to this file.")
    var html: String?

    @Option(help: "The language keys are written in, for tables read only from .lproj folders.")
    var sourceLanguage: String?

    func validate() throws {
        if paths.isEmpty { throw ValidationError("expected at least one catalog file or folder.") }
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw ValidationError("cannot read \(path): no such file or folder.")
        }
    }

    func run() throws {
        let report = CoverageReport(paths: paths, sourceLanguage: sourceLanguage)
        for problem in report.problems {
            FileHandle.standardError.write(Data((problem.description + "\n").utf8))
        }
        switch format {
        case .text: print(report.terminalTable, terminator: "")
        case .json: print(report.json, terminator: "")
        }
        if let html {
            do {
                try Data(report.html.utf8).write(to: URL(fileURLWithPath: html))
            } catch {
                throw CommandError("cannot write \(html): \(error.localizedDescription)")
            }
            FileHandle.standardError.write(Data("Wrote \(html).\n".utf8))
        }
        if !report.problems.isEmpty { throw ExitCode.failure }
    }
}
