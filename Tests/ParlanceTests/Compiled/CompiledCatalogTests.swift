import Foundation
import ParlanceCatalogs
import Testing
@testable import Parlance
@testable import ParlanceCore

/// What the compiled format keeps of a localization: everything the runtime reads, without
/// translation states and unknown fields.
func runtimeView(_ localization: Localization) -> Localization {
    func forms<Key>(_ forms: [Key: Localization]) -> [Key: Localization] { forms.mapValues(runtimeView) }
    func variations(_ variations: Variations?) -> Variations? {
        switch variations {
        case nil: nil
        case .plural(let cases): .plural(forms(cases))
        case .device(let cases): .device(forms(cases))
        case .width(let cases): .width(forms(cases))
        }
    }
    return Localization(
        stringUnit: localization.stringUnit.map { StringUnit($0.value) },
        stringSet: localization.stringSet.map { StringSet($0.values) },
        variations: variations(localization.variations),
        substitutions: localization.substitutions.map { substitutions in
            OrderedMap(substitutions.map { name, substitution in
                (name, Substitution(argNum: substitution.argNum, formatSpecifier: substitution.formatSpecifier,
                    variations: variations(substitution.variations)))
            })
        })
}

/// Recomputes both checksums, so a test can damage the inside of a file and reach the checks
/// behind them.
func resealed(_ file: [UInt8]) -> [UInt8] {
    var file = file
    CompiledCatalogLayout.seal(&file)
    return file
}

func word(_ file: [UInt8], _ offset: Int) -> Int {
    Int(file[offset]) | Int(file[offset + 1]) << 8 | Int(file[offset + 2]) << 16 | Int(file[offset + 3]) << 24
}

@Suite("Compiled catalogs")
struct CompiledCatalogTests {
    /// A French table with every kind of value the runtime renders.
    static let catalog: Catalog = {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        func entry(_ french: Localization) -> CatalogEntry {
            var entry = CatalogEntry()
            entry["en"] = .string("English")
            entry["fr"] = french
            return entry
        }
        catalog["plain"] = entry(.string("Réglages", state: .translated))
        catalog["format"] = entry(.string("Bonjour %@, vous avez %lld messages (100 %%)", state: .translated))
        catalog["set"] = entry(Localization(stringSet: StringSet(["un", "deux %d"])))
        catalog["plural"] = entry(.plural([.one: .string("%lld fichier"), .other: .string("%lld fichiers")]))
        catalog["device"] = entry(.device([
            .iphone: .plural([.one: .string("%lld photo"), .other: .string("%lld photos")]),
            .mac: .string("Photos sur le Mac"),
        ]))
        var substituted = Localization.string("%1$#@files@ dans %2$@ %arg", state: .needsReview)
        substituted.substitutions = ["files": Substitution(
            argNum: 1, formatSpecifier: "lld",
            variations: .plural([.one: .string("%arg fichier"), .other: .string("%arg fichiers"), .many: .string("%arg de fichiers")]))]
        catalog["substitution"] = entry(substituted)
        catalog["width"] = entry(Localization(variations: .width([20: .string("Court"), 60: .string("Un texte bien plus long %*.*f")])))
        catalog["emoji 🚀 key"] = entry(.string("Fusée 🚀"))
        var englishOnly = CatalogEntry()
        englishOnly["en"] = .string("Only English")
        catalog["english.only"] = englishOnly
        var empty = CatalogEntry()
        empty["fr"] = Localization()
        catalog["no.text"] = empty
        return catalog
    }()

    static func compiled(_ language: Language = "fr") throws -> CompiledCatalog {
        try CompiledCatalog(bytes: try CompiledCatalogWriter.bytes(for: catalog, language: language), path: "fr/Localizable.pcat")
    }

