import Foundation
import ParlanceTestSupport
import Testing
@testable import ParlanceCatalogs

@Suite("Reading a resources folder")
struct ResourceFolderReaderTests {
    static func folder(_ name: String) -> URL { Fixtures.url("folders", name) }

    @Test("A key repeated in one .strings file takes its last value, with one warning per repeat and no conflict")
    func duplicateKeyLastWins() throws {
        let folder = try ResourceFolderReader.read(at: Self.folder("duplicate-key"))
        let catalog = try #require(folder["Localizable"])
        let title = try #require(catalog.entries["title"])
        #expect(title["en"] == .string("New"))
        #expect(title.comment == "The window's title.")
        #expect(catalog.entries["close"]?["en"] == .string("Close"))
        // Keys keep the place where they first appeared.
        #expect(Array(catalog.entries.keys) == ["title", "close", "done"])

        let file = Self.folder("duplicate-key").appendingPathComponent("en.lproj/Localizable.strings").path
        #expect(folder.diagnostics.map(\.description) == [
            "\(file):5:1: warning: duplicate key \"title\": line 2 gives \"Old\", this line gives \"New\"; the last one wins, as in Foundation.",
            "\(file):6:1: warning: duplicate key \"close\" repeats line 3 with the same value.",
        ])
    }

    @Test("The folder agrees with the file's own table, which is what Foundation loads")
    func agreesWithTheFileTable() throws {
        let url = Self.folder("duplicate-key").appendingPathComponent("en.lproj/Localizable.strings")
        let table = try StringsFileReader.read(Data(contentsOf: url), path: url.path).table
        let catalog = try #require(try ResourceFolderReader.read(at: Self.folder("duplicate-key"))["Localizable"])
        for (key, value) in table {
            #expect(catalog.entries[key]?["en"] == .string(value), "\(key)")
        }
    }

    @Test("A key two different files disagree on is a conflict: reported once, and the first file is kept")
    func twoFilesConflict() throws {
        let root = Self.folder("conflict")
        let folder = try ResourceFolderReader.read(at: root)
        let catalog = try #require(folder["Localizable"])
        #expect(catalog.entries["hello"]?["en"] == .string("Hi"))
        #expect(catalog.entries["bye"]?["en"] == .string("Bye"))
        let first = root.appendingPathComponent("A/en.lproj/Localizable.strings").path
        let second = root.appendingPathComponent("B/en.lproj/Localizable.strings").path
        #expect(folder.diagnostics.map(\.description) == [
            "\(second):1:1: warning: \"hello\" in en (Localizable) differs between \(first):1:1 and \(second):1:1; keeping the first.",
        ])
    }
}
