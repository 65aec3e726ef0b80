import ArgumentParser
import Foundation
import Parlance
import ParlanceTooling

extension PseudoLocalization.Style: ExpressibleByArgument {}

struct Pseudo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a pseudo-language into a String Catalog, to test layouts before any translation.",
        discussion: """
            accented and expanded are written as en-XA, bidi as ar-XB, brackets as en-XB, unless \
            --language says otherwise. Placeholders (%lld, %1$@, %#@name@, %arg, {name}) are kept exactly.
            """
    )

    @Argument(help: "The .xcstrings file to add the pseudo-language to.")
    var catalog: String

    @Option(help: "accented, expanded (about 40% longer), bidi (right to left) or brackets.")
    var style: PseudoLocalization.Style

    @Option(help: "The language tag to write the pseudo-language as.")
    var language: String?

    func run() throws {
        let url = URL(fileURLWithPath: catalog)
        let current: Catalog
        do {
            current = try XCStringsReader.read(Data(contentsOf: url), path: catalog)
        } catch let error as ParseError {
            Terminal.printDiagnostics([error.diagnostic])
            throw ExitCode.failure
        }
        let tag = language ?? style.defaultLanguage
        if tag == current.sourceLanguage {
            throw CommandError("the pseudo-language \"\(tag)\" is the catalog's source language; choose another with --language.")
        }
        let (updated, keys) = PseudoCatalog.apply(style, language: tag, to: current)
        let written = XCStringsWriter(keyOrder: .xcode).write(updated)
        Terminal.printDiagnostics(written.dropped)
        try written.data.write(to: url)
        print("\(url.lastPathComponent): wrote \(tag) (\(style.rawValue)) for \(keys) key\(keys == 1 ? "" : "s").")
    }
}
