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
            With an output ending in .pcatpack, writes every table into that one file instead \
            (what the ParlanceCompile build plugin ships). The formats are described in \
            Sources/ParlanceCore/ParlanceCore.docc/CompiledCatalogs.md.
            """
    )

    @Argument(help: "A .xcstrings file or a resources folder.")
    var input: String

    @Option(help: "The folder to write into, or a file ending in .pcatpack to write one pack holding every table.")
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
        let warn: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        var tables: [CompiledCatalog] = []
        do {
            if root.pathExtension == CompiledCatalogPack.fileExtension {
                let bytes = try CompiledCatalogPack.bytes(for: folder.catalogs, sources: try sources(), warn: warn)
                try FileManager.default.createDirectory(at: root.deletingLastPathComponent(), withIntermediateDirectories: true)
                try AtomicFile.replace(root, with: bytes)
                let pack = try CompiledCatalogPack(contentsOf: root)
                for member in pack.manifest.files { tables.append(try pack.catalog(member)) }
            } else {
                let manifest = try CompiledCatalogWriter.write(folder.catalogs, sources: try sources(), to: root, warn: warn)
                for file in manifest.files { tables.append(try CompiledCatalog(contentsOf: root.appendingPathComponent(file.path))) }
            }
            for table in tables { try table.validate() }
        } catch let failure as CompiledCatalogWriter.Failure {
            throw CommandError("\(input): \(failure)")
        }
        let keys = tables.reduce(0) { $0 + $1.count }
        let written = tables.count
        print("Compiled \(keys) value\(keys == 1 ? "" : "s") into \(written) \(root.pathExtension == CompiledCatalogPack.fileExtension ? "table" : "file")\(written == 1 ? "" : "s") in \(output).")
    }
}
