import Foundation

/// Every compiled table of a set of catalogs in one file, a pack (`.pcatpack`): what the
/// `ParlanceCompile` build plugin puts in a target's resource bundle, and what
/// `parlance compile <input> --output <name>.pcatpack` writes.
///
/// A pack stays open; each member is read into memory (its bytes alone) when its language is
/// first needed and probed in place there, so a language no snapshot shows is never read. Its
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
        let manifestOffset = Int(UInt32(littleEndian: header.bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self)))
        // The header is checked in full below; here only that the manifest lies in the file.
        let manifest = manifestOffset >= Self.headerSize && manifestOffset <= file.size
            ? try FileBytes(reading: file, offset: manifestOffset, count: file.size - manifestOffset) : nil
        try self.init(header: header, manifest: manifest, size: file.size, path: file.path, source: .file(file))
    }

    /// Reads a pack already in memory (copied; `path` names it in errors).
    public convenience init(bytes: some Collection<UInt8>, path: String = "<memory>") throws(CompiledCatalogError) {
        let all = FileBytes(copying: bytes, path: path)
        guard all.bytes.count >= Self.headerSize else {
            throw CompiledCatalogError(
                "the file has \(all.bytes.count) bytes, fewer than the \(Self.headerSize)-byte header: it is truncated or no pack",
                path: path, offset: all.bytes.count)
        }
        try self.init(header: all, manifest: nil, size: all.bytes.count, path: path, source: .memory(all))
    }

    /// Where members come from: read from the open file on demand (so a launch reads only the
    /// members of the languages it shows, and counts nothing else as resident), or cut from memory.
    private enum Source: Sendable {
        case file(OpenFile)
        case memory(FileBytes)
    }

    /// - Parameters:
    ///   - header: At least the header's 32 bytes (in memory: the whole pack).
    ///   - manifest: The bytes from the manifest's offset to the end, when read apart from the header.
    private init(
        header: FileBytes, manifest manifestBytes: FileBytes?, size: Int, path: String, source: Source
    ) throws(CompiledCatalogError) {
        let bytes = header.bytes
        func word(_ offset: Int) -> Int { Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        func fail(_ message: String, _ offset: Int) -> CompiledCatalogError { CompiledCatalogError(message, path: path, offset: offset) }
        guard bytes.prefix(8).elementsEqual(Self.magic) else {
            throw fail("the file does not start with \"PARLPAK\\0\": it is no compiled-catalog pack", 0)
        }
        guard word(8) & 0xFFFF == Int(Self.version) else {
            throw fail("the pack is version \(word(8) & 0xFFFF); this Parlance reads version \(Self.version): compile the catalogs again", 8)
        }
        guard word(28) == Int(CompiledCatalogLayout.fnv1a(UnsafeRawBufferPointer(rebasing: bytes[0..<28]))) else {
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
        let text = manifestBytes.map { Data($0.bytes) } ?? Data(bytes[manifestOffset...])
        let manifest: CompiledCatalogManifest
        do {
            manifest = try CompiledCatalogManifest.read(text, path: "\(path)#manifest")
        } catch {
            throw fail("the manifest is damaged: \(error.description)", manifestOffset)
        }
        for (index, member) in manifest.files.enumerated() {
            guard let offset = member.offset, let size = member.size, offset >= Self.headerSize, offset % 8 == 0,
                size >= 0, offset <= manifestOffset, size <= manifestOffset - offset
            else {
                throw fail("member \(index) (\(member.path)) does not lie, 8-byte aligned, between the header and the manifest", manifestOffset)
            }
        }
        self.source = source
        self.path = path
        self.manifest = manifest
    }

    /// The compiled catalog of `member`, one of ``manifest``'s files: read from the pack's file
    /// into memory (only this member's bytes), or cut from a pack in memory.
    public func catalog(_ member: CompiledCatalogManifest.File) throws(CompiledCatalogError) -> CompiledCatalog {
        // The offsets were checked when the pack was opened.
        let start = member.offset ?? 0
        let count = member.size ?? 0
        let name = "\(path)#\(member.path)"
        switch source {
        case .file(let file):
            let bytes = try FileBytes(reading: file, offset: start, count: count)
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
