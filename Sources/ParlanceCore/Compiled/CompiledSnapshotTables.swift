import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The tables of a snapshot built from compiled catalogs: for each language of the fallback
/// chain, its compiled files, probed in chain order where they lie. Every value is decoded the
/// first time it is looked up and kept for the snapshot's life; the shown language's plain
/// values in one contiguous buffer, so the lookup most calls make reads one element.
///
/// The snapshot's own language is mapped when the snapshot is built; every other language of the
/// chain (its parents, the default and the source languages, then every other available
/// language) only when a lookup first reaches it, so a launch maps the one language it shows and
/// forty compiled languages cost a snapshot nothing until a key is missing from its own.
final class CompiledSnapshotTables: Sendable {
    let layers: [CompiledLanguageLayer]
    /// The snapshot language's `Localizable` table: the lookup most calls make.
    let ownDefault: CompiledTableLayer?
    /// The snapshot language's tables, mapped with the snapshot: read without the layer's
    /// once-reference when a lookup names another table.
    let ownTables: CompiledLanguageLayer.LayerTables?

    init(layers: [CompiledLanguageLayer]) {
        self.layers = layers
        self.ownTables = layers.first?.tables
        self.ownDefault = ownTables?.defaultTable
    }

    @inline(__always)
    func value(_ key: String, table: String) -> ResolvedValue? {
        if table == LanguageSnapshot.defaultTable, let ownDefault, let value = ownDefault.value(key) { return value }
        return slowValue(key, table: table)
    }

    private func slowValue(_ key: String, table: String) -> ResolvedValue? {
        // The own language's default table was probed already, in `value`.
        if table != LanguageSnapshot.defaultTable || ownDefault == nil,
            let value = ownTables?.table(named: table)?.value(key)
        {
            return value
        }
        for layer in layers.dropFirst() {
            if let value = layer.tables.table(named: table)?.value(key) { return value }
        }
        return nil
    }

    /// The table names any language of the chain has.
    func tableNames() -> Set<String> {
        var names: Set<String> = []
        for layer in layers { names.formUnion(layer.tables.byTable.keys) }
        return names
    }

    /// Every key `table` resolves in the snapshot.
    func keys(in table: String) -> Set<String> {
        var keys: Set<String> = []
        for layer in layers {
            guard let compiled = layer.tables.byTable[table] else { continue }
            keys.formUnion(compiled.keysThroughBelow())
        }
        return keys
    }

    /// Every table resolved in full, as a dictionary snapshot holds it (for pseudo-localization).
    func resolvedTables() -> [String: [String: ResolvedValue]] {
        var tables: [String: [String: ResolvedValue]] = [:]
        for name in tableNames() {
            var values: [String: ResolvedValue] = [:]
            for key in keys(in: name) {
                if let value = value(key, table: name) { values[key] = value }
            }
            tables[name] = values
        }
        return tables
    }
}

/// One language of a snapshot's fallback chain: its compiled tables, mapped on first use.
final class CompiledLanguageLayer: Sendable {
    let language: Language
    private let open: @Sendable () -> LayerTables
    private let opened = OnceReference<LayerTables>()

    init(language: Language, open: @escaping @Sendable () -> LayerTables) {
        self.language = language
        self.open = open
    }

    /// Whether the language's files have been mapped (for the tests that prove laziness).
    var isOpened: Bool { opened.load() != nil }
    /// The tables, if mapped already.
    var openedTables: LayerTables? { opened.load() }

    /// The language's tables, mapped by the first caller; a racing caller's copy is dropped.
    var tables: LayerTables {
        if let tables = opened.load() { return tables }
        return opened.storeIfNil(open())
    }

    final class LayerTables: Sendable {
        let byTable: [String: CompiledTableLayer]
        let defaultTable: CompiledTableLayer?

        /// The tables of `files`, in probe order: the files of one table are chained, each over
        /// the next (`make` gets a file and the layer below it).
        init(_ files: [ProbedTable], make: (ProbedTable, CompiledTableLayer?) -> CompiledTableLayer) {
            var order: [String] = []
            var filesByTable: [String: [ProbedTable]] = [:]
            for file in files {
                if filesByTable[file.catalog.table] == nil { order.append(file.catalog.table) }
                filesByTable[file.catalog.table, default: []].append(file)
            }
            var byTable: [String: CompiledTableLayer] = [:]
            for table in order {
                var top: CompiledTableLayer?
                for file in filesByTable[table, default: []].reversed() { top = make(file, top) }
                byTable[table] = top
            }
            self.byTable = byTable
            self.defaultTable = byTable[LanguageSnapshot.defaultTable]
            let few = byTable.count <= 8 ? Array(byTable) : []
            self.fewNames = ContiguousArray(few.map(\.key))
            self.fewLayers = ContiguousArray(few.map(\.value))
        }

        /// The tables again when there are few (else empty): comparing a handful of names beats
        /// hashing one.
        private let fewNames: ContiguousArray<String>
        private let fewLayers: ContiguousArray<CompiledTableLayer>

