/// Reads a binary property list (`bplist00`) that holds a dictionary of strings: a compiled
/// `.strings` file.
///
/// Foundation's parser is not used for these: on Linux, a corrupted object table can make it
/// build objects from string bytes and crash while bridging them, and untrusted content must
/// not crash. Only what a `.strings` file can hold is decoded; every offset, count and
/// reference is checked against the data before it is followed, and nothing recurses.
struct BinaryPropertyListReader {
    /// What went wrong: the structure could not be read, or it holds something other than strings.
    enum Failure: Error {
        case malformed(String)
        case notADictionary(kind: String)
        case keyNotAString(kind: String)
        case valueNotAString(key: String, kind: String)
    }

    private let bytes: [UInt8]
    private let objectReferenceSize: Int
    private let offsets: [Int]
    private let topObject: Int

    init(_ bytes: [UInt8]) throws(Failure) {
        self.bytes = bytes
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist00".utf8)) else {
            throw .malformed("it is too short to hold a header and a trailer")
        }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        objectReferenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(objectReferenceSize) else {
            throw .malformed("the trailer gives offsets of \(offsetSize) bytes and references of \(objectReferenceSize)")
        }
        let objectCount = try Self.integer(bytes, at: trailer + 8, size: 8)
        let tableStart = try Self.integer(bytes, at: trailer + 24, size: 8)
        guard objectCount >= 1, tableStart >= 8, tableStart <= trailer, objectCount <= (trailer - tableStart) / offsetSize else {
            throw .malformed("the offset table does not fit in the file")
        }
        var offsets: [Int] = []
        offsets.reserveCapacity(objectCount)
        for index in 0..<objectCount {
            let offset = try Self.integer(bytes, at: tableStart + index * offsetSize, size: offsetSize)
            guard offset >= 8, offset < tableStart else { throw .malformed("object \(index) lies outside the object table") }
            offsets.append(offset)
        }
        self.offsets = offsets
        topObject = try Self.integer(bytes, at: trailer + 16, size: 8)
        guard topObject < objectCount else { throw .malformed("the top object \(topObject) does not exist") }
    }

    /// The key–value pairs of the top dictionary, in the order the file holds them.
    func pairs() throws(Failure) -> [(key: String, value: String)] {
        let (marker, count, start) = try header(of: topObject)
        guard marker == 0xD else { throw .notADictionary(kind: kind(of: topObject)) }
        guard count <= (bytes.count - start) / (2 * objectReferenceSize) else {
            throw .malformed("the dictionary of \(count) entries does not fit in the file")
        }
        var pairs: [(key: String, value: String)] = []
        pairs.reserveCapacity(count)
        for index in 0..<count {
            let keyObject = try reference(at: start + index * objectReferenceSize)
            let valueObject = try reference(at: start + (count + index) * objectReferenceSize)
            guard let key = try string(keyObject) else { throw .keyNotAString(kind: kind(of: keyObject)) }
            guard let value = try string(valueObject) else { throw .valueNotAString(key: key, kind: kind(of: valueObject)) }
            pairs.append((key, value))
        }
        return pairs
    }

    // MARK: Objects

    /// An object's type nibble, its count (for strings and containers), and where its content starts.
    private func header(of object: Int) throws(Failure) -> (marker: UInt8, count: Int, start: Int) {
        let offset = offsets[object]
        let marker = bytes[offset] >> 4
        let info = Int(bytes[offset] & 0x0F)
        guard info == 0x0F, [0x4, 0x5, 0x6, 0xA, 0xC, 0xD].contains(marker) else { return (marker, info, offset + 1) }
        guard offset + 1 < bytes.count, bytes[offset + 1] >> 4 == 0x1, bytes[offset + 1] & 0x0F <= 3 else {
            throw .malformed("object \(object) has a count that is not an integer")
        }
        let size = 1 << Int(bytes[offset + 1] & 0x0F)
        return (marker, try Self.integer(bytes, at: offset + 2, size: size), offset + 2 + size)
    }

    /// The object's text, or `nil` when it is no string.
    private func string(_ object: Int) throws(Failure) -> String? {
        let (marker, count, start) = try header(of: object)
        switch marker {
        case 0x5:
            guard count <= bytes.count - start else { throw .malformed("object \(object) runs past the end of the file") }
            let text = bytes[start..<(start + count)]
            guard text.allSatisfy({ $0 < 0x80 }) else { throw .malformed("object \(object) is ASCII text holding a non-ASCII byte") }
            return String(decoding: text, as: UTF8.self)
        case 0x6:
            guard count <= (bytes.count - start) / 2 else { throw .malformed("object \(object) runs past the end of the file") }
            let units = (0..<count).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
            guard let text = String(validating: units, as: UTF16.self) else {
                throw .malformed("object \(object) is UTF-16 text with an unpaired surrogate")
            }
            return text
        default:
            return nil
        }
    }

    private func kind(of object: Int) -> String {
        Self.kind(bytes[offsets[object]] >> 4, info: bytes[offsets[object]] & 0x0F)
    }

    /// How errors name an object that is not a string, as they do for XML property lists.
    private static func kind(_ marker: UInt8, info: UInt8) -> String {
        switch marker {
        case 0x0: info == 0x8 || info == 0x9 ? "a number" : "null"
        case 0x1, 0x2: "a number"
        case 0x3: "a date"
        case 0x4: "data"
        case 0x8: "a UID"
        case 0xA: "an array"
        case 0xC: "a set"
        case 0xD: "a dictionary"
        default: "an object of unknown type 0x\(String(marker, radix: 16, uppercase: true))"
        }
    }

    private func reference(at position: Int) throws(Failure) -> Int {
        let object = try Self.integer(bytes, at: position, size: objectReferenceSize)
        guard object < offsets.count else { throw .malformed("a reference names object \(object) of \(offsets.count)") }
        return object
    }

    /// A big-endian unsigned integer of `size` bytes at `position`, which must fit in `Int`.
    private static func integer(_ bytes: [UInt8], at position: Int, size: Int) throws(Failure) -> Int {
        guard position >= 0, size <= bytes.count, position <= bytes.count - size else {
            throw .malformed("an integer runs past the end of the file")
        }
        var value: UInt64 = 0
        for byte in bytes[position..<(position + size)] { value = value << 8 | UInt64(byte) }
        guard let result = Int(exactly: value), result <= Int(UInt32.max) else {
            throw .malformed("the integer \(value) is larger than any file")
        }
        return result
    }
}
