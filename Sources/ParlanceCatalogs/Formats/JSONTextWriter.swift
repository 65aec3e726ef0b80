/// Writes JSON text, two-space indent, one member or element per line, in Xcode's String
/// Catalog layout (`"key" : value`, an empty line inside an empty object or array) or in
/// `JSON.stringify`'s (`"key": value`, `{}`).
package struct JSONTextWriter {
    /// Where the layouts of JSON writers differ.
    package enum Style {
        /// Xcode's: `"key" : value`, an empty line inside an empty object or array.
        case xcode
        /// `JSON.stringify(value, null, 2)`'s, as web tools write: `"key": value`, `{}`.
        case javaScript
    }

    package var bytes: [UInt8] = []
    /// How many members or elements each open object or array holds so far.
    private var counts: [Int] = []
    private let style: Style

    package init(capacity: Int = 0, style: Style = .xcode) {
        bytes.reserveCapacity(capacity)
        self.style = style
    }

    package mutating func beginObject() { open(UInt8(ascii: "{")) }
    package mutating func endObject() { close(UInt8(ascii: "}")) }
    package mutating func beginArray() { open(UInt8(ascii: "[")) }
    package mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts a member of the innermost object: separator, indent, name and ` : `.
    package mutating func key(_ name: String) {
        element()
        string(name)
        if style == .xcode { bytes.append(0x20) }
        bytes.append(contentsOf: [UInt8(ascii: ":"), 0x20])
    }

    /// Starts an element of the innermost array (or a member, before its name).
    package mutating func element() {
        if let last = counts.indices.last {
            if counts[last] > 0 { bytes.append(UInt8(ascii: ",")) }
            counts[last] += 1
        }
        bytes.append(0x0A)
        indent(counts.count)
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        counts.append(0)
    }

    private mutating func close(_ bracket: UInt8) {
        let count = counts.popLast() ?? 0
        if count == 0 && style == .javaScript {
            bytes.append(bracket)
            return
        }
        bytes.append(0x0A)
        if count == 0 { bytes.append(0x0A) }
        indent(counts.count)
        bytes.append(bracket)
    }

    private mutating func indent(_ level: Int) {
        for _ in 0..<level * 2 { bytes.append(0x20) }
    }

    package mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    }

    package mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// A string with JSON's escapes: `\"`, `\\`, `\n`, `\t`, `\r`, `\b`, `\f`, and `\u00xx`
    /// for other control characters. `/` and non-ASCII text are written as they are, as Xcode does.
    package mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
