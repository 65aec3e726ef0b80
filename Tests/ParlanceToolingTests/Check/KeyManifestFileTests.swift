import Foundation
import Parlance
import Testing
@testable import ParlanceTooling

/// The checker's reading of a library's key manifest (seed 002), with the JSON reader
/// String Catalogs use: each error at the value it is about.
@Suite("Check: reading key manifests")
struct KeyManifestFileTests {
    static func read(_ text: String) throws(ParseError) -> KeyManifestFile {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString).keys.json")
        try? Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try KeyManifestFile(path: url.path)
    }

    static func error(_ text: String) -> String {
        do {
            _ = try read(text)
            return "no error"
        } catch {
            return "\(error.location.line):\(error.location.column) \(error.message)"
        }
    }

    @Test("Keys are located at their values; members the shape does not name are read past")
    func readsAndLocates() throws {
        let manifest = try Self.read("""
            {
              "library": "QuizUI", "version": {"major": 2},
              "keys": [
                {"key": "close", "comment": "Closes", "placeholders": []},
                {"owner": ["x"], "key": "%lld questions", "placeholders": ["count"]}
              ]
            }
            """)
        #expect(manifest.library == "QuizUI")
        #expect(manifest.table == "Localizable")
        #expect(manifest.keys.map(\.key) == ["close", "%lld questions"])
        #expect(manifest.keys.map { "\($0.location.line):\($0.location.column)" } == ["4:13", "5:29"])
        #expect(manifest.keys[1].placeholders == ["count"])
    }

    @Test("Each departure from the shape is reported at its value, with the shape expected",
          arguments: [
              (#"{"keys": []}"#, "1:1 the key manifest lacks \"library\""),
              (#"{"library": "Q"}"#, "1:1 the key manifest lacks \"keys\""),
              (#"{"library": 3, "keys": []}"#, "1:13 the key manifest holds the wrong kind of value at library"),
              (#"{"library": "Q", "keys": [{"key": "a"}, {"key": 7}]}"#, "1:49 the key manifest holds the wrong kind of value at keys[1].key"),
              (#"{"library": "Q", "keys": [{"key": "a", "placeholders": ["n", 1]}]}"#, "1:62 the key manifest holds the wrong kind of value at keys[0].placeholders[1]"),
              (#"{"library": "Q", "keys": {}}"#, "1:26 the key manifest holds the wrong kind of value at keys"),
              (#"["library"]"#, "1:1 the key manifest holds the wrong kind of value at the top level"),
          ])
    func shapeErrors(text: String, expected: String) {
        let error = Self.error(text)
        #expect(error.hasPrefix(expected), "\(error)")
        #expect(error.hasSuffix(#"expected {"library": …, "table": …, "keys": [{"key": …}]}."#), "\(error)")
    }

    @Test("Text that is not JSON is reported where it stops being JSON, as a String Catalog's is",
          arguments: [
              (#"{"library": "Q", "keys": [}"#, "1:27"),
              (#"{"library": "Q",, "keys": []}"#, "1:17"),
              ("", "1:1"),
              (#"{"library": "Q", "keys": []} x"#, "1:30"),
          ])
    func notJSON(text: String, position: String) {
        #expect(Self.error(text).hasPrefix(position + " expected"), "\(Self.error(text))")
    }
}
