/// Writes one table of a catalog in one language as a compiled catalog: the bytes
/// ``CompiledCatalog`` maps and reads in place (format: Sources/ParlanceCore/ParlanceCore.docc/CompiledCatalogs.md).
///
/// A key is written when the catalog holds a localization for `language` (its tag, however
/// spelled, naming that language) with any text, or when `language` is a String Catalog's source
/// language and the key has no value there (the key is its own text): exactly the values a
/// ``Localizer`` would take from the catalog for that language. Templates are stored with their tokens, so nothing is
/// scanned when they render. The output depends only on the input: keys are sorted by their
/// UTF-8 bytes and every string is stored once.
public enum CompiledCatalogWriter {
    /// Why a catalog cannot be compiled.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The compiled bytes of `catalog`'s values in `language`.
    public static func bytes(for catalog: Catalog, language: Language) throws(Failure) -> [UInt8] {
        try bytes(for: catalog, language: language, spellings: Spellings(of: catalog))
    }

    /// The tags a catalog spells its languages with, read once per catalog: which spellings name
    /// each language (`pt-BR`, `pt_BR`), so a table is built by looking each entry's value up by
    /// its spelling rather than reading every entry's every tag once per language (which made
    /// compiling grow with the square of the languages).
    struct Spellings {
        private var byLanguage: [Language: [String]] = [:]
        private var parsed: [String: Language?] = [:]
        /// Every tag an entry holds, sorted (the catalog's `languages`, which reads every entry).
        let tags: [String]

        init(of catalog: Catalog) {
            tags = catalog.languages
            for tag in tags + [catalog.sourceLanguage] where parsed[tag] == nil {
                let language = Language(tag)
                parsed[tag] = .some(language)
                if let language { byLanguage[language, default: []].append(tag) }
            }
        }

        /// The catalog's spellings of `language`.
        func of(_ language: Language) -> [String] { byLanguage[language] ?? [] }

        /// A tag of the catalog, read (a memo of ``Language/init(_:)``).
        func language(_ tag: String) -> Language? { parsed[tag] ?? Language(tag) }
    }

    static func bytes(for catalog: Catalog, language: Language, spellings: Spellings) throws(Failure) -> [UInt8] {
        var values: [(key: String, localization: Localization)] = []
        let names = spellings.of(language)
        let sourceShowsKey = catalog.keyIsSourceText && spellings.language(catalog.sourceLanguage) == language
        for (key, entry) in catalog.entries {
            let localization: Localization?
            if names.count == 1 {
                // One spelling names the language in this catalog: the entry's value under it is
                // the one `localization(of:key:in:)` finds by reading every tag.
                if let found = entry.localizations?[names[0]], found.hasContent {
                    localization = found
                } else {
                    localization = sourceShowsKey ? .string(key) : nil
                }
            } else {
                localization = catalog.localization(of: entry, key: key, in: language, parse: spellings.language)
            }
            guard let localization else { continue }
            values.append((key, localization))
        }
        // Sorted before encoding, so the heap's layout does not depend on the catalog's key order.
        values.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        var encoder = Encoder()
        var entries: [(key: String, node: UInt32)] = []
        entries.reserveCapacity(values.count)
        for value in values { entries.append((value.key, try encoder.value(value.localization))) }
        // Every node is written, so strings' heap offsets are final from here on.
        let keys = entries.map { encoder.string($0.key) }
        let language = encoder.string(language.identifier)
        let table = encoder.string(catalog.table)
        let heap = encoder.heap()

        let layout = CompiledCatalogLayout.self
        let slotCount = layout.slotCount(for: entries.count)
        let slotsOffset = layout.headerSize
        let entriesOffset = slotsOffset + layout.slotSize * slotCount
        let heapOffset = entriesOffset + layout.entrySize * entries.count
        let fileSize = heapOffset + heap.count
        guard fileSize <= layout.maximumFileSize else {
            throw Failure(message: "the compiled \(catalog.table) table would take \(fileSize) bytes, more than the format's 4 GiB")
        }

        // Four words per slot: hash, 1 + entry index (0: empty), key offset, key length.
        var slots = [UInt32](repeating: 0, count: slotCount * 4)
        var entryWords: [UInt32] = []
        entryWords.reserveCapacity(entries.count * 4)
        for (index, entry) in entries.enumerated() {
            let hash = layout.keyHash(entry.key)
            entryWords += [keys[index].offset, keys[index].length, hash, entry.node]
            var slot = Int(hash & UInt32(truncatingIfNeeded: slotCount - 1))
            while slots[4 * slot + 1] != 0 { slot = (slot + 1) & (slotCount - 1) }
            slots.replaceSubrange((4 * slot)..<(4 * slot + 4), with: [hash, UInt32(index + 1), keys[index].offset, keys[index].length])
        }

        var file = [UInt8](repeating: 0, count: layout.headerSize)
        file.reserveCapacity(fileSize)
        for word in slots { file.appendLittleEndian(word) }
        for word in entryWords { file.appendLittleEndian(word) }
        file += heap
        file.replaceSubrange(0..<8, with: layout.magic)
        file.setLittleEndian(UInt32(layout.version), at: layout.versionField)  // version and no flags
        file.setLittleEndian(UInt32(fileSize), at: layout.fileSizeField)
        file.setLittleEndian(UInt32(entries.count), at: layout.entryCountField)
        file.setLittleEndian(UInt32(slotCount), at: layout.slotCountField)
        file.setLittleEndian(UInt32(slotsOffset), at: layout.slotsOffsetField)
        file.setLittleEndian(UInt32(entriesOffset), at: layout.entriesOffsetField)
        file.setLittleEndian(UInt32(heapOffset), at: layout.heapOffsetField)
        file.setLittleEndian(UInt32(heap.count), at: layout.heapSizeField)
        file.setLittleEndian(language.offset, at: layout.languageField)
        file.setLittleEndian(language.length, at: layout.languageField + 4)
        file.setLittleEndian(table.offset, at: layout.tableField)
        file.setLittleEndian(table.length, at: layout.tableField + 4)
        layout.seal(&file)
        return file
    }

