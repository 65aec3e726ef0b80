import Foundation

/// Every compiled table of a set of catalogs in one file, a pack (`.pcatpack`): what the
/// `ParlanceCompile` build plugin puts in a target's resource bundle, and what
/// `parlance compile <input> --output <name>.pcatpack` writes.
///
/// A pack is mapped whole; each member is a compiled catalog read in place, so the pages of a
/// language no snapshot shows are never read. Its manifest (``CompiledCatalogManifest``, with
/// each member's offset and size) lies at the end. Nothing in a pack is trusted: the header
/// is checked, the manifest read as any JSON is, and every member must lie inside the file.
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
    private let file: FileBytes

    /// Maps the pack at `url`, checks its header and reads its manifest.
    /// - Throws: ``CompiledCatalogError`` naming the byte at fault, or, for a manifest that is
    ///   no manifest, the line and column inside it.
    public convenience init(contentsOf url: URL) throws(CompiledCatalogError) {
        let mapped = try FileBytes(url, minimum: Self.headerSize, maximum: CompiledCatalogLayout.maximumFileSize) { size in
            "the file has \(size) bytes, fewer than the \(Self.headerSize)-byte header: it is truncated or no pack"
        }
        try self.init(mapped)
    }

    /// Reads a pack already in memory (copied; `path` names it in errors).
    public convenience init(bytes: some Collection<UInt8>, path: String = "<memory>") throws(CompiledCatalogError) {
        try self.init(FileBytes(copying: bytes, path: path))
    }

    private init(_ mapped: FileBytes) throws(CompiledCatalogError) {
        let path = mapped.path
        guard mapped.bytes.count >= Self.headerSize else {
            throw CompiledCatalogError(
                "the file has \(mapped.bytes.count) bytes, fewer than the \(Self.headerSize)-byte header: it is truncated or no pack",
                path: path, offset: mapped.bytes.count)
        }
        let bytes = mapped.bytes
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
        guard word(12) == bytes.count else {
            throw fail("the header says the file has \(word(12)) bytes, but it has \(bytes.count): it is truncated or was appended to", 12)
        }
        let manifestOffset = word(16)
        let manifestLength = word(20)
        guard manifestOffset >= Self.headerSize, manifestOffset <= bytes.count, manifestLength == bytes.count - manifestOffset else {
            throw fail("the manifest at byte \(manifestOffset) does not run to the end of the file", 16)
        }
        let text = Data(bytes[manifestOffset...])
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
        self.file = mapped
        self.path = path
        self.manifest = manifest
    }

    /// The compiled catalog of `member`, one of ``manifest``'s files, read in place.
    public func catalog(_ member: CompiledCatalogManifest.File) throws(CompiledCatalogError) -> CompiledCatalog {
        // The offsets were checked when the pack was opened.
        let start = member.offset ?? 0
        let slice = UnsafeRawBufferPointer(rebasing: file.bytes[start..<(start + (member.size ?? 0))])
        return try CompiledCatalog(buffer: slice, path: "\(path)#\(member.path)", owner: file)
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
