#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every compiled table of a set of catalogs in one file, a pack (`.pcatpack`): what the
/// `ParlanceCompile` build plugin puts in a target's resource bundle, and what
/// `parlance compile <input> --output <name>.pcatpack` writes.
///
/// A pack stays open; each member is mapped (its pages alone) when its language is first needed
/// and probed in place, so a language no snapshot shows is never read, and a lookup reads only
/// the pages it touches. Its
/// manifest (``CompiledCatalogManifest``, with each member's offset and size) lies at the end.
/// Nothing in a pack is trusted: the header is checked, the manifest read as any JSON is, and
/// every member must lie inside the file.
public final class CompiledCatalogPack: Sendable {
    /// The extension packs have.
    public static let fileExtension = "pcatpack"

    static let magic: [UInt8] = Array("PARLPAK".utf8) + [0]
    static let version: UInt16 = 1
    static let headerSize = 32

    /// The path given when opening, for errors.
    public let path: String
    /// What the pack holds.
    public let manifest: CompiledCatalogManifest
    private let source: Source

    /// Opens the pack at `url`, checks its header and reads its manifest.
    /// - Throws: ``CompiledCatalogError`` naming the byte at fault, or, for a manifest that is
    ///   no manifest, the line and column inside it.
    public convenience init(contentsOf url: URL) throws(CompiledCatalogError) {
        let file = try OpenFile(url, minimum: Self.headerSize, maximum: CompiledCatalogLayout.maximumFileSize) { size in
            "the file has \(size) bytes, fewer than the \(Self.headerSize)-byte header: it is truncated or no pack"
        }
        let header = try FileBytes(reading: file, offset: 0, count: Self.headerSize)
        try self.init(header: header, size: file.size, path: file.path, source: .file(file)) { offset, count throws(CompiledCatalogError) in
            let manifest = try FileBytes(reading: file, offset: offset, count: count)
            // Kept alive while copied: `bytes` is only a view of memory the object frees.
            return withExtendedLifetime(manifest) { Data(manifest.bytes) }
        }
    }

    /// Reads a pack already in memory (copied; `path` names it in errors).
    public convenience init(bytes: some Collection<UInt8>, path: String = "<memory>") throws(CompiledCatalogError) {
        let all = FileBytes(copying: bytes, path: path)
        guard all.bytes.count >= Self.headerSize else {
            throw CompiledCatalogError(
                "the file has \(all.bytes.count) bytes, fewer than the \(Self.headerSize)-byte header: it is truncated or no pack",
                path: path, offset: all.bytes.count)
        }
        try self.init(header: all, size: all.bytes.count, path: path, source: .memory(all)) { offset, count in
            Data(all.bytes[offset..<(offset + count)])
        }
    }

    /// The longest manifest a reader accepts: a pack of a thousand tables in a hundred languages
    /// has one of about 10 MB.
    static let maximumManifestSize = 16 << 20

    /// Where members come from: mapped from the open file on demand (so a launch reads only the
    /// pages of the members of the languages it shows), or cut from memory.
    private enum Source: Sendable {
        case file(OpenFile)
        case memory(FileBytes)
    }

    /// The members by name, as the manifest placed them (checked when the pack was opened).
    private let members: [String: CompiledCatalogManifest.File]

