#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One table in one language, compiled by ``CompiledCatalogWriter`` (or `parlance compile`)
/// and read in place: a file is memory-mapped, its header and header checksum checked once, and
/// each lookup probes the precomputed hash index and reads the value where it lies.
///
/// Nothing in the file is trusted. Opening checks the magic, the version, the header's checksum
/// and that every section lies inside the file (``validate()`` also checks the content's
/// checksum and every key and value); every later read checks
/// its offsets and lengths against the file's bounds and its text for valid UTF-8, so a
/// truncated, corrupt or hostile file gives a ``CompiledCatalogError`` naming the byte, never a
/// read outside the file. Replace a compiled file by renaming a new one over it (as
/// `parlance compile` does); truncating a file another process has mapped makes its reads fault.
public final class CompiledCatalog: @unchecked Sendable {
    // @unchecked: the bytes are immutable for the object's life and `owner` keeps them.
    typealias Layout = CompiledCatalogLayout

    /// The extension of compiled files: `parlance compile` writes `<table>.<language>.pcat`.
    public static let fileExtension = "pcat"

    /// The format version this Parlance reads and writes.
    public static let formatVersion = Int(CompiledCatalogLayout.version)

    /// The path given when opening, for errors.
    public let path: String
    /// The language the values are in, as the header names it.
    public let language: String
    /// The table (`Localizable`, …).
    public let table: String
    /// How many keys the file holds.
    public let count: Int

    private let bytes: UnsafeRawBufferPointer
    /// Keeps `bytes` mapped (or allocated) for the catalog's life.
    private let owner: FileBytes
    /// Whether the catalog's bytes are mapped from its file (a compiled file, or a pack's member).
    var isMapped: Bool { owner.isMapped }
    private let slotCount: Int
    let entriesOffset: Int
    private let heapOffset: Int
    private let heapSize: Int

    /// Maps the file at `url` and checks its header.
    public convenience init(contentsOf url: URL) throws(CompiledCatalogError) {
        let file = try FileBytes(url, minimum: Layout.headerSize, maximum: Layout.maximumFileSize) { size in
            "the file has \(size) bytes, fewer than the \(Layout.headerSize)-byte header: it is truncated or no compiled catalog"
        }
        try self.init(buffer: file.bytes, path: file.path, owner: file)
    }

    /// Reads compiled bytes already in memory (copied; `path` names them in errors).
    public convenience init(bytes: some Collection<UInt8>, path: String = "<memory>") throws(CompiledCatalogError) {
        let file = FileBytes(copying: bytes, path: path)
        try self.init(buffer: file.bytes, path: path, owner: file)
    }

    /// A catalog over `buffer`, which lies inside `owner`'s bytes (a whole file, or a pack's member).
    init(buffer: UnsafeRawBufferPointer, path: String, owner: FileBytes) throws(CompiledCatalogError) {
        var header = Header(bytes: buffer, path: path)
        try header.check()
        self.bytes = buffer
        self.owner = owner
        self.path = path
        self.count = header.entryCount
        self.slotCount = header.slotCount
        self.entriesOffset = header.entriesOffset
        self.heapOffset = header.heapOffset
        self.heapSize = header.heapSize
        self.language = header.language
        self.table = header.table
    }


    // MARK: Lookup

    /// The value of `key`, or `nil` when the file has no such key.
    public func value(forKey key: String) throws(CompiledCatalogError) -> CompiledValue? {
        guard let index = entryIndex(forKey: key) else { return nil }
        return try value(atEntry: index)
    }

    /// Whether the file holds `key`.
    public func contains(_ key: String) -> Bool {
        entryIndex(forKey: key) != nil
    }

    /// Every key, in the file's order (sorted by UTF-8 bytes).
    public func keys() throws(CompiledCatalogError) -> [String] {
        var keys: [String] = []
        keys.reserveCapacity(count)
        for index in 0..<count { keys.append(try key(atEntry: index)) }
        return keys
    }