    /// Builds the heap: a reserved zero word (so offset 0 means "none"), the nodes, then the
    /// strings. String references are patched once the nodes' size is known.
    struct Encoder {
        typealias Layout = CompiledCatalogLayout
        private var words: [UInt32] = [0]
        private var strings: [UInt8] = []
        private var stringOffsets: [String: UInt32] = [:]
        /// Word indices holding a string's offset (relative to the strings' start until patched).
        private var patches: [Int] = []

        /// A string's offset in the strings' region, and its length.
        private mutating func reference(_ text: String) -> (offset: UInt32, length: UInt32) {
            let length = UInt32(text.utf8.count)
            if let offset = stringOffsets[text] { return (offset, length) }
            let offset = UInt32(strings.count)
            strings += text.utf8
            stringOffsets[text] = offset
            return (offset, length)
        }

        /// Where the strings start in the heap, once the nodes are written.
        private var base: UInt32 { UInt32(4 * words.count) }

        /// Stores a string once every node is written (keys, the header's names): its heap offset.
        mutating func string(_ text: String) -> (offset: UInt32, length: UInt32) {
            let reference = reference(text)
            return (reference.offset + base, reference.length)
        }

        private mutating func appendString(_ text: String) {
            let reference = reference(text)
            patches.append(words.count)
            words += [reference.offset, reference.length]
        }

        mutating func heap() -> [UInt8] {
            let base = self.base
            for index in patches { words[index] += base }
            var heap: [UInt8] = []
            heap.reserveCapacity(4 * words.count + strings.count)
            for word in words { heap.appendLittleEndian(word) }
            return heap + strings
        }

        private var nextNode: UInt32 { UInt32(4 * words.count) }

        /// A value: a plain node for text that needs no formatting, a message node otherwise.
        mutating func value(_ localization: Localization) throws(Failure) -> UInt32 {
            if let unit = localization.stringUnit, localization.stringSet == nil, localization.variations == nil,
                localization.substitutions == nil, !unit.value.utf8.contains(UInt8(ascii: "%"))
            {
                let node = nextNode
                words.append(Layout.Node.plain.rawValue)
                appendString(unit.value)
                return node
            }
            return try message(localization, depth: 0)
        }

        private mutating func message(_ localization: Localization, depth: Int) throws(Failure) -> UInt32 {
            guard depth < Layout.maximumDepth else {
                throw Failure(message: "variations nest more than \(Layout.maximumDepth) deep")
            }
            // Children first, so this node's words are contiguous.
            var unit: UInt32 = 0
            if let value = localization.stringUnit?.value { unit = template(value) }
            var set: [UInt32] = []
            for value in localization.stringSet?.values ?? [] { set.append(template(value)) }
            var variations: UInt32 = 0
            if let forms = localization.variations { variations = try self.variations(forms, depth: depth + 1) }
            var substitutions: [(name: String, argNum: Int?, specifier: String, variations: UInt32)] = []
            for (name, substitution) in localization.substitutions ?? OrderedMap() {
                var forms: UInt32 = 0
                if let variations = substitution.variations { forms = try self.variations(variations, depth: depth + 1) }
                substitutions.append((name, substitution.argNum, substitution.formatSpecifier, forms))
            }
            let node = nextNode
            words += [Layout.Node.message.rawValue, unit, UInt32(set.count)] + set + [variations, UInt32(substitutions.count)]
            for substitution in substitutions {
                appendString(substitution.name)
                words.append(try Self.optional(substitution.argNum))
                appendString(substitution.specifier)
                words.append(substitution.variations)
            }
            return node
        }

