import Foundation
import Testing
@testable import ParlanceCatalogs

/// The POSIX walks a localizer makes at launch, against a small tree made for each test.
@Suite("File-system walks")
struct FileSystemTests {
    /// A tree: `a.json`, `.hidden.json`, `sub/b.strings`, `sub/deep/c.xcstrings`, and `loop`, a
    /// link back to the root.
    static func tree() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-walk-\(UUID().uuidString)")
        let deep = root.appendingPathComponent("sub/deep")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        for path in ["a.json", ".hidden.json", "sub/b.strings", "sub/deep/c.xcstrings"] {
            try Data("x".utf8).write(to: root.appendingPathComponent(path))
        }
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("loop"), withDestinationURL: root)
        return root
    }

    @Test("files(under:) lists every file not starting with a dot, a link as a file, never followed")
    func listsFiles() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let names = try #require(FileSystem.files(under: root)).map(\.lastPathComponent).sorted()
        #expect(names == ["a.json", "b.strings", "c.xcstrings", "loop"])
    }

    @Test("A folder past the depth limit is not entered")
    func depthLimit() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let names = try #require(FileSystem.files(under: root, depthLimit: 1)).map(\.lastPathComponent).sorted()
        #expect(names == ["a.json", "b.strings", "loop"])
    }

    @Test("A root that cannot be read fails the walk: nil and false, not an empty folder")
    func missingRoot() {
        let missing = URL(fileURLWithPath: "/nonexistent-parlance-\(UUID().uuidString)")
        #expect(FileSystem.files(under: missing) == nil)
        #expect(!FileSystem.containsFile(under: missing) { _ in true })
        #expect(FileSystem.entries(of: missing).isEmpty)
    }

    @Test("containsFile(under:named:) finds a name at any depth, and not a hidden one")
    func containsFile() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(FileSystem.containsFile(under: root) { $0.hasSuffix(".xcstrings") })
        #expect(!FileSystem.containsFile(under: root) { $0 == ".hidden.json" })
        #expect(!FileSystem.containsFile(under: root, depthLimit: 1) { $0.hasSuffix(".xcstrings") })
        // The walk stops at the first match: the closure is not asked again after it.
        var asked = 0
        #expect(FileSystem.containsFile(under: root) { _ in asked += 1; return true })
        #expect(asked == 1)
    }
}