    /// - Parameters:
    ///   - header: At least the header's 32 bytes (in memory: the whole pack).
    ///   - readManifest: Reads the manifest's bytes, once the header says where they are.
    private init(
        header: FileBytes, size: Int, path: String, source: Source,
        readManifest: (_ offset: Int, _ count: Int) throws(CompiledCatalogError) -> Data
    ) throws(CompiledCatalogError) {
        let bytes = header.bytes
        func word(_ offset: Int) -> Int { Int(clamping: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        func fail(_ message: String, _ offset: Int) -> CompiledCatalogError { CompiledCatalogError(message, path: path, offset: offset) }
        guard bytes.prefix(8).elementsEqual(Self.magic) else {
            throw fail("the file does not start with \"PARLPAK\\0\": it is no compiled-catalog pack", 0)
        }
        guard word(8) & 0xFFFF == Int(Self.version) else {
            throw fail("the pack is version \(word(8) & 0xFFFF); this Parlance reads version \(Self.version): compile the catalogs again", 8)
        }
        guard word(28) == Int(clamping: CompiledCatalogLayout.fnv1a(UnsafeRawBufferPointer(rebasing: bytes[0..<28]))) else {
            throw fail("the header's checksum does not match: the header is damaged", 28)
        }
        guard word(12) == size else {
            throw fail("the header says the file has \(word(12)) bytes, but it has \(size): it is truncated or was appended to", 12)
        }
        let manifestOffset = word(16)
        let manifestLength = word(20)
        guard manifestOffset >= Self.headerSize, manifestOffset <= size, manifestLength == size - manifestOffset else {
            throw fail("the manifest at byte \(manifestOffset) does not run to the end of the file", 16)
        }
        guard manifestLength <= Self.maximumManifestSize else {
            throw fail("the manifest has \(manifestLength) bytes, more than the \(Self.maximumManifestSize >> 20) MiB a pack may hold", 20)
        }
        let text = try readManifest(manifestOffset, manifestLength)
        let manifest: CompiledCatalogManifest
        do {
            manifest = try CompiledCatalogManifest.read(text, path: "\(path)#manifest")
        } catch {
            throw fail("the manifest is damaged: \(error.description)", manifestOffset)
        }
        // Members lie between the header and the manifest, aligned, each table and language once,
        // and no two overlap: a manifest cannot make a reader read one region many times.
        var members: [String: CompiledCatalogManifest.File] = [:]
        var tables: Set<String> = []
        var end = Self.headerSize
        for (index, member) in manifest.files.enumerated().sorted(by: { ($0.element.offset ?? -1) < ($1.element.offset ?? -1) }) {
            guard let offset = member.offset, let size = member.size, offset >= end, offset % 8 == 0,
                size >= 0, offset <= manifestOffset, size <= manifestOffset - offset
            else {
                throw fail("member \(index) (\(member.path)) does not lie, 8-byte aligned, between the header and the manifest, apart from the others", manifestOffset)
            }
            guard members[member.path] == nil, tables.insert("\(member.table)\u{0}\(member.language.identifier)").inserted else {
                throw fail("member \(index) (\(member.path)) repeats another member's name, or its table and language", manifestOffset)
            }
            members[member.path] = member
            end = offset + size
        }
        self.source = source
        self.path = path
        self.manifest = manifest
        self.members = members
    }

    /// The compiled catalog of `member`, one of ``manifest``'s files (found by its name): its
    /// bytes mapped from the pack's file (only the pages a lookup touches are read), or cut from a
    /// pack in memory.
    /// - Throws: ``CompiledCatalogError`` when the pack has no member of that name, or the member
    ///   is not a compiled catalog.
    public func catalog(_ member: CompiledCatalogManifest.File) throws(CompiledCatalogError) -> CompiledCatalog {
        // Only what the manifest placed, and the opening checked, is read.
        guard let placed = members[member.path], let start = placed.offset, let count = placed.size else {
            throw CompiledCatalogError("the pack has no member named \(Diagnostic.quoted(member.path))", path: path, offset: 0)
        }
        let name = "\(path)#\(placed.path)"
        switch source {
        case .file(let file):
            let bytes = try FileBytes.mapping(file, offset: start, count: count)
            return try CompiledCatalog(buffer: bytes.bytes, path: name, owner: bytes)
        case .memory(let all):
            return try CompiledCatalog(buffer: UnsafeRawBufferPointer(rebasing: all.bytes[start..<(start + count)]), path: name, owner: all)
        }
    }

    /// The bytes of a pack of every table of `catalogs` in every language they hold.
    /// - Throws: ``CompiledCatalogWriter/Failure`` when two catalogs hold one table, a table
    ///   cannot be compiled, or the pack would pass the format's 4 GiB.
    public static func bytes(
        for catalogs: [Catalog], sources: [CompiledCatalogManifest.Source], warn: (String) -> Void = { _ in }
    ) throws(CompiledCatalogWriter.Failure) -> [UInt8] {
        var pack = [UInt8](repeating: 0, count: headerSize)
        var files: [CompiledCatalogManifest.File] = []
        let sourceLanguages = try CompiledCatalogWriter.eachTable(of: catalogs, warn: warn) { catalog, language, compiled in
            let name = CompiledCatalogWriter.fileName(table: catalog.table, language: language)
            files.append(CompiledCatalogManifest.File(
                path: name, language: language, table: catalog.table, offset: pack.count, size: compiled.count))
            pack += compiled
            while pack.count % 8 != 0 { pack.append(0) }
        }
        let manifestOffset = pack.count
        pack += CompiledCatalogManifest(
            sourceLanguages: sourceLanguages, files: files, sources: sources.sorted { $0.path < $1.path }
        ).encoded()
        guard pack.count <= CompiledCatalogLayout.maximumFileSize else {
            throw CompiledCatalogWriter.Failure(message: "the pack would take \(pack.count) bytes, more than the format's 4 GiB")
        }
        pack.replaceSubrange(0..<8, with: magic)
        pack.setLittleEndian(UInt32(version), at: 8)
        pack.setLittleEndian(UInt32(pack.count), at: 12)
        pack.setLittleEndian(UInt32(manifestOffset), at: 16)
        pack.setLittleEndian(UInt32(pack.count - manifestOffset), at: 20)
        let checksum = pack.withUnsafeBytes { CompiledCatalogLayout.fnv1a(UnsafeRawBufferPointer(rebasing: $0[0..<28])) }
        pack.setLittleEndian(checksum, at: 28)
        return pack
    }
}