        /// The file of `table`, if the language has one.
        @inline(__always)
        func table(named table: String) -> CompiledTableLayer? {
            guard !fewNames.isEmpty else { return byTable[table] }
            for index in fewNames.indices where fewNames[index] == table { return fewLayers[index] }
            return nil
        }
    }
}

/// One compiled file in one snapshot: the file, the plain values looked up in it so far when it
/// is in the snapshot's own language, and the other values looked up in it so far, each decoded once and published
/// with a compare-and-swap, so lookups take no lock. The cache holds at most one value per key
/// the file has. A key the file lacks, or excludes, is looked up in the file below it (the
/// next file of the same table and language), if there is one.
final class CompiledTableLayer: @unchecked Sendable {
    // @unchecked: `slots` is written only by compare-and-swap and freed in deinit; an element of
    // `plainTexts` is written once, by the thread whose compare-and-swap claimed it, before its
    // state is stored with release order, and read only after that state is loaded with acquire.
    let catalog: CompiledCatalog
    /// The language the file is in.
    let language: Language
    /// Whether the file is in the snapshot's own language, where a plain value stays plain.
    let isOwn: Bool
    /// Whether the language is outside the snapshot language's own CLDR chain.
    let isFallback: Bool
    let device: DeviceClass
    /// The next file of the same table and language, probed for keys this one lacks or excludes.
    let below: CompiledTableLayer?
    /// One flag per entry, set for the entries whose values are passed over; empty when none are.
    private let excluded: ContiguousArray<Bool>
    private let report: @Sendable (CompiledCatalogError) -> Void
    /// In the snapshot's own language, each plain value's text, kept at its first lookup in a
    /// contiguous buffer, so every later lookup (the one most calls make) reads one element;
    /// `plainStates` says which elements hold a text. `nil` in other languages. Decoded on first
    /// lookup, not when the layer is made: a launch, or a switch, then reads the index and the
    /// one value it shows rather than every value of the table.
    private let plainTexts: UnsafeMutablePointer<String>?
    private let plainStates: UnsafeMutablePointer<Atomic<UInt8>>?

    /// What an element of `plainTexts` holds.
    private enum PlainState {
        /// Not looked up yet. Zero, as `calloc` leaves the states: a new layer writes none.
        static let unread: UInt8 = 0
        /// A thread is storing the text; readers decode it for themselves meanwhile, keeping nothing.
        static let storing: UInt8 = 1
        /// The value is no plain text, is excluded or does not read: the slots serve it.
        static let notPlain: UInt8 = 2
        /// The text is stored, and read with acquiring order.
        static let stored: UInt8 = 3
    }
    /// One word per entry: 0 until the value is decoded, then a retained `Decoded` box.
    private let slots: UnsafeMutablePointer<Atomic<UInt>>
    /// How many slots and texts lookups have stored, so a layer nothing was read from is freed
    /// without reading its slots.
    private let keptCount = Atomic<Int>(0)

    /// A decoded value; `nil` when the file's value could not be read (reported once).
    private final class Decoded: Sendable {
        let value: ResolvedValue?
        init(_ value: ResolvedValue?) { self.value = value }
    }

    init(
        _ file: ProbedTable, below: CompiledTableLayer? = nil, isOwn: Bool, isFallback: Bool, device: DeviceClass,
        report: @escaping @Sendable (CompiledCatalogError) -> Void
    ) {
        let catalog = file.catalog
        self.catalog = catalog
        self.language = Language(catalog.language) ?? "und"
        self.isOwn = isOwn
        self.isFallback = isFallback
        self.device = device
        self.below = below
        self.report = report
        var excluded = ContiguousArray<Bool>()
        if !file.excludedKeys.isEmpty {
            excluded = ContiguousArray(repeating: false, count: catalog.count)
            for key in file.excludedKeys {
                guard let index = catalog.entryIndex(forKey: key) else { continue }
                excluded[index] = true
            }
        }
        self.excluded = excluded
        // Slots and states start as zero bytes from `calloc` (0 and `PlainState.unread`), not
        // written here: the pages no lookup touches stay unallocated, so a layer costs a launch
        // or a switch memory for the keys it shows, not for the keys it has.
        slots = Self.zeroed(catalog.count, of: Atomic<UInt>.self)
        if isOwn {
            // The texts' memory is left uninitialized (and so, untouched, costs no resident page)
            // until a lookup stores one.
            plainTexts = .allocate(capacity: max(catalog.count, 1))
            plainStates = Self.zeroed(catalog.count, of: Atomic<UInt8>.self)
        } else {
            plainTexts = nil
            plainStates = nil
        }
    }

