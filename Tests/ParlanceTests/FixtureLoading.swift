import Foundation
import Testing

/// Fixture files shipped beside the tests.
enum Fixtures {
    static var root: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
    }

    static func url(_ area: String, _ name: String) -> URL {
        root.appendingPathComponent(area).appendingPathComponent(name)
    }

    static func data(_ area: String, _ name: String) throws -> Data {
        try Data(contentsOf: url(area, name))
    }

    /// The names of the fixtures in `area` whose name starts with `!`: inputs that must fail.
    static func mustFail(_ area: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(area).path)) ?? []
        return names.filter { $0.hasPrefix("!") }.sorted()
    }
}

/// The real-world corpus named by `PARLANCE_CORPUS`, when it is set.
enum Corpus {
    static var root: URL? {
        ProcessInfo.processInfo.environment["PARLANCE_CORPUS"].map { URL(fileURLWithPath: $0) }
    }

    static var isAvailable: Bool { root != nil }

    static func files(_ area: String) throws -> [URL] {
        guard let root else { return [] }
        let folder = root.appendingPathComponent(area)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}

/// When `PARLANCE_CORPUS` is set it must name the corpus: a wrong path would otherwise make
/// every corpus test find nothing and pass. When it is unset, the corpus tests (this one
/// too) are skipped, and Swift Testing reports each skip with its reason.
@Test(
    "PARLANCE_CORPUS names a folder holding the .strings, .stringsdict and String Catalog corpus",
    .enabled(if: Corpus.isAvailable, "PARLANCE_CORPUS is unset; set it to ../shared/corpus to run the corpus tests.")
)
func corpusAvailability() throws {
    let root = try #require(Corpus.root)
    var isFolder: ObjCBool = false
    try #require(
        FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) && isFolder.boolValue,
        "PARLANCE_CORPUS is \(root.path), which is no folder.")
    for area in ["strings", "stringsdict", "xcstrings"] {
        #expect(!(try Corpus.files(area)).isEmpty, "The corpus has no files in \(area)/.")
    }
}
