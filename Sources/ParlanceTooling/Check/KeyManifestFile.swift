import Foundation
import Parlance

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

    /// - Throws: ``/ParlanceCatalogs/ParseError`` at the file's start when it cannot be read or is not a manifest.
    init(path: String) throws(ParseError) {
        let fileStart = SourceLocation(file: path, line: 1, column: 1)
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ParseError("cannot read the key manifest: \(error.localizedDescription)", at: fileStart)
        }
        let shape: Shape
        do {
            shape = try JSONDecoder().decode(Shape.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw ParseError(
                "the key manifest lacks \"\(key.stringValue)\"\(Self.place(context)); expected \(Self.expectedShape).", at: fileStart)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw ParseError(
                "the key manifest holds the wrong kind of value\(Self.place(context)); expected \(Self.expectedShape).", at: fileStart)
        } catch {
            throw ParseError("the key manifest is not valid JSON; expected \(Self.expectedShape).", at: fileStart)
        }
        let bytes = [UInt8](data)
        let offsets = Self.keyOffsets(in: bytes)
        let positions = LineIndex(bytes: bytes, file: path)
        self.path = path
        library = shape.library
        table = shape.table ?? "Localizable"
        keys = shape.keys.map {
            DeclaredKey(
                key: $0.key, location: offsets[$0.key].map(positions.location(ofByte:)) ?? fileStart,
                placeholders: $0.placeholders ?? [])
        }
    }

    /// ` at keys[2]`, naming where in the JSON a decoding error is.
    private static func place(_ context: DecodingError.Context) -> String {
        guard !context.codingPath.isEmpty else { return "" }
        var path = ""
        for key in context.codingPath {
            if let index = key.intValue { path += "[\(index)]" } else { path += (path.isEmpty ? "" : ".") + key.stringValue }
        }
        return " at \(path)"
    }

    /// Where each `"key": "…"` value starts: every string named `key` followed by `:`
    /// gives the offset of the string after it.
    private static func keyOffsets(in bytes: [UInt8]) -> [String: Int] {
        var offsets: [String: Int] = [:]
        var index = 0
        var afterKeyName = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let end = JSONStrings.end(of: bytes, openingQuoteAt: index)
                let text = JSONStrings.decode(bytes, from: index, to: end)
                if afterKeyName {
                    if offsets[text] == nil { offsets[text] = index }
                    afterKeyName = false
                } else if text == "key" {
                    var next = end
                    while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
                    afterKeyName = next < bytes.count && bytes[next] == UInt8(ascii: ":")
                }
                index = end
            } else {
                if afterKeyName, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":")].contains(byte) { afterKeyName = false }
                index += 1
            }
        }
        return offsets
    }
}