    deinit {
        let kept = keptCount.load(ordering: .acquiring) > 0
        for index in 0..<(kept ? catalog.count : 0) {
            let bits = slots[index].load(ordering: .acquiring)
            if bits != 0 { Unmanaged<Decoded>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
        }
        free(slots)
        if let plainTexts, let plainStates {
            for index in 0..<(kept ? catalog.count : 0) where plainStates[index].load(ordering: .acquiring) == PlainState.stored {
                (plainTexts + index).deinitialize(count: 1)
            }
            plainTexts.deallocate()
            free(plainStates)
        }
    }

    /// Room for `count` (at least one) values of a type whose zero bytes are a valid value,
    /// holding zero bytes; freed with `free`.
    private static func zeroed<Element: ~Copyable>(_ count: Int, of _: Element.Type) -> UnsafeMutablePointer<Element> {
        guard let memory = calloc(max(count, 1), MemoryLayout<Element>.stride) else {
            fatalError("cannot allocate \(count) × \(MemoryLayout<Element>.stride) bytes")
        }
        return memory.bindMemory(to: Element.self, capacity: max(count, 1))
    }

    /// The value of `key`, or `nil` when neither the file nor those below it hold it (or hold it
    /// damaged).
    @inline(__always)
    func value(_ key: String) -> ResolvedValue? {
        if let index = catalog.entryIndex(forKey: key) {
            if let plainStates {
                let state = plainStates[index].load(ordering: .acquiring)
                if state == PlainState.stored { return .plain(plainTexts.unsafelyUnwrapped[index]) }
                if state == PlainState.unread, let text = storePlain(index) { return .plain(text) }
                if state == PlainState.storing, let text = try? catalog.plainValue(atEntry: index) { return .plain(text) }
            }
            if let value = storedValue(index) { return value }
        }
        return below?.value(key)
    }

    /// Entry `index`'s text when its value is plain (and not excluded), stored for the lookups
    /// after this one; `nil` when the slots must serve it. Two threads may decode one entry at
    /// once: one stores its text, and both return equal texts.
    private func storePlain(_ index: Int) -> String? {
        guard let plainTexts, let plainStates else { return nil }
        let text: String? = if !excluded.isEmpty, excluded[index] { nil } else { try? catalog.plainValue(atEntry: index) }
        guard let text else {
            // Not plain, excluded or damaged: the slots decode it (and report a damaged value).
            _ = plainStates[index].compareExchange(
                expected: PlainState.unread, desired: PlainState.notPlain, ordering: .relaxed)
            return nil
        }
        let (claimed, _) = plainStates[index].compareExchange(
            expected: PlainState.unread, desired: PlainState.storing, ordering: .relaxed)
        if claimed {
            (plainTexts + index).initialize(to: text)
            keptCount.add(1, ordering: .relaxed)
            plainStates[index].store(PlainState.stored, ordering: .releasing)
        }
        return text
    }

    /// The value of entry `index`, decoded once; `nil` when it is excluded or damaged.
    private func storedValue(_ index: Int) -> ResolvedValue? {
        if !excluded.isEmpty, excluded[index] { return nil }
        let bits = slots[index].load(ordering: .acquiring)
        if bits != 0 { return Unmanaged<Decoded>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue().value }
        return decode(index)
    }

    private func decode(_ index: Int) -> ResolvedValue? {
        let value: ResolvedValue?
        do {
            value = resolved(try catalog.value(atEntry: index))
        } catch {
            report(error)
            value = nil
        }
        let box = Unmanaged.passRetained(Decoded(value))
        let bits = UInt(bitPattern: box.toOpaque())
        let (exchanged, winner) = slots[index].compareExchange(
            expected: 0, desired: bits, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if exchanged {
            keptCount.add(1, ordering: .relaxed)
            return value
        }
        // Another thread decoded it first: keep its value, so every lookup sees one object.
        box.release()
        return Unmanaged<Decoded>.fromOpaque(UnsafeRawPointer(bitPattern: winner)!).takeUnretainedValue().value
    }

    /// The value as a dictionary snapshot would hold it, by the same rule.
    private func resolved(_ value: CompiledValue) -> ResolvedValue {
        if isOwn, case .plain(let text) = value { return .plain(text) }
        let localization = value.localization
        var plan: PluralPlan?
        if case .message(let stored) = value {
            plan = PluralPlan(
                localization, tokens: stored.templates,
                formatter: MessageFormatter(language: language.identifier, device: device))
        }
        let message = ResolvedMessage(
            localization: localization, language: language, isFallback: isFallback, device: device, plan: plan)
        if isOwn, let plain = message.plainValue { return .plain(plain) }
        return .rich(message)
    }

    /// How many plain texts have been stored by lookups (for the tests that prove laziness).
    var storedPlainCount: Int {
        guard let plainStates else { return 0 }
        return (0..<catalog.count).reduce(0) { $0 + (plainStates[$1].load(ordering: .acquiring) == PlainState.stored ? 1 : 0) }
    }

    /// How many values have been decoded and kept.
    var decodedCount: Int {
        (0..<catalog.count).reduce(0) { $0 + (slots[$1].load(ordering: .acquiring) == 0 ? 0 : 1) }
    }

    /// Every key of the file that reads and is not excluded.
    func keys() -> [String] {
        (0..<catalog.count).compactMap { index in
            if !excluded.isEmpty, excluded[index] { return nil }
            return try? catalog.key(atEntry: index)
        }
    }

    /// Every key this file and those below it answer for.
    func keysThroughBelow() -> Set<String> {
        var keys = Set(keys())
        if let below { keys.formUnion(below.keysThroughBelow()) }
        return keys
    }
}
