import Foundation

/// The real-world corpus named by `PARLANCE_CORPUS` (`../shared/corpus`), when it is set:
/// tests that read it are skipped, with that reason, when it is not.
public enum Corpus {
    public static var root: URL? {
        ProcessInfo.processInfo.environment["PARLANCE_CORPUS"].map { URL(fileURLWithPath: $0) }
    }

    public static var isAvailable: Bool { root != nil }

    /// The files of one area (`strings`, `stringsdict`, `xcstrings`), by name.
    public static func files(_ area: String) throws -> [URL] {
        guard let root else { return [] }
        let folder = root.appendingPathComponent(area)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}

/// A folder of fixture files, by area (a subfolder) and name: a test target's `Fixtures`
/// names its own folder, and the rest comes from here.
public protocol FixtureFolder {
    /// The folder the areas are in.
    static var root: URL { get }
}

extension FixtureFolder {
    /// The fixture `name` in `area`.
    public static func url(_ area: String, _ name: String) -> URL {
        root.appendingPathComponent(area).appendingPathComponent(name)
    }

    /// The bytes of the fixture `name` in `area`.
    public static func data(_ area: String, _ name: String) throws -> Data {
        try Data(contentsOf: url(area, name))
    }

    /// The names of the fixtures in `area` whose name starts with `!`: inputs that must fail.
    public static func mustFail(_ area: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(area).path)) ?? []
        return names.filter { $0.hasPrefix("!") }.sorted()
    }
}

/// The catalog readers' fixtures (`strings`, `stringsdict`, `xcstrings`, `folders`), which
/// live beside the readers' tests in `Tests/ParlanceCatalogsTests/Fixtures`. The writers'
/// round trips and the runtime's tests that render those files read them there, from the
/// source tree: a test target can bundle only its own folder, and copies would drift.
public enum ReaderFixtures: FixtureFolder {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ParlanceCatalogsTests/Fixtures")
}