    @Test("Every value reads back as the runtime sees it, templates with the scanner's tokens")
    func roundTrip() throws {
        let compiled = try Self.compiled()
        #expect(compiled.language == "fr")
        #expect(compiled.table == "Localizable")
        #expect(compiled.count == 8)
        try compiled.validate()
        for (key, entry) in Self.catalog.entries {
            let value = try compiled.value(forKey: key)
            guard let french = entry["fr"], french.hasContent else {
                #expect(value == nil, "\(key)")
                continue
            }
            #expect(value?.localization == runtimeView(french), "\(key)")
            if case .message(let message) = value {
                #expect(!message.templates.isEmpty)
                for (text, tokens) in message.templates { #expect(tokens == FormatTemplateScanner.tokens(in: text), "\(text)") }
            }
        }
        #expect(try compiled.value(forKey: "plain") == .plain("Réglages"))
        #expect(try compiled.value(forKey: "missing") == nil)
        #expect(compiled.contains("emoji 🚀 key"))
        let keys = try compiled.keys()
        #expect(keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(Set(keys) == ["plain", "format", "set", "plural", "device", "substitution", "width", "emoji 🚀 key"])
    }

    @Test("The same catalog compiles to the same bytes, whatever its key order")
    func deterministic() throws {
        var reversed = Self.catalog
        reversed.entries = OrderedMap(Self.catalog.entries.reversed().map { ($0.key, $0.value) })
        #expect(try CompiledCatalogWriter.bytes(for: reversed, language: "fr") == CompiledCatalogWriter.bytes(for: Self.catalog, language: "fr"))
    }

    @Test("A language spelled two ways in one catalog compiles each entry's first spelling, as the runtime reads it; a language spelled once, its value")
    func spellings() throws {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en", version: "1.0")
        func entry(_ values: [(String, String)]) -> CatalogEntry {
            var entry = CatalogEntry()
            for (tag, value) in values { entry[tag] = .string(value) }
            return entry
        }
        catalog["both"] = entry([("pt_BR", "underscore"), ("pt-BR", "hyphen"), ("fr", "français")])
        catalog["hyphen only"] = entry([("pt-BR", "hífen")])
        catalog["underscore only"] = entry([("pt_BR", "sublinhado")])
        catalog["source text"] = entry([("fr", "texte")])
        for language: Language in ["pt-BR", "fr", "en", "de"] {
            let compiled = try CompiledCatalog(bytes: try CompiledCatalogWriter.bytes(for: catalog, language: language))
            for (key, value) in catalog.entries {
                let expected = catalog.localization(of: value, key: key, in: language)?.stringUnit?.value
                #expect(try compiled.value(forKey: key)?.localization.stringUnit?.value == expected, "\(key) in \(language)")
            }
        }
        let brazilian = try CompiledCatalog(bytes: try CompiledCatalogWriter.bytes(for: catalog, language: "pt-BR"))
        #expect(try brazilian.value(forKey: "both") == .plain("underscore"))
        #expect(try brazilian.value(forKey: "underscore only") == .plain("sublinhado"))
        let english = try CompiledCatalog(bytes: try CompiledCatalogWriter.bytes(for: catalog, language: "en"))
        #expect(try english.value(forKey: "source text") == .plain("source text"), "a String Catalog's key is its source text")
    }

    @Test("A language the catalog does not hold compiles to an empty table")
    func emptyTable() throws {
        let compiled = try CompiledCatalog(bytes: try CompiledCatalogWriter.bytes(for: Self.catalog, language: "de"))
        #expect(compiled.count == 0)
        #expect(try compiled.value(forKey: "plain") == nil)
        try compiled.validate()
    }

    @Test("A file is mapped and read in place; a missing file names its path")
    func mapped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-compiled-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Localizable.pcat")
        try Data(try CompiledCatalogWriter.bytes(for: Self.catalog, language: "fr")).write(to: url)
        let compiled = try CompiledCatalog(contentsOf: url)
        #expect(try compiled.value(forKey: "emoji 🚀 key") == .plain("Fusée 🚀"))
        #expect(compiled.path == url.path)
        let missing = folder.appendingPathComponent("none.pcat")
        let error = #expect(throws: CompiledCatalogError.self) { try CompiledCatalog(contentsOf: missing) }
        #expect(error?.description.hasPrefix("\(missing.path): byte 0: error: cannot open the file") == true, "\(String(describing: error))")
    }

    @Test("Keys hash with MurmurHash3 x86_32, seed 0, as the format page says: the published vectors, every tail length")
    func keyHash() {
        let vectors: [(String, UInt32)] = [
            ("", 0), ("a", 0x3C25_69B2), ("ab", 0x9BBF_D75F), ("abc", 0xB3DD_93FA), ("abcd", 0x43ED_676A),
            ("The quick brown fox jumps over the lazy dog", 0x2E4F_F723),
        ]
        for (text, hash) in vectors {
            #expect(CompiledCatalogLayout.keyHash(text) == hash, "\(text)")
            // A bridged or non-contiguous string hashes the same as a native one.
            #expect(CompiledCatalogLayout.keyHash(String(text.reversed().reversed())) == hash)
        }
    }

    @Test("Variations nested past the renderer's limit do not compile")
    func tooDeep() throws {
        var localization = Localization.string("leaf")
        for _ in 0..<40 { localization = .plural([.other: localization]) }
        var catalog = Catalog(table: "Deep", sourceLanguage: "fr")
        var entry = CatalogEntry()
        entry["fr"] = localization
        catalog["deep"] = entry
        #expect(throws: CompiledCatalogWriter.Failure.self) { try CompiledCatalogWriter.bytes(for: catalog, language: "fr") }
    }
}

