import ArgumentParser
import Foundation
@_spi(Files) import Parlance

struct Compile: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compile String Catalogs and .lproj tables into files the runtime maps and reads in place.",
        discussion: """
            Writes <output>/<table>.<language>.pcat for every table and language, each replaced \
            atomically and read back and checked, then <output>/parlance-compiled.json, which lists \
            them and the catalogs they came from so the runtime can tell when they are stale. \
            The format is described in docs/COMPILED_CATALOGS.md.
            """
    )

    @Argument(help: "A .xcstrings file or a resources folder.")
    var input: String

    @Option(help: "The folder to write into.")
    var output: String

    @Option(help: "The language keys are written in, for tables read only from .lproj folders.")
    var sourceLanguage: String?

    /// The catalogs read, with paths relative to the input folder (or the input file's folder).
    private func sources() throws -> [CompiledCatalogManifest.Source] {
        let input = URL(fileURLWithPath: self.input).standardizedFileURL
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: input.path, isDirectory: &isFolder)
        let base = isFolder.boolValue ? input : input.deletingLastPathComponent()
        let files = isFolder.boolValue ? try ResourceFolderReader.catalogFiles(under: input) : [input]
        return try files.map { file in
            let path = file.standardizedFileURL.path
            let relative = path.hasPrefix(base.path + "/") ? String(path.dropFirst(base.path.count + 1)) : file.lastPathComponent
            return CompiledCatalogManifest.Source(path: relative, bytes: try Data(contentsOf: file))
        }.sorted { $0.path < $1.path }
    }

    func run() throws {
        let folder = try Terminal.readCatalogs(at: input, sourceLanguage: sourceLanguage, language: nil)
        if folder.hasErrors { throw ExitCode.failure }
        let root = URL(fileURLWithPath: output)
        let manifest: CompiledCatalogManifest
        do {
            manifest = try CompiledCatalogWriter.write(folder.catalogs, sources: try sources(), to: root) { warning in
                FileHandle.standardError.write(Data((warning + "\n").utf8))
            }
        } catch let failure as CompiledCatalogWriter.Failure {
            throw CommandError("\(input): \(failure)")
        }
        var keys = 0
        for file in manifest.files { keys += try CompiledCatalog(contentsOf: root.appendingPathComponent(file.path)).count }
        let written = manifest.files.count
        print("Compiled \(keys) value\(keys == 1 ? "" : "s") into \(written) file\(written == 1 ? "" : "s") in \(output).")
    }
}
