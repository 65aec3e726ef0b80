import Foundation

/// The catalog files of one target folder, and what to hand the generator for them.
struct CatalogFiles {
    /// Every `.xcstrings`, and every `.strings`/`.stringsdict` inside an `.lproj` folder:
    /// a change to any of them regenerates the accessors.
    var files: [URL] = []
    /// String Catalogs as files, and each folder holding `.lproj` folders once, so
    /// the generator reads every language of a `.strings` table together.
    var inputs: [URL] = []

    init(under folder: URL) {
        guard let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return }
        var catalogs: [URL] = []
        var lprojParents = Set<String>()
        for case let file as URL in enumerator {
            switch file.pathExtension {
            case "xcstrings":
                files.append(file)
                catalogs.append(file)
            case "strings", "stringsdict":
                let lproj = file.deletingLastPathComponent()
                guard lproj.pathExtension == "lproj" else { continue }
                files.append(file)
                lprojParents.insert(lproj.deletingLastPathComponent().path)
            default:
                continue
            }
        }
        // A folder of .lproj tables is read whole, String Catalogs below it included;
        // passing those catalogs again would read them twice.
        let folders = lprojParents.sorted()
        let standalone = catalogs.filter { catalog in
            !folders.contains { catalog.path.hasPrefix($0 + "/") }
        }
        inputs = standalone.sorted { $0.path < $1.path } + folders.map { URL(fileURLWithPath: $0) }
        files.sort { $0.path < $1.path }
    }
}
