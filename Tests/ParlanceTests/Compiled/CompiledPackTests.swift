import Foundation
import ParlanceTestSupport
import Testing
@testable @_spi(Files) import Parlance
@testable @_spi(Files) import ParlanceCore

/// Packs: every table of a set of catalogs in one file, as the build plugin ships them.
@Suite("Compiled-catalog packs")
struct CompiledPackTests {
    static let catalogs: [Catalog] = {
        var localizable = CompiledCatalogTests.catalog
        localizable.table = "Localizable"
        var settings = Catalog(table: "Settings", sourceLanguage: "en")
        var entry = CatalogEntry()
        entry["en"] = .string("Settings")
        entry["fr"] = .string("Réglages")
        settings["settings.title"] = entry
        return [localizable, settings]
    }()

    static let good = try! CompiledCatalogPack.bytes(for: catalogs, sources: [.init(path: "Localizable.xcstrings", size: 10, hash: 7)])

    @Test("A pack holds every table in every language, each member reading as its own compiled file does")
    func roundTrip() throws {
        let pack = try CompiledCatalogPack(bytes: Self.good, path: "app.pcatpack")
        #expect(pack.manifest.sources == [.init(path: "Localizable.xcstrings", size: 10, hash: 7)])
        #expect(pack.manifest.sourceLanguages == ["en"])
        for member in pack.manifest.files {
            let catalog = try #require(Self.catalogs.first { $0.table == member.table })
            let alone = try CompiledCatalog(bytes: try CompiledCatalogWriter.bytes(for: catalog, language: member.language))
            let inside = try pack.catalog(member)
            try inside.validate()
            #expect(inside.path == "app.pcatpack#\(member.path)")
            #expect(try inside.keys() == alone.keys())
            for key in try alone.keys() { #expect(try inside.value(forKey: key) == alone.value(forKey: key)) }
            #expect(member.offset! % 8 == 0)
        }
        #expect(Set(pack.manifest.files.map(\.table)) == ["Localizable", "Settings"])
        // The same catalogs make the same bytes.
        #expect(try CompiledCatalogPack.bytes(for: Self.catalogs, sources: [.init(path: "Localizable.xcstrings", size: 10, hash: 7)]) == Self.good)
    }

    @Test("A pack's members are mapped from its file, wherever in a page they start, and read as in memory")
    func mappedMembers() throws {
        let folder = try temporaryFolder("mapped-pack")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("App.pcatpack")
        try Data(Self.good).write(to: url)
        let fromFile = try CompiledCatalogPack(contentsOf: url)
        let inMemory = try CompiledCatalogPack(bytes: Self.good, path: "app.pcatpack")
        #expect(fromFile.manifest.files.contains { $0.offset! % 4096 != 0 })
        for member in fromFile.manifest.files {
            let mapped = try fromFile.catalog(member)
            let copied = try inMemory.catalog(member)
            #expect(mapped.isMapped)
            #expect(!copied.isMapped)
            try mapped.validate()
            #expect(try mapped.keys() == copied.keys())
            for key in try copied.keys() { #expect(try mapped.value(forKey: key) == copied.value(forKey: key)) }
        }
    }

    func expectRejected(_ bytes: [UInt8], at offset: Int, _ words: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do throws(CompiledCatalogError) {
            let pack = try CompiledCatalogPack(bytes: bytes, path: "bad.pcatpack")
            for member in pack.manifest.files { try pack.catalog(member).validate() }
            Issue.record("the pack was accepted", sourceLocation: sourceLocation)
        } catch {
            #expect(error.offset == offset, "\(error)", sourceLocation: sourceLocation)
            #expect(error.message.contains(words), "\(error)", sourceLocation: sourceLocation)
        }
    }

    /// Writes the header's checksum again after a test changed a header field.
    func resealedPack(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        bytes.setLittleEndian(CompiledCatalogLayout.fnv1a(bytes.withUnsafeBytes { UnsafeRawBufferPointer(rebasing: $0[0..<28]) }), at: 28)
        return bytes
    }

    @Test("Packs that must fail: no pack, truncated, another version, a damaged header, manifest or member")
    func mustFail() {
        expectRejected([], at: 0, "fewer than the 32-byte header")
        expectRejected(Array(Self.good.prefix(20)), at: 20, "fewer than the 32-byte header")
        expectRejected(Array(CompiledCatalogTests.catalog.table.utf8) + [UInt8](repeating: 0, count: 40), at: 0, "no compiled-catalog pack")
        expectRejected(Array(Self.good.dropLast()), at: 12, "truncated")
        var newer = Self.good
        newer[8] = 9
        expectRejected(resealedPack(newer), at: 8, "version 9")
        var header = Self.good
        header[13] ^= 1
        expectRejected(header, at: 28, "header's checksum")
        // The manifest's first byte made no JSON: the error says where inside the manifest.
        let manifestOffset = word(Self.good, 16)
        var manifest = Self.good
        manifest[manifestOffset] = UInt8(ascii: "x")
        expectRejected(manifest, at: manifestOffset, "bad.pcatpack#manifest:1:1")
        // A member said to lie past the manifest.
        var text = String(decoding: Self.good[manifestOffset...], as: UTF8.self)
        text = text.replacingOccurrences(of: "\"offset\" : 32,", with: "\"offset\" : 99999,")
        var outside = Array(Self.good[..<manifestOffset]) + Array(text.utf8)
        outside.setLittleEndian(UInt32(outside.count), at: 12)
        outside.setLittleEndian(UInt32(outside.count - manifestOffset), at: 20)
        expectRejected(resealedPack(outside), at: manifestOffset, "does not lie, 8-byte aligned")
        // A manifest naming one member twice, or two members over one region: a manifest must not
        // make a reader read a region many times.
        let files = try! CompiledCatalogPack(bytes: Self.good).manifest.files
        func withFiles(_ files: [CompiledCatalogManifest.File]) -> [UInt8] {
            let manifest = CompiledCatalogManifest(sourceLanguages: ["en"], files: files, sources: [])
            var pack = Array(Self.good[..<manifestOffset]) + manifest.encoded()
            pack.setLittleEndian(UInt32(pack.count), at: 12)
            pack.setLittleEndian(UInt32(pack.count - manifestOffset), at: 20)
            return resealedPack(pack)
        }
        expectRejected(withFiles(files + [files[0]]), at: manifestOffset, "expected each file, and each table and language, once")
        var overlapping = files
        overlapping[1].offset = overlapping[0].offset
        expectRejected(withFiles(overlapping), at: manifestOffset, "apart from the others")
        // A member whose own header is damaged.
        var member = Self.good
        member[32 + 9] = 7
        expectRejected(member, at: 8, "format version")
    }

    @Test("A member the pack does not hold is refused, whatever offset it claims")
    func foreignMember() throws {
        let pack = try CompiledCatalogPack(bytes: Self.good, path: "app.pcatpack")
        let foreign = CompiledCatalogManifest.File(path: "Other.fr.pcat", language: "fr", table: "Other", offset: 32, size: 1 << 40)
        #expect(throws: CompiledCatalogError.self) { try pack.catalog(foreign) }
        // A known name reads what the pack placed, not what the caller claims.
        var lying = try #require(pack.manifest.files.first)
        lying.size = 1 << 40
        lying.offset = -8
        #expect(try pack.catalog(lying).count == pack.catalog(pack.manifest.files[0]).count)
    }

    @Test("A localizer finds a pack in its resources folder and reads it in place")
    func localizer() throws {
        let folder = try temporaryFolder("compiled-pack")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Localizable.xcstrings", "en.lproj", "fr.lproj"] {
            try FileManager.default.copyItem(at: Fixtures.url("compiled/app", name), to: folder.appendingPathComponent(name))
        }
        let reference = try Localizer(resourcesAt: folder, configuration: isolatedConfiguration())
        let resources = try ResourceFolderReader.read(at: folder, sourceLanguage: nil, language: nil)
        let sources = try ResourceFolderReader.catalogFiles(under: folder).map { file in
            CompiledCatalogManifest.Source(
                path: String(file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)),
                bytes: try Data(contentsOf: file))
        }
        try Data(try CompiledCatalogPack.bytes(for: resources.catalogs, sources: sources))
            .write(to: folder.appendingPathComponent("App.pcatpack"))
        let compiled = try Localizer(resourcesAt: folder, configuration: isolatedConfiguration())
        #expect(compiled.readsCompiledCatalogs, "\(compiled.diagnostics)")
        var keys: [String: [String]] = [:]
        for catalog in resources.catalogs { keys[catalog.table] = catalog.entries.map(\.key) }
        let compared = CompiledEquivalence(reference: reference, compiled: compiled, keys: keys, context: "pack")
            .check(languages: reference.availableLanguages + ["fr-CA"])
        #expect(compared > 50)

        // A damaged pack is passed over with a warning naming the byte; the catalogs are read.
        var damaged = Array(try Data(contentsOf: folder.appendingPathComponent("App.pcatpack")))
        damaged[0] = 0
        try Data(damaged).write(to: folder.appendingPathComponent("App.pcatpack"))
        let fallback = try Localizer(resourcesAt: folder, configuration: isolatedConfiguration(default: "fr"))
        #expect(!fallback.readsCompiledCatalogs)
        #expect(fallback.string("greeting") == "Bonjour")
        let warning = try #require(fallback.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("no compiled-catalog pack"), "\(warning)")
        #expect(warning.location?.file.hasSuffix("App.pcatpack") == true)
    }
}
