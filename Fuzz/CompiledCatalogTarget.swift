import Foundation
import Parlance

/// Fuzzes compiled catalogs and packs, from String Catalog seeds:
/// 1. the input itself as a compiled file and as a pack: each must open and validate, or throw
///    a ``CompiledCatalogError`` naming a byte inside the file;
/// 2. a String Catalog that reads compiles, in every language, and every key reads back; so
///    does its pack, member by member;
/// 3. each of those compiled files, and the pack, with one word overwritten (where and with
///    what chosen by the input) and its checksums recomputed, so the damage gets past the
///    checksums and reaches the bounds checks behind them: it must validate or throw, never
///    read outside.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    readHostile(bytes)
    readHostilePack(bytes)
    guard let catalog = try? XCStringsReader.read(Data(bytes), path: "Fuzz.xcstrings") else { return 0 }
    var seed = bytes.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    if let pack = try? CompiledCatalogPack.bytes(for: [catalog], sources: []) {
        do {
            let reader = try CompiledCatalogPack(bytes: pack, path: "fuzz.pcatpack")
            for member in reader.manifest.files { try reader.catalog(member).validate() }
        } catch {
            require(false, "a pack the writer made does not read: \(error)")
        }
        // One word overwritten anywhere past the header, the header's checksum made right again.
        var damaged = pack
        let offset = 32 + Int((seed >> 29) % UInt64(max(1, damaged.count - 35)))
        if offset + 4 <= damaged.count {
            put(UInt32(truncatingIfNeeded: seed >> 7), at: offset, in: &damaged)
            readHostilePack(damaged)
        }
    }
    for tag in catalog.languages {
        guard let language = Language(tag) else { continue }
        let compiled: [UInt8]
        do {
            compiled = try CompiledCatalogWriter.bytes(for: catalog, language: language)
        } catch {
            require(error.message.contains("nest") || error.message.contains("fit"), "unexpected writer failure: \(error)")
            continue
        }
        do {
            let reader = try CompiledCatalog(bytes: compiled, path: "fuzz.pcat")
            try reader.validate()
            for key in try reader.keys() {
                let value = try reader.value(forKey: key)
                require(value != nil, "a listed key does not read: \(key)")
            }
        } catch {
            require(false, "a compiled catalog the writer made does not read: \(error)")
        }
        // One word overwritten past the header, the checksums made right again.
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var damaged = compiled
        let offset = 64 + Int((seed >> 33) % UInt64(max(1, damaged.count - 67)))
        let values: [UInt32] = [0, 1, 2, 3, 4, 5, 6, 0xFFFF_FFFF, 0xFFFF_FFFE, UInt32(truncatingIfNeeded: seed), UInt32(damaged.count)]
        if offset + 4 <= damaged.count {
            put(values[Int(seed % UInt64(values.count))], at: offset, in: &damaged)
            reseal(&damaged)
            readHostile(damaged)
        }
    }
    return 0
}

/// Opens `bytes` as a pack and validates every member; errors must name a byte inside the pack.
func readHostilePack(_ bytes: [UInt8]) {
    do {
        let pack = try CompiledCatalogPack(bytes: bytes, path: "fuzz.pcatpack")
        for member in pack.manifest.files {
            let reader = try pack.catalog(member)
            try reader.validate()
            for key in try reader.keys() { _ = try reader.value(forKey: key) }
        }
    } catch {
        require(!error.message.isEmpty && error.offset >= 0 && error.offset <= bytes.count, "bad error \(error)")
    }
}

/// Opens, validates and reads every key of `bytes`; errors must name a byte inside the file.
func readHostile(_ bytes: [UInt8]) {
    do {
        let reader = try CompiledCatalog(bytes: bytes, path: "fuzz.pcat")
        try reader.validate()
        for key in try reader.keys() { _ = try reader.value(forKey: key) }
    } catch {
        require(!error.message.isEmpty && error.offset >= 0 && error.offset <= bytes.count, "bad error \(error)")
    }
}

func put(_ word: UInt32, at offset: Int, in bytes: inout [UInt8]) {
    for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: word >> (8 * UInt32(index))) }
}

/// FNV-1a, 32-bit, as Sources/ParlanceCore/ParlanceCore.docc/CompiledCatalogs.md defines the checksums.
func fnv1a(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.reduce(UInt32(0x811C_9DC5)) { ($0 ^ UInt32($1)) &* 0x0100_0193 }
}

func reseal(_ bytes: inout [UInt8]) {
    guard bytes.count >= 64 else { return }
    put(fnv1a(bytes[64...]), at: 56, in: &bytes)
    put(fnv1a(bytes[0..<60]), at: 60, in: &bytes)
}
