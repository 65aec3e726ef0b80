import Foundation

/// The catalog files of one target folder, and what to hand the generator or compiler for them.
///
/// Both plugins build this one file (`Plugins/ParlanceCompile/CatalogFiles.swift` is a
/// link to it): a plugin cannot import a library, so it cannot ask `CatalogFormats`.
struct CatalogFiles {
    /// The extensions of `CatalogFormats.all` (ParlanceCatalogs) by placement: formats that
    /// hold every language, found anywhere, and formats of one language, read inside an
    /// `.lproj` folder. `CatalogFormatsTests` fails when these differ from that list.
    static let anywhereExtensions: Set<String> = ["xcstrings"]
    static let languageFolderExtensions: Set<String> = ["strings", "stringsdict"]
    /// One-language formats named for their language (`fr.json`): JSON message catalogs, which
    /// the runtime serves from the files. The plugins do not watch them; `parlance compile`,
    /// reading a folder, leaves their tables out with a warning.
    static let languageNamedExtensions: Set<String> = ["json"]

    /// Every `.xcstrings`, and every `.strings`/`.stringsdict` inside an `.lproj` folder:
    /// a change to any of them runs the plugin's command again.
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
            let fileExtension = file.pathExtension
            if Self.anywhereExtensions.contains(fileExtension) {
                files.append(file)
                catalogs.append(file)
            } else if Self.languageFolderExtensions.contains(fileExtension) {
                let lproj = file.deletingLastPathComponent()
                guard lproj.pathExtension == "lproj" else { continue }
                files.append(file)
                lprojParents.insert(lproj.deletingLastPathComponent().path)
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