@Suite("Compiled catalogs that must fail")
struct CompiledCatalogFailureTests {
    static let good = try! CompiledCatalogWriter.bytes(for: CompiledCatalogTests.catalog, language: "fr")

    /// Opening `bytes` fails at `offset` with a message containing `words`.
    func expectRejected(_ bytes: [UInt8], at offset: Int, _ words: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do throws(CompiledCatalogError) {
            let compiled = try CompiledCatalog(bytes: bytes, path: "bad.pcat")
            try compiled.validate()
            Issue.record("the file was accepted", sourceLocation: sourceLocation)
        } catch {
            #expect(error.path == "bad.pcat", sourceLocation: sourceLocation)
            #expect(error.offset == offset, "\(error)", sourceLocation: sourceLocation)
            #expect(error.message.contains(words), "\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("Empty, truncated, appended to, or no compiled catalog at all")
    func framing() {
        expectRejected([], at: 0, "fewer than the 64-byte header")
        expectRejected(Array(Self.good.prefix(40)), at: 40, "fewer than the 64-byte header")
        expectRejected(Array(Self.good.dropLast()), at: 12, "it is truncated")
        expectRejected(Self.good + [0], at: 12, "appended to")
        expectRejected(Array("{\"sourceLanguage\": \"en\", \"strings\": {}, \"version\": \"1.0\"}                 ".utf8), at: 0, "no compiled catalog")
    }

    @Test("A newer version, a damaged header or damaged content")
    func checks() {
        var newer = Self.good
        newer[8] = 3
        expectRejected(resealed(newer), at: 8, "format version 3")
        var header = Self.good
        header[17] ^= 1
        expectRejected(header, at: 60, "header's checksum")
        var content = Self.good
        content[content.count - 3] ^= 0x20
        expectRejected(content, at: 56, "content's checksum")
    }

    @Test("Sections that do not add up, and an index with no room")
    func sections() {
        var slots = Self.good
        slots.setLittleEndian(3, at: CompiledCatalogLayout.slotCountField)
        expectRejected(resealed(slots), at: 20, "power of two")
        var entries = Self.good
        entries.setLittleEndian(UInt32(word(entries, 28) + 4), at: CompiledCatalogLayout.entriesOffsetField)
        expectRejected(resealed(entries), at: 24, "sections do not follow")
    }

    @Test("References outside the heap, bad UTF-8 and unknown node kinds are errors at the byte")
    func references() {
        let entries = word(Self.good, 28)
        let heap = word(Self.good, 32)
        let heapSize = word(Self.good, 36)
        // The first entry's key runs past the heap.
        var long = Self.good
        long.setLittleEndian(UInt32(heapSize), at: entries + 4)
        // The slot's copy of the key too, so the damage reaches the key's own check.
        let firstSlot = (0..<word(long, 20)).first { word(long, 64 + 16 * $0 + 4) == 1 }!
        long.setLittleEndian(UInt32(heapSize), at: 64 + 16 * firstSlot + 12)
        expectRejected(resealed(long), at: entries, "runs past")
        // The first entry's key is not UTF-8.
        var invalid = Self.good
        let key = heap + word(invalid, entries)
        invalid[key] = 0xFF
        expectRejected(resealed(invalid), at: entries, "not valid UTF-8")
        // The first entry's value node has an unknown kind.
        var kind = Self.good
        kind.setLittleEndian(9, at: heap + word(kind, entries + 12))
        expectRejected(resealed(kind), at: heap + word(kind, entries + 12), "kind 9")
        // A value node misaligned or outside the heap.
        var outside = Self.good
        outside.setLittleEndian(UInt32(heapSize + 8), at: entries + 12)
        expectRejected(resealed(outside), at: entries + 12, "misaligned or runs past")
        // A slot naming an entry the file does not have: found by the first lookup that probes it.
        var slot = Self.good
        let used = (0..<word(slot, 20)).first { word(slot, 64 + 16 * $0 + 4) != 0 }!
        slot.setLittleEndian(1_000, at: 64 + 16 * used + 4)
        expectRejected(resealed(slot), at: 64 + 16 * used + 4, "names entry 999, but the file has 8")
        // A slot whose copy of the key is not its entry's: a lookup could answer with another value.
        var copy = Self.good
        copy.setLittleEndian(UInt32(word(copy, 64 + 16 * used + 12) + 1), at: 64 + 16 * used + 12)
        expectRejected(resealed(copy), at: 64 + 16 * used, "does not repeat the hash and key of entry")
    }
}
