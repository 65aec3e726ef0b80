import ArgumentParser
import Foundation
@_spi(Files) import Parlance

struct Compile: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compile String Catalogs and .lproj tables into files the runtime maps and reads in place.",
        discussion: """
            Writes <output>/<language>/<table>.pcat for every table and language, each replaced \
            atomically, then reads every file back and checks it. The format is described in \
            docs/COMPILED_CATALOGS.md.
            """
    )

    @Argument(help: "A .xcstrings file or a resources folder.")
    var input: String

    @Option(help: "The folder to write into.")
    var output: String

    @Option(help: "The language keys are written in, for tables read only from .lproj folders.")
    var sourceLanguage: String?

    func run() throws {
        let folder = try Terminal.readCatalogs(at: input, sourceLanguage: sourceLanguage, language: nil)
        if folder.hasErrors { throw ExitCode.failure }
        var tables: Set<String> = []
        for catalog in folder.catalogs where !tables.insert(catalog.table).inserted {
            throw CommandError("two catalogs in \(input) hold the table \(catalog.table); compile them separately")
        }
        let root = URL(fileURLWithPath: output)
        var written = 0
        var keys = 0
        for catalog in folder.catalogs {
            var languages: [Language] = []
            for tag in catalog.languages {
                guard let language = Language(tag) else {
                    FileHandle.standardError.write(Data("\(catalog.table): warning: \(Diagnostic.quoted(tag)) is no language tag; its values are not compiled\n".utf8))
                    continue
                }
                if !languages.contains(language) { languages.append(language) }
            }
            for language in languages {
                let bytes: [UInt8]
                do {
                    bytes = try CompiledCatalogWriter.bytes(for: catalog, language: language)
                } catch {
                    throw CommandError("cannot compile \(catalog.table) in \(language): \(error)")
                }
                let folder = root.appendingPathComponent(language.identifier)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let url = folder.appendingPathComponent(catalog.table).appendingPathExtension(CompiledCatalog.fileExtension)
                try AtomicFile.replace(url, with: bytes)
                let compiled = try CompiledCatalog(contentsOf: url)
                try compiled.validate()
                written += 1
                keys += compiled.count
            }
        }
        print("Compiled \(keys) value\(keys == 1 ? "" : "s") into \(written) file\(written == 1 ? "" : "s") in \(output).")
    }
}
