import ArgumentParser
import Foundation
import Parlance
import ParlanceTooling

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check catalogs for missing translations, broken placeholders, plural forms and more.",
        discussion: """
            Reads every .xcstrings, .strings and .stringsdict file below the paths and prints one finding per \
            line, `path:line:column: error: message [rule-id]`. The exit status is 1 when a finding is an error. \
            Sources/ParlanceTooling/ParlanceTooling.docc/CheckingCatalogsInCI.md describes every rule.
            """
    )


    @Argument(help: "Catalog files, or folders to search for them.")
    var paths: [String]

    @Option(name: .customLong("sources"), help: "A folder of Swift code whose keys must match the catalogs; repeatable.")
    var sources: [String] = []

    @Option(name: .customLong("manifest"), help: "A component library's key manifest (.keys.json) whose keys, and their declared {placeholders}, the catalogs must provide; repeatable.")
    var manifests: [String] = []

    @Option(help: "How to print findings: one line each, a JSON array, or GitHub annotations.")
    var format: FindingFormat = .text

    @Flag(help: "Treat every warning as an error.")
    var strict = false

    @Option(name: .customLong("ignore"), help: "A rule id whose findings to drop, such as unused-key; repeatable.")
    var ignoredRules: [String] = []

    @Option(help: "The language keys are written in, for tables read only from .lproj folders.")
    var sourceLanguage: String?

    func validate() throws {
        if paths.isEmpty { throw ValidationError("expected at least one catalog file or folder.") }
        for rule in ignoredRules where !CheckRule.all.contains(CheckRule(rawValue: rule)) {
            let known = CheckRule.all.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("unknown rule \"\(rule)\" for --ignore; expected one of \(known).")
        }
        for path in paths + manifests + sources where !FileManager.default.fileExists(atPath: path) {
            throw ValidationError("cannot read \(path): no such file or folder.")
        }
    }

    func run() throws {
        var usages: [KeyUsage]?
        if !sources.isEmpty {
            usages = try SourceKeyScanner.scan(files: SourceKeyScanner.swiftFiles(at: sources))
        }
        let checker = CatalogChecker(
            sourceLanguage: sourceLanguage, strict: strict, ignoredRules: Set(ignoredRules.map(CheckRule.init(rawValue:))))
        let report = checker.check(paths: paths, usages: usages, manifests: manifests)
        FileHandle.standardOutput.write(Data(format.render(report.findings).utf8))
        FileHandle.standardError.write(Data((report.summary + "\n").utf8))
        if report.hasErrors { throw ExitCode.failure }
    }
}

extension FindingFormat: ExpressibleByArgument {}