    /// Reads every key and value and checks the content's checksum, so a damaged file is found
    /// now rather than at a lookup. Also checks what lookups take on trust: that every slot
    /// names an entry, that keys are sorted and unique, and that each key's hash and slot are right.
    ///
    /// Opening a file checks only its header, so an app's first string does not wait for a
    /// pass over the whole file; lookups stay bounds-checked whatever the content holds.
    public func validate() throws(CompiledCatalogError) {
        try validate { _, _ in }
    }

    /// Checks the whole file as ``validate()`` does, and returns every entry's key and value, in
    /// key order: what reading each key with ``value(forKey:)`` after validating gives, with
    /// each value decoded once.
    /// - Throws: ``CompiledCatalogError`` naming the byte offset of the first fault.
    public func validatedEntries() throws(CompiledCatalogError) -> [(key: String, value: CompiledValue)] {
        var entries: [(key: String, value: CompiledValue)] = []
        entries.reserveCapacity(count)
        try validate { entries.append(($0, $1)) }
        return entries
    }

    private func validate(visiting visit: (String, CompiledValue) -> Void) throws(CompiledCatalogError) {
        let content = Layout.fnv1a(UnsafeRawBufferPointer(rebasing: bytes[Layout.headerSize...]))
        guard try word(Layout.contentChecksumField) == content else {
            throw error("the content's checksum does not match: the file is damaged", at: Layout.contentChecksumField)
        }
        for slot in 0..<slotCount {
            let offset = Layout.headerSize + Layout.slotSize * slot
            let stored = Int(clamping: try word(offset + 4))
            guard stored <= count else {
                throw error("slot \(slot) names entry \(stored - 1), but the file has \(count)", at: offset + 4)
            }
            guard stored > 0 else { continue }
            // The slot's copy of the hash and key must be its entry's, or a lookup could answer
            // one key with another's value.
            let entry = entriesOffset + (stored - 1) * Layout.entrySize
            guard try word(offset) == word(entry + 8), try word(offset + 8) == word(entry), try word(offset + 12) == word(entry + 4) else {
                throw error("slot \(slot) does not repeat the hash and key of entry \(stored - 1)", at: offset)
            }
        }
        var previous: String?
        for index in 0..<count {
            let entry = entriesOffset + index * Layout.entrySize
            let key = try key(atEntry: index)
            if let previous, !previous.utf8.lexicographicallyPrecedes(key.utf8) {
                throw error("key \(index) \(Diagnostic.quoted(key)) does not sort after \(Diagnostic.quoted(previous))", at: entry)
            }
            guard try word(entry + 8) == Layout.keyHash(key) else {
                throw error("the hash stored for \(Diagnostic.quoted(key)) is not its MurmurHash3", at: entry + 8)
            }
            guard entryIndex(forKey: key) == index else {
                throw error("no slot of the index leads to \(Diagnostic.quoted(key))", at: entry)
            }
            visit(key, try value(atEntry: index))
            previous = key
        }
    }

    /// The key of entry `index` (`0..<count`).
    func key(atEntry index: Int) throws(CompiledCatalogError) -> String {
        try string(at: entriesOffset + index * Layout.entrySize)
    }

    /// The value of entry `index` (`0..<count`).
    func value(atEntry index: Int) throws(CompiledCatalogError) -> CompiledValue {
        let entry = entriesOffset + index * Layout.entrySize
        return try value(atNode: word(entry + 12), entry: entry)
    }

    /// The index of `key`'s entry, or `nil`: the lookup path, so it neither throws nor copies
    /// a native string. Every read is inside the sections the header check proved are in the
    /// file; a slot naming no entry, or a key reference outside the heap, reads as "not found"
    /// (``validate()`` reports them).
    @inline(__always)
    func entryIndex(forKey key: String) -> Int? {
        key.withUTF8Bytes { entryIndex(forKeyBytes: UnsafeRawBufferPointer($0)) }
    }

