import Foundation
import ParlanceCatalogs
import ParlanceTestSupport
import Testing

/// Real-world files from `$PARLANCE_CORPUS/strings`, compared with what Foundation's
/// `PropertyListSerialization` loads from the same bytes.
@Suite("Reading the .strings corpus")
struct StringsFileCorpusTests {
    static let corpus: URL? = ProcessInfo.processInfo.environment["PARLANCE_CORPUS"].map {
        URL(filePath: $0).appending(path: "strings")
    }

    @Test(
        "Every corpus file reads, and its table equals Foundation's",
        .enabled(if: corpus != nil, "Set PARLANCE_CORPUS to the corpus folder to compare real files with Foundation.")
    )
    func matchesFoundation() throws {
        let directory = try #require(Self.corpus)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        try #require(!names.isEmpty, "No files in \(directory.path).")
        var identical = 0
        var exceptions: [String] = []
        for name in names {
            let data = try Data(contentsOf: directory.appending(path: name))
            let file: StringsFile
            do {
                file = try StringsFileReader.read(data, path: name)
            } catch {
                Issue.record("\(error)")
                continue
            }
            // Exception 1: Foundation refuses 0 bytes ("Cannot parse a NULL or zero-length
            // data"); the reader gives an empty table.
            if data.isEmpty {
                #expect(file.entries.isEmpty, "\(name)")
                exceptions.append("\(name): 0 bytes, Foundation errors, we give an empty table")
                continue
            }
            let loaded = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            let foundation = try #require(loaded as? [String: String], "\(name): Foundation gives no string table.")
            // Exception 2: where Foundation silently stops reading, the reader warns and reads
            // on. Foundation's table is then exactly what the entries before the warning give.
            if let stop = file.diagnostics.first(where: { $0.message.contains("Apple's parser stops reading here") }),
               let at = stop.location {
                let before = file.entries.filter { ($0.location.line, $0.location.column) < (at.line, at.column) }
                let expected = StringsFile(entries: before).table
                #expect(foundation == expected, "\(name)")
                #expect(Set(file.table.keys).isSuperset(of: foundation.keys), "\(name)")
                exceptions.append("\(name): Foundation stops at \(at.line):\(at.column) with \(foundation.count) of \(file.table.count) keys")
                continue
            }
            #expect(file.table == foundation, "\(name)")
            if file.table == foundation { identical += 1 }
        }
        print("Corpus .strings: \(identical) of \(names.count) files give exactly Foundation's table.")
        for exception in exceptions { print("  documented difference: \(exception)") }
    }
}
