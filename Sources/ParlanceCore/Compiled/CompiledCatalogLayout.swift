/// The byte layout of a compiled catalog, version 2 (Sources/ParlanceCore/ParlanceCore.docc/CompiledCatalogs.md describes it
/// for other implementations). Everything is little-endian; offsets inside the heap are
/// relative to the heap's start, and node offsets are multiples of 4.
enum CompiledCatalogLayout {
    static let magic: [UInt8] = Array("PARLCAT".utf8) + [0]
    /// Version 2 hashes keys with MurmurHash3 (version 1 used FNV-1a, a byte at a time).
    static let version: UInt16 = 2
    static let headerSize = 64
    static let entrySize = 16
    /// A slot repeats its entry's hash and key reference, so a lookup reads the slot and the
    /// key's bytes and never the entry: one memory access fewer on the path every string takes.
    static let slotSize = 16

    // Header fields (byte offsets).
    static let versionField = 8
    static let flagsField = 10
    static let fileSizeField = 12
    static let entryCountField = 16
    static let slotCountField = 20
    static let slotsOffsetField = 24
    static let entriesOffsetField = 28
    static let heapOffsetField = 32
    static let heapSizeField = 36
    static let languageField = 40
    static let tableField = 48
    static let contentChecksumField = 56
    static let headerChecksumField = 60

    /// The largest file the format can describe: offsets are 32-bit (and, where `Int` is 32
    /// bits, as watchOS's arm64_32, the largest an `Int` holds). Words read from a file are
    /// converted with `Int(clamping:)`, so a hostile word can never trap; at worst it is
    /// larger than anything in the file and fails the bounds check it meets.
    static let maximumFileSize = Int(clamping: UInt32.max)

    // Node kinds: the first word of every node.
    enum Node: UInt32 {
        case plain = 1
        case message = 2
        case variations = 3
        case template = 4
    }

    // Variation kinds.
    enum VariationKind: UInt32 {
        case plural = 1
        case device = 2
        case width = 3
    }

    // Token kinds inside a template node.
    enum Token: UInt32 {
        case literal = 1
        case specifier = 2
        case substitution = 3
        case substitutedArgument = 4
        case percent = 5
        case invalid = 6
    }

    /// `nil` in a word that holds an optional number.
    static let none: UInt32 = 0xFFFF_FFFF
    /// A `*` width or precision read from the next argument.
    static let nextArgument: UInt32 = 0xFFFF_FFFE

    /// How deep variations and substitutions may nest, as the renderer allows.
    static let maximumDepth = 32
    /// How many nodes one value may decode to: a file can point many times at one node, and
    /// without a budget a few hundred bytes could describe an exponentially large value.
    static let maximumNodesPerValue = 4_096

    /// FNV-1a, 32-bit: both checksums.
    static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in bytes {
            hash = (hash ^ UInt32(byte)) &* 0x0100_0193
        }
        return hash
    }

    static func fnv1a(_ text: String) -> UInt32 {
        text.withUTF8Bytes { fnv1a(UnsafeRawBufferPointer($0)) }
    }

    /// MurmurHash3 x86_32 with seed 0: the key hash, four bytes a step, so hashing a key
    /// costs a few nanoseconds and lookups can beat a `Dictionary`'s SipHash.
    @inline(__always)
    static func murmur3(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        let c1: UInt32 = 0xCC9E_2D51
        let c2: UInt32 = 0x1B87_3593
        var hash: UInt32 = 0
        let blocks = bytes.count / 4
        var offset = 0
        for _ in 0..<blocks {
            var block = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            block = (block &* c1).rotatedLeft(15) &* c2
            hash ^= block
            hash = hash.rotatedLeft(13) &* 5 &+ 0xE654_6B64
            offset += 4
        }
        var tail: UInt32 = 0
        switch bytes.count & 3 {
        case 3:
            tail = UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset])
        case 2:
            tail = UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset])
        case 1:
            tail = UInt32(bytes[offset])
        default:
            break
        }
        if bytes.count & 3 != 0 { hash ^= (tail &* c1).rotatedLeft(15) &* c2 }
        hash ^= UInt32(truncatingIfNeeded: bytes.count)
        hash ^= hash >> 16
        hash = hash &* 0x85EB_CA6B
        hash ^= hash >> 13
        hash = hash &* 0xC2B2_AE35
        hash ^= hash >> 16
        return hash
    }

    /// The key hash of `key`'s UTF-8, without copying a native string.
    @inline(__always)
    static func keyHash(_ key: String) -> UInt32 {
        key.withUTF8Bytes { murmur3(UnsafeRawBufferPointer($0)) }
    }

    /// Writes both checksums into a file whose other bytes are final: the content's, then the
    /// header's (which covers the content checksum).
    static func seal(_ file: inout [UInt8]) {
        let content = file.withUnsafeBytes { fnv1a(UnsafeRawBufferPointer(rebasing: $0[headerSize...])) }
        file.setLittleEndian(content, at: contentChecksumField)
        let header = file.withUnsafeBytes { fnv1a(UnsafeRawBufferPointer(rebasing: $0[0..<headerChecksumField])) }
        file.setLittleEndian(header, at: headerChecksumField)
    }

    /// The smallest power of two above 1.25 × `count` (and at least 2): slots are 16 bytes, four
    /// to a cache line, so a longer probe costs little and a smaller index stays in cache.
    static func slotCount(for count: Int) -> Int {
        var slots = 2
        while slots * 4 < count * 5 + 4 { slots *= 2 }
        return slots
    }
}

/// A compiled catalog that cannot be read: where, and what was wrong.
public struct CompiledCatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as it was given to the reader.
    public var path: String
    /// The byte offset in the file where the problem is.
    public var offset: Int
    /// One sentence saying what was found and what was expected.
    public var message: String

    public init(_ message: String, path: String, offset: Int) {
        self.message = message
        self.path = path
        self.offset = offset
    }

    /// `path: byte N: message`; a compiled file has no lines, so the byte offset stands in.
    public var description: String { "\(path): byte \(offset): error: \(message)" }

    /// The error as a ``/ParlanceCatalogs/Diagnostic`` (line 1, the column the byte offset plus 1).
    public var diagnostic: Diagnostic {
        Diagnostic(.error, "byte \(offset): \(message)", at: SourceLocation(file: path, line: 1, column: offset + 1))
    }
}

extension UInt32 {
    @inline(__always)
    func rotatedLeft(_ count: UInt32) -> UInt32 { (self << count) | (self >> (32 - count)) }
}
