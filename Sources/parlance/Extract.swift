import ArgumentParser
import Foundation
import Parlance
import ParlanceTooling

struct Extract: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add the keys Swift code uses to a String Catalog, and mark keys no longer used as stale.",
        discussion: """
            Reads .swift files (folders are searched at any depth) and updates the catalog as Xcode does, \
            writing it in Xcode's exact layout. Keys added by hand (extractionState "manual") are left alone.
            """
    )

    @Argument(help: "The Swift files or folders to read.")
    var sources: [String]

    @Option(help: "The .xcstrings file to update; it is created when missing. Its name is the table it holds.")
    var catalog: String

    @Option(help: "The source language of a catalog that does not exist yet.")
    var sourceLanguage: String = "en"

    func run() throws {
        let url = URL(fileURLWithPath: catalog)
        var current: Catalog
        if FileManager.default.fileExists(atPath: url.path) {
            do {
                current = try XCStringsReader.read(Data(contentsOf: url), path: catalog)
            } catch let error as ParseError {
                Terminal.printDiagnostics([error.diagnostic])
                throw ExitCode.failure
            }
        } else {
            current = Catalog(
                table: url.deletingPathExtension().lastPathComponent, sourceLanguage: sourceLanguage, version: "1.0")
        }
        let usages: [KeyUsage]
        do {
            usages = try SourceKeyScanner.scan(files: SourceKeyScanner.swiftFiles(at: sources))
        } catch {
            throw CommandError("cannot read the sources: \(error.localizedDescription)")
        }
        let (updated, report) = CatalogExtraction.update(current, with: usages)
        Terminal.printDiagnostics(report.diagnostics)
        let written = XCStringsWriter(keyOrder: .xcode).write(updated)
        Terminal.printDiagnostics(written.dropped)
        try written.data.write(to: url)
        print("""
            \(url.lastPathComponent): \(report.added.count) added, \(report.markedStale.count) marked stale, \
            \(report.foundAgain.count) found again, \(report.updated.count) updated \
            (\(usages.count - report.otherTables) uses in code, \(report.otherTables) of other tables).
            """)
        for key in report.added { print("  + \(key)") }
        for key in report.markedStale { print("  - \(key) (stale)") }
        for key in report.foundAgain { print("  ~ \(key) (found again)") }
        for key in report.updated { print("  ~ \(key)") }
    }
}
