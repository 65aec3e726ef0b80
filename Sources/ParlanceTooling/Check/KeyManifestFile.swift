import Foundation
import Parlance
import ParlanceCatalogs

/// A component library's key manifest (seed 002): the keys it asks the app to translate.
///
/// `{"library": "QuizUI", "table": "Localizable", "keys": [{"key": "close", "comment": "…",
/// "placeholders": ["count"]}]}`, the shape the runtime's `KeyManifest` reads. The checker
/// decodes it itself because it also needs where each key is written.
struct KeyManifestFile: Sendable {
    var path: String
    var library: String
    /// The table the library looks keys up in; `Localizable` when the manifest names none.
    var table: String
    var keys: [DeclaredKey]

    /// One key the library declares, where the manifest names it, and the `{placeholders}`
    /// the library fills in, which every translation must keep.
    struct DeclaredKey: Sendable {
        var key: String
        var location: SourceLocation
        var placeholders: [String]
    }

    private struct Shape: Decodable {
        struct Key: Decodable {
            var key: String
            var comment: String?
            var placeholders: [String]?
        }
        var library: String
        var table: String?
        var keys: [Key]
    }

    static let expectedShape = #"{"library": …, "table": …, "keys": [{"key": …}]}"#

    /// Reads the manifest with the same JSON reader String Catalogs are read with (no
    /// second parser): every error names the line and column of the value it is about.
    /// Members the shape does not name are read past, as a library may add its own.
    /// - Throws: ``/ParlanceCatalogs/ParseError`` where the file is not JSON or not a manifest.
    init(path: String) throws(ParseError) {
        let fileStart = SourceLocation(file: path, line: 1, column: 1)
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ParseError("cannot read the key manifest: \(error.localizedDescription)", at: fileStart)
        }
        let read: Result<(library: String, table: String?, keys: [DeclaredKey]), ParseError> = data.withUnsafeBytes { raw in
            var reader = ManifestReader(json: JSONReader(bytes: raw.bindMemory(to: UInt8.self), path: path))
            return Result { () throws(ParseError) in try reader.read() }
        }
        let manifest = try read.get()
        self.path = path
        library = manifest.library
        table = manifest.table ?? "Localizable"
        keys = manifest.keys
    }
}

/// Walks a key manifest with the JSON cursor, saying where it departs from the shape.
private struct ManifestReader {
    var json: JSONReader

    /// One declared key with the byte offset of its value, located once reading is done.
    private typealias Found = (key: String, offset: Int, placeholders: [String])

    mutating func read() throws(ParseError) -> (library: String, table: String?, keys: [KeyManifestFile.DeclaredKey]) {
        let kind = try json.peekKind()
        guard kind == .object else { throw wrongKind(at: "the top level") }
        var cursor = try json.enterObject()
        var library: String?
        var table: String?
        var keys: [Found]?
        while let name = try json.nextMember(&cursor) {
            if json.matches(name, "library") {
                library = try string(at: "library")
            } else if json.matches(name, "table") {
                table = try string(at: "table")
            } else if json.matches(name, "keys") {
                keys = try readKeys()
            } else {
                _ = try json.readValue()
            }
        }
        try json.expectEnd()
        guard let library else { throw lacks("library", at: "", object: cursor.start) }
        guard let keys else { throw lacks("keys", at: "", object: cursor.start) }
        // Lines found once for every key, not by a scan from the start per key.
        let lines = LineIndex(bytes: Array(json.bytes), file: json.path)
        return (library, table, keys.map {
            KeyManifestFile.DeclaredKey(key: $0.key, location: lines.location(ofByte: $0.offset), placeholders: $0.placeholders)
        })
    }

    private mutating func readKeys() throws(ParseError) -> [Found] {
        guard try json.peekKind() == .array else { throw wrongKind(at: "keys") }
        var array = try json.enterArray()
        var keys: [Found] = []
        while try json.nextElement(&array) {
            let place = "keys[\(keys.count)]"
            guard try json.peekKind() == .object else { throw wrongKind(at: place) }
            var cursor = try json.enterObject()
            var key: (text: String, offset: Int)?
            var placeholders: [String] = []
            while let name = try json.nextMember(&cursor) {
                if json.matches(name, "key") {
                    json.skipWhitespace()
                    let offset = json.position
                    key = (try string(at: place + ".key"), offset)
                } else if json.matches(name, "comment") {
                    _ = try string(at: place + ".comment")
                } else if json.matches(name, "placeholders") {
                    guard try json.peekKind() == .array else { throw wrongKind(at: place + ".placeholders") }
                    var list = try json.enterArray()
                    while try json.nextElement(&list) {
                        placeholders.append(try string(at: place + ".placeholders[\(placeholders.count)]"))
                    }
                } else {
                    _ = try json.readValue()
                }
            }
            guard let key else { throw lacks("key", at: " at " + place, object: cursor.start) }
            keys.append((key.text, key.offset, placeholders))
        }
        return keys
    }

    private mutating func string(at place: String) throws(ParseError) -> String {
        guard try json.peekKind() == .string else { throw wrongKind(at: place) }
        return try json.readStringValue()
    }

    /// The error for a value of the wrong kind, at the value.
    private func wrongKind(at place: String) -> ParseError {
        json.error(
            "the key manifest holds the wrong kind of value at \(place); expected \(KeyManifestFile.expectedShape).",
            at: json.position)
    }

    /// The error for a member an object lacks, at the object's `{`.
    private func lacks(_ member: String, at place: String, object: Int) -> ParseError {
        json.error(
            "the key manifest lacks \"\(member)\"\(place); expected \(KeyManifestFile.expectedShape).", at: object)
    }
}
