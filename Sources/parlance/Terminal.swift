import ArgumentParser
import Foundation
import Parlance

/// What every command does the same way: read catalogs, print diagnostics to standard error.
enum Terminal {
    static func readCatalogs(at path: String, sourceLanguage: String?, language: String?) throws -> ResourceFolder {
        let folder: ResourceFolder
        do {
            folder = try ResourceFolderReader.read(
                at: URL(fileURLWithPath: path), sourceLanguage: sourceLanguage, language: language)
        } catch {
            throw ValidationError("cannot read \(path): \(error.localizedDescription)")
        }
        printDiagnostics(folder.diagnostics)
        return folder
    }

    /// Prints each diagnostic on standard error, with paths below the working folder made
    /// relative again, as the user typed them.
    static func printDiagnostics(_ diagnostics: [Diagnostic]) {
        let workingFolder = FileManager.default.currentDirectoryPath + "/"
        for diagnostic in diagnostics {
            var line = diagnostic.description
            if line.hasPrefix(workingFolder) { line.removeFirst(workingFolder.count) }
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }
}

/// A failure the command explains in one sentence; ArgumentParser prints it as
/// `Error: …` without the usage text and exits with status 1.
struct CommandError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Terminal {
    /// The folder paths are relative to: the folder itself, or a single file's folder.
    static func root(of path: String) -> URL {
        var isDirectory: ObjCBool = false
        let url = URL(fileURLWithPath: path).standardizedFileURL
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue { return url }
        return url.deletingLastPathComponent()
    }
}
