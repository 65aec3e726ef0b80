/// Writes JSON text in Xcode's String Catalog layout: two-space indent,
/// `"key" : value`, one member or element per line, and an empty line inside an
/// empty object or array.
struct JSONTextWriter {
    var bytes: [UInt8] = []
    /// How many members or elements each open object or array holds so far.
    private var counts: [Int] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts a member of the innermost object: separator, indent, name and ` : `.
    mutating func key(_ name: String) {
        element()
        string(name)
        bytes.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
    }

    /// Starts an element of the innermost array (or a member, before its name).
    mutating func element() {
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
        bytes.append(0x0A)
        if count == 0 { bytes.append(0x0A) }
        indent(counts.count)
        bytes.append(bracket)
    }

    private mutating func indent(_ level: Int) {
        for _ in 0..<level * 2 { bytes.append(0x20) }
    }

    mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    }

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// A string with JSON's escapes: `\"`, `\\`, `\n`, `\t`, `\r`, `\b`, `\f`, and `\u00xx`
    /// for other control characters. `/` and non-ASCII text are written as they are, as Xcode does.
    mutating func string(_ text: String) {
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

    /// A value kept as read, its object members sorted the way Xcode sorts them.
    mutating func value(_ value: JSONValue, order: inout FinderOrder) {
        switch value {
        case .string(let text): string(text)
        case .number(let text): raw(text)
        case .bool(let flag): bool(flag)
        case .null: raw("null")
        case .array(let elements):
            beginArray()
            for element in elements {
                self.element()
                self.value(element, order: &order)
            }
            endArray()
        case .object(let object):
            beginObject()
            let members = Dictionary(object.members.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
            for name in order.sorted(object.members.map(\.name)) {
                guard let member = members[name] else { continue }
                key(name)
                self.value(member, order: &order)
            }
            endObject()
        }
    }
}
