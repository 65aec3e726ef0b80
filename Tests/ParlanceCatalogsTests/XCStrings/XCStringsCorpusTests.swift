import Foundation
import Testing
@testable import ParlanceCatalogs
import ParlanceCatalogWriters

/// Real catalogs from public apps, read from `$PARLANCE_CORPUS/xcstrings` when the
/// variable is set; a clone without the corpus skips these tests.
@Suite("String Catalog corpus", .enabled(
    if: ProcessInfo.processInfo.environment["PARLANCE_CORPUS"] != nil,
    "PARLANCE_CORPUS is not set, so the String Catalog corpus tests are skipped."))
struct XCStringsCorpusTests {
    /// The two corpus files edited outside Xcode, whose keys are out of Xcode's order.
    static let handEdited: Set<String> = [
        "Finb__Bark__Bark__Localizable.xcstrings",
        "coteditor__CotEditor__CotEditor__Localizables__Document_Window__Document.xcstrings",
    ]

    static func files() throws -> [URL] {
        let root = ProcessInfo.processInfo.environment["PARLANCE_CORPUS"] ?? ""
        let directory = URL(fileURLWithPath: root).appendingPathComponent("xcstrings")
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "xcstrings" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test("Every corpus catalog reads and round-trips byte for byte with the order preserved")
    func preserved() throws {
        let files = try Self.files()
        #expect(!files.isEmpty)
        for file in files {
            let data = try Data(contentsOf: file)
            let catalog = try XCStringsReader.read(data, path: file.lastPathComponent)
            let written = XCStringsWriter(keyOrder: .preserved).write(catalog)
            #expect(written.data == data, "\(file.lastPathComponent)")
            #expect(written.dropped.isEmpty)
        }
    }

    @Test("Every corpus catalog but the two hand-edited ones round-trips in Xcode's order")
    func xcodeOrder() throws {
        var differing: Set<String> = []
        for file in try Self.files() {
            let data = try Data(contentsOf: file)
            let catalog = try XCStringsReader.read(data, path: file.lastPathComponent)
            if XCStringsWriter(keyOrder: .xcode).write(catalog).data != data { differing.insert(file.lastPathComponent) }
        }
        #expect(differing == Self.handEdited)
    }
}