    private func entryIndex(forKeyBytes key: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        @inline(__always) func load(_ offset: Int) -> Int {
            Int(clamping: UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        let hash = Layout.murmur3(key)
        let mask = slotCount - 1
        // Masked as a 32-bit word, as the writer places it, whatever the width of `Int`.
        var slot = Int(hash & UInt32(truncatingIfNeeded: mask))
        // At most every slot once: a hostile index with no empty slot cannot loop.
        for _ in 0..<slotCount {
            let record = Layout.headerSize + Layout.slotSize * slot
            let stored = load(record + 4)
            if stored == 0 { return nil }
            if UInt32(littleEndian: base.loadUnaligned(fromByteOffset: record, as: UInt32.self)) == hash {
                let start = load(record + 8)
                let length = load(record + 12)
                let index = stored - 1
                if length == key.count, index < count, start <= heapSize, length <= heapSize - start,
                    length == 0 || memcmp(base + heapOffset + start, key.baseAddress!, length) == 0
                {
                    return index
                }
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    // MARK: Reading, bounds-checked

    func error(_ message: String, at offset: Int) -> CompiledCatalogError {
        CompiledCatalogError(message, path: path, offset: offset)
    }

    /// The little-endian word at a file offset.
    func word(_ offset: Int) throws(CompiledCatalogError) -> UInt32 {
        guard offset >= 0, offset <= bytes.count - 4 else {
            throw error("a word at byte \(offset) lies outside the \(bytes.count)-byte file", at: max(0, min(offset, bytes.count)))
        }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The bytes of the string whose heap offset and length are the two words at `offset`.
    func bytes(at offset: Int) throws(CompiledCatalogError) -> UnsafeRawBufferPointer {
        let start = Int(clamping: try word(offset))
        let length = Int(clamping: try word(offset + 4))
        guard start <= heapSize, length <= heapSize - start else {
            throw error("a string of \(length) bytes at heap offset \(start) runs past the \(heapSize)-byte heap", at: offset)
        }
        return UnsafeRawBufferPointer(rebasing: bytes[(heapOffset + start)..<(heapOffset + start + length)])
    }

    /// The string whose reference is at `offset`, checked for valid UTF-8.
    func string(at offset: Int) throws(CompiledCatalogError) -> String {
        let utf8 = try bytes(at: offset)
        // Decoding repairs invalid UTF-8, so valid input is exactly what comes out. (This is
        // several times faster here than `String(validating:as:)`, whose generic metadata is
        // looked up on every call.)
        var text = String(decoding: utf8, as: UTF8.self)
        let same = text.withUTF8 { decoded in
            decoded.count == utf8.count && (utf8.isEmpty || memcmp(decoded.baseAddress!, utf8.baseAddress!, utf8.count) == 0)
        }
        guard same else { throw error("the string referenced here is not valid UTF-8", at: offset) }
        return text
    }

    /// The file offset of the node at heap offset `node`, checked to hold `words` words.
    func node(_ node: UInt32, words: Int, at reference: Int) throws(CompiledCatalogError) -> Int {
        let start = Int(clamping: node)
        guard start % 4 == 0, start >= 4, start <= heapSize, words * 4 <= heapSize - start else {
            throw error("a node at heap offset \(start) is misaligned or runs past the \(heapSize)-byte heap", at: reference)
        }
        return heapOffset + start
    }
}

/// A value read from a compiled catalog.
public enum CompiledValue: Hashable, Sendable {
    /// Text that needs no formatting: no `%`, no variations, no substitutions.
    case plain(String)
    /// Anything else, as the catalog held it, its templates' tokens read from the file.
    case message(CompiledMessage)

    /// The value as a catalog ``/ParlanceCatalogs/Localization`` (without translation states, which the
    /// compiled format leaves out: the runtime does not use them).
    public var localization: Localization {
        switch self {
        case .plain(let text): .string(text)
        case .message(let message): message.localization
        }
    }
}

/// A rich value from a compiled catalog: the localization and its templates' tokens.
public struct CompiledMessage: Hashable, Sendable {
    public var localization: Localization
    /// Every template in the value (the string unit, the string set's values and each
    /// variant's text), keyed by its text, with the tokens the file stored for it.
    public var templates: [String: [FormatToken]]
}

/// The header, checked before anything else is read.
private struct Header {
    typealias Layout = CompiledCatalogLayout
    let bytes: UnsafeRawBufferPointer
    let path: String
    var entryCount = 0
    var slotCount = 0
    var entriesOffset = 0
    var heapOffset = 0
    var heapSize = 0
    var language = ""
    var table = ""

    init(bytes: UnsafeRawBufferPointer, path: String) {
        self.bytes = bytes
        self.path = path
    }

    func word(_ offset: Int) -> Int {
        Int(clamping: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }

    func fail(_ message: String, at offset: Int) -> CompiledCatalogError {
        CompiledCatalogError(message, path: path, offset: offset)
    }

    mutating func check() throws(CompiledCatalogError) {
        guard bytes.count >= Layout.headerSize else {
            throw fail("the file has \(bytes.count) bytes, fewer than the \(Layout.headerSize)-byte header: it is truncated or no compiled catalog", at: bytes.count)
        }
        guard bytes.prefix(8).elementsEqual(Layout.magic) else {
            throw fail("the file does not start with \"PARLCAT\\0\": it is no compiled catalog", at: 0)
        }
        let version = word(Layout.versionField) & 0xFFFF
        guard version == Int(Layout.version) else {
            throw fail("the file is format version \(version); this Parlance reads version \(Layout.version): compile the catalogs again", at: Layout.versionField)
        }
        let stored = word(Layout.headerChecksumField)
        let computed = Layout.fnv1a(UnsafeRawBufferPointer(rebasing: bytes[0..<Layout.headerChecksumField]))
        guard stored == Int(clamping: computed) else {
            throw fail("the header's checksum does not match: the header is damaged", at: Layout.headerChecksumField)
        }
        let fileSize = word(Layout.fileSizeField)
        guard fileSize == bytes.count else {
            throw fail("the header says the file has \(fileSize) bytes, but it has \(bytes.count): it is truncated or was appended to", at: Layout.fileSizeField)
        }
        entryCount = word(Layout.entryCountField)
        slotCount = word(Layout.slotCountField)
        entriesOffset = word(Layout.entriesOffsetField)
        heapOffset = word(Layout.heapOffsetField)
        heapSize = word(Layout.heapSizeField)
        guard slotCount >= 2, slotCount & (slotCount - 1) == 0, slotCount > entryCount else {
            throw fail("the index has \(slotCount) slots for \(entryCount) keys; it needs a power of two above the key count", at: Layout.slotCountField)
        }
        guard word(Layout.slotsOffsetField) == Layout.headerSize,
            entriesOffset == Layout.headerSize + Layout.slotSize * slotCount,
            heapOffset == entriesOffset + Layout.entrySize * entryCount,
            heapOffset <= bytes.count, heapSize == bytes.count - heapOffset
        else {
            throw fail("the sections do not follow one another to the end of the file (slots at 64, entries, heap)", at: Layout.slotsOffsetField)
        }
        language = try headerString(Layout.languageField, "language")
        table = try headerString(Layout.tableField, "table")
        guard Language(language) != nil else {
            throw fail("the header's language \(Diagnostic.quoted(language)) is no language tag", at: Layout.languageField)
        }
    }

    private func headerString(_ field: Int, _ name: String) throws(CompiledCatalogError) -> String {
        let start = word(field)
        let length = word(field + 4)
        guard start <= heapSize, length <= heapSize - start,
            let text = String(validating: bytes[(heapOffset + start)..<(heapOffset + start + length)], as: UTF8.self)
        else {
            throw fail("the header's \(name) lies outside the heap or is not UTF-8", at: field)
        }
        return text
    }
}