        private mutating func variations(_ variations: Variations, depth: Int) throws(Failure) -> UInt32 {
            let kind: Layout.VariationKind
            var cases: [(label: String, node: UInt32)] = []
            switch variations {
            case .plural(let forms):
                kind = .plural
                for (category, form) in forms.sorted(by: { $0.key < $1.key }) {
                    cases.append((category.rawValue, try message(form, depth: depth)))
                }
            case .device(let forms):
                kind = .device
                for (device, form) in forms.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                    cases.append((device.rawValue, try message(form, depth: depth)))
                }
            case .width(let forms):
                kind = .width
                for (width, form) in forms.sorted(by: { $0.key < $1.key }) {
                    cases.append((String(width), try message(form, depth: depth)))
                }
            }
            let node = nextNode
            words += [Layout.Node.variations.rawValue, kind.rawValue, UInt32(cases.count)]
            for form in cases {
                appendString(form.label)
                words.append(form.node)
            }
            return node
        }

        private mutating func template(_ text: String) -> UInt32 {
            let tokens = FormatTemplateScanner.tokens(in: text)
            let node = nextNode
            words.append(Layout.Node.template.rawValue)
            appendString(text)
            words.append(UInt32(tokens.count))
            for token in tokens {
                switch token {
                case .literal(let literal):
                    words.append(Layout.Token.literal.rawValue)
                    appendString(literal)
                case .specifier(let specifier):
                    words.append(Layout.Token.specifier.rawValue)
                    appendString(specifier.text)
                    words.append((try? Self.optional(specifier.position)) ?? Layout.none)
                    appendString(specifier.flags)
                    words.append((try? Self.optional(specifier.width)) ?? Layout.none)
                    words.append((try? Self.optional(specifier.precision)) ?? Layout.none)
                    words.append(Self.source(specifier.widthArgument))
                    words.append(Self.source(specifier.precisionArgument))
                    appendString(specifier.length)
                    words.append(specifier.conversion.unicodeScalars.first.map(\.value) ?? 0)
                case .substitution(let name, let position):
                    words.append(Layout.Token.substitution.rawValue)
                    appendString(name)
                    words.append((try? Self.optional(position)) ?? Layout.none)
                case .substitutedArgument:
                    words.append(Layout.Token.substitutedArgument.rawValue)
                case .percent:
                    words.append(Layout.Token.percent.rawValue)
                case .invalid(let skipped):
                    words.append(Layout.Token.invalid.rawValue)
                    appendString(skipped)
                }
            }
            return node
        }

        /// A number, or ``CompiledCatalogLayout/none``; numbers must fit below the two markers.
        static func optional(_ number: Int?) throws(Failure) -> UInt32 {
            guard let number else { return Layout.none }
            guard number >= 0, number < Int(Layout.nextArgument) else {
                throw Failure(message: "the number \(number) does not fit the compiled format")
            }
            return UInt32(number)
        }

        static func source(_ source: FormatSpecifier.ArgumentSource?) -> UInt32 {
            switch source {
            case nil: Layout.none
            case .next: Layout.nextArgument
            case .position(let position): (try? optional(position)) ?? Layout.none
            }
        }
    }
}

extension [UInt8] {
    mutating func appendLittleEndian(_ word: UInt32) {
        append(UInt8(truncatingIfNeeded: word))
        append(UInt8(truncatingIfNeeded: word >> 8))
        append(UInt8(truncatingIfNeeded: word >> 16))
        append(UInt8(truncatingIfNeeded: word >> 24))
    }

    mutating func setLittleEndian(_ word: UInt32, at offset: Int) {
        self[offset] = UInt8(truncatingIfNeeded: word)
        self[offset + 1] = UInt8(truncatingIfNeeded: word >> 8)
        self[offset + 2] = UInt8(truncatingIfNeeded: word >> 16)
        self[offset + 3] = UInt8(truncatingIfNeeded: word >> 24)
    }
}
