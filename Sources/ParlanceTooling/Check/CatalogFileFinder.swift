import Foundation
import Parlance

/// Lists the catalog files below the paths a user names: files of every format in
/// ``/ParlanceCatalogs/CatalogFormats``.
///
/// Unlike ``/ParlanceCatalogs/ResourceFolderReader``, which loads what an app would load, a check looks at
/// every `.strings` and `.stringsdict` file, inside an `.lproj` folder or not: a lone
/// table is still worth checking for empty values and malformed specifiers. JSON message
/// catalogs are found where their name or folder names a language, as the runtime finds them.
enum CatalogFileFinder {
    /// The files named, and the catalog files below the folders named, each once, in path order.
    /// Paths keep the spelling the user gave, so findings print the paths they typed.
    /// - Returns: The files, and the paths that name nothing on disk.
    static func files(in paths: [String]) -> (files: [String], missing: [String]) {
        var files = Set<String>()
        var missing: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                missing.append(path)
                continue
            }
            guard isDirectory.boolValue else {
                files.insert(path)
                continue
            }
            let prefix = path.hasSuffix("/") ? path : path + "/"
            for subpath in (try? manager.subpathsOfDirectory(atPath: path)) ?? [] {
                let components = subpath.split(separator: "/")
                guard !components.contains(where: { $0.hasPrefix(".") }), let format = CatalogFormats.format(forPath: subpath)
                else { continue }
                // A `.json` below a folder is a catalog only where its name or folder names a
                // language (`fr.json`, `fr/common.json`); `package.json` is none. Named, any is read.
                if format.placement == .languageNamed,
                   format.placement.place(of: URL(fileURLWithPath: prefix + subpath)).language == nil { continue }
                files.insert(prefix + subpath)
            }
        }
        return (files.sorted(), missing)
    }
}
