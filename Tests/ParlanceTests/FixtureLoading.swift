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

@Test("The corpus tests say why they are skipped when PARLANCE_CORPUS is unset")
func corpusAvailability() {
    if !Corpus.isAvailable {
        print("note: PARLANCE_CORPUS is unset; the corpus tests are skipped. Set it to ../shared/corpus to run them.")
    }
    #expect(Corpus.isAvailable || ProcessInfo.processInfo.environment["PARLANCE_CORPUS"] == nil)
}
