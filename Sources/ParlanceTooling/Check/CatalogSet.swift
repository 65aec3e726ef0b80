import Dispatch
import Foundation
import Parlance
import Synchronization

/// Every table below the paths a user names, read concurrently, with the place of every
/// key and value, and what could not be read. Shared by `check` and `stats`.
struct CatalogSet: Sendable {
    var tables: [CheckedTable]
    /// Parse errors and reader warnings, by file.
    var findings: [Finding]
    /// The files read, in path order.
    var files: [String]
    /// Paths that name nothing on disk.
    var missingPaths: [String]

    init(paths: [String], sourceLanguage: String?) {
        let (files, missing) = CatalogFileFinder.files(in: paths)
        let read = Self.read(files)
        var groups: [String: [ReadCatalogFile]] = [:]
        var findings: [Finding] = []
        for file in read {
            findings += file.findings
            if file.table != nil { groups[file.group, default: []].append(file) }
        }
        var tables: [CheckedTable] = []
        for group in groups.keys.sorted() {
            let parts = groups[group] ?? []
            if parts.count == 1, let only = parts.first, only.group == only.path, let table = only.table {
                tables.append(table)
            } else {
                // Lower precedence first, so a `.stringsdict` entry overrides its `.strings` one,
                // as in Foundation (a stable sort keeps path order within a format).
                let ordered = parts.enumerated().sorted { ($0.element.precedence, $0.offset) < ($1.element.precedence, $1.offset) }.map(\.element)
                tables.append(CheckedTable(
                    merging: ordered.compactMap(\.table), path: ReadCatalogFile.path(ofGroup: group),
                    sourceLanguage: sourceLanguage.map(LanguageTag.canonical)))
            }
        }
        self.tables = tables
        self.findings = findings
        self.files = files
        self.missingPaths = missing
    }

    /// Reads files on every core, largest first so one big catalog does not finish last alone.
    private static func read(_ files: [String]) -> [ReadCatalogFile] {
        let sizes = files.map { path in
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        }
        let order = files.indices.sorted { sizes[$0] > sizes[$1] }
        let results = Mutex<[ReadCatalogFile?]>(Array(repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: order.count) { step in
            let index = order[step]
            let file = ReadCatalogFile(path: files[index])
            results.withLock { $0[index] = file }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}
