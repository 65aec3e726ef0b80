import Synchronization

/// A fixed list of keys that code names by position, so a lookup reads the value a snapshot
/// resolved for that position instead of hashing the key.
///
/// `parlance generate` and the `ParlanceGenerate` build plugin emit one list per generated file
/// (`L10n.parlanceKeys`), and each accessor passes its position:
///
/// ```swift
/// static let parlanceKeys = Parlance.IndexedKeys([
///     .init("Localizable", keys: ["quiz.title", "quiz.start"]),
/// ])
/// static var title: String { parlanceKeys.string(0) }   // "quiz.title"
/// ```
///
/// The first lookup of a position in a snapshot resolves the key as `Localizer.string(_:table:)`
/// would and keeps the result in the snapshot; later lookups of that position read it back
/// without hashing the key. A language switch or a reload makes new snapshots, so the
/// next lookup resolves again: nothing stale is ever shown. Each snapshot keeps at most one
/// value per position, so the memory is bounded by the list's length.
///
/// Up to ``fastListCount`` lists alive at once resolve by position (a process usually has one
/// per module that generates accessors); a list made while that many are alive looks its keys
/// up by hashing them instead, with the same results.
public final class IndexedKeys: Sendable {
    /// The keys of one table, in the order their positions are numbered.
    public struct Table: Sendable, Hashable {
        public var name: String
        public var keys: [String]

        /// The keys of the table `name` (`"Localizable"` for the default one).
        public init(_ name: String, keys: [String]) {
            self.name = name
            self.keys = keys
        }
    }

    /// The table of each position.
    let tables: ContiguousArray<String>
    /// The key of each position.
    let keys: ContiguousArray<String>
    /// Unique in the process: tells a snapshot's resolved positions for this list from another's.
    let ordinal: Int
    /// Where snapshots keep this list's resolved positions: held while the list lives, then
    /// free for another list; `nil` when every place was taken when the list was made.
    let place: Int?

    /// How many lists alive at once resolve by position.
    public static let fastListCount = 16

    private static let nextOrdinal = Atomic<Int>(0)
    /// The ordinal of the list holding each place, or -1.
    private static let placeOwners = PlaceOwners()

    private final class PlaceOwners: @unchecked Sendable {
        // @unchecked: the words are atomics, allocated once and never freed.
        let words: UnsafeMutablePointer<Atomic<Int>>
        init() {
            words = .allocate(capacity: IndexedKeys.fastListCount)
            for index in 0..<IndexedKeys.fastListCount { (words + index).initialize(to: Atomic(-1)) }
        }
    }

    /// A list numbering the keys of `tables` in order: the first table's keys from 0, then the next's.
    public init(_ tables: [Table]) {
        var names = ContiguousArray<String>()
        var keys = ContiguousArray<String>()
        for table in tables {
            for key in table.keys {
                names.append(table.name)
                keys.append(key)
            }
        }
        self.tables = names
        self.keys = keys
        let ordinal = Self.nextOrdinal.wrappingAdd(1, ordering: .relaxed).oldValue
        self.ordinal = ordinal
        place = (0..<Self.fastListCount).first { index in
            Self.placeOwners.words[index].compareExchange(expected: -1, desired: ordinal, ordering: .acquiringAndReleasing).exchanged
        }
    }

    deinit {
        if let place { Self.placeOwners.words[place].store(-1, ordering: .releasing) }
    }

    /// How many positions the list has.
    public var count: Int { keys.count }

    /// The table and key at `index`.
    /// - Precondition: `index` is in `0..<count`.
    public subscript(index: Int) -> (table: String, key: String) {
        (tables[index], keys[index])
    }

    /// The string at `index` in the current language of `localizer`, or of ``Localizer/shared``
    /// when it is `nil`: what `localizer.string(key, table: table)` returns.
    /// - Precondition: `index` is in `0..<count`.
    @inline(__always)
    public func string(_ index: Int, localizer: Localizer? = nil) -> String {
        if let localizer { return localizer.string(self, index) }
        return Localizer.readShared { $0.stringInSection(self, index) }
    }

    /// The message at `index` rendered with `arguments`: what
    /// `localizer.string(key, arguments: arguments, table: table)` returns.
    /// - Precondition: `index` is in `0..<count`.
    public func string(_ index: Int, arguments: [MessageArgument], localizer: Localizer? = nil) -> String {
        if let localizer { return localizer.string(self, index, arguments: arguments) }
        return Localizer.readShared { $0.string(self, index, arguments: arguments) }
    }

    /// The message at `index` with `{name}` placeholders filled from `values`: what
    /// `localizer.string(key, values: values, table: table)` returns.
    /// - Precondition: `index` is in `0..<count`.
    public func string(_ index: Int, values: [String: MessageArgument], localizer: Localizer? = nil) -> String {
        if let localizer { return localizer.string(self, index, values: values) }
        return Localizer.readShared { $0.string(self, index, values: values) }
    }

    /// The string at `index` in `snapshot`'s language: what `snapshot.string(key, table: table)`
    /// returns. A server passes each request's snapshot and reads no localizer's current language.
    /// - Precondition: `index` is in `0..<count`.
    @inline(__always)
    public func string(_ index: Int, snapshot: LanguageSnapshot) -> String {
        snapshot.storage.string(self, index)
    }

    /// The message at `index` rendered with `arguments` in `snapshot`'s language.
    /// - Precondition: `index` is in `0..<count`.
    public func string(_ index: Int, arguments: [MessageArgument], snapshot: LanguageSnapshot) -> String {
        let storage = snapshot.storage
        return snapshot.render(
            storage.value(self, index), key: keys[index], table: tables[index], arguments: arguments, default: nil
        ).string
    }

    /// The message at `index` with `{name}` placeholders filled from `values`, in `snapshot`'s language.
    /// - Precondition: `index` is in `0..<count`.
    public func string(_ index: Int, values: [String: MessageArgument], snapshot: LanguageSnapshot) -> String {
        snapshot.renderNamed(
            snapshot.storage.value(self, index), key: keys[index], table: tables[index], values: values, default: nil
        ).string
    }
}

extension Localizer {
    @inline(__always)
    func string(_ keys: IndexedKeys, _ index: Int) -> String {
        observation?.access(self, .language)
        return current.read { $0.string(keys, index) }
    }

    /// ``string(_:_:)`` for a caller inside ``Localizer/readShared(_:)``, whose read section
    /// keeps the snapshot alive: no second section is entered.
    @inline(__always)
    func stringInSection(_ keys: IndexedKeys, _ index: Int) -> String {
        observation?.access(self, .language)
        return current.readInSection { $0.string(keys, index) }
    }

    func string(_ keys: IndexedKeys, _ index: Int, arguments: [MessageArgument]) -> String {
        observation?.access(self, .language)
        return current.read { keys.string(index, arguments: arguments, snapshot: LanguageSnapshot(storage: $0)) }
    }

    func string(_ keys: IndexedKeys, _ index: Int, values: [String: MessageArgument]) -> String {
        observation?.access(self, .language)
        return current.read { keys.string(index, values: values, snapshot: LanguageSnapshot(storage: $0)) }
    }
}

/// The positions of one ``IndexedKeys`` list resolved in one snapshot: one word per position,
/// 0 until the position is first looked up, then a retained box with what the key resolved to,
/// published with a compare-and-swap so lookups take no lock.
final class IndexedResolutions: @unchecked Sendable {
    // @unchecked: `cells` is written only by compare-and-swap and freed in deinit.
    /// The list's ordinal: a place may be taken by another list.
    let ordinal: Int
    let count: Int
    private let cells: UnsafeMutablePointer<Atomic<UInt>>

    /// What one position resolved to; `nil` when no language of the chain holds the key.
    private final class Resolution: Sendable {
        let value: ResolvedValue?
        init(_ value: ResolvedValue?) { self.value = value }
    }

    init(for keys: IndexedKeys) {
        ordinal = keys.ordinal
        count = keys.count
        cells = .allocate(capacity: max(count, 1))
        for index in 0..<count { (cells + index).initialize(to: Atomic(0)) }
    }

    deinit {
        for index in 0..<count {
            let bits = cells[index].load(ordering: .acquiring)
            if bits != 0 { Unmanaged<Resolution>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
        }
        cells.deinitialize(count: count)
        cells.deallocate()
    }

    /// What position `index` resolves to, resolving it with `resolve` the first time.
    @inline(__always)
    func value(_ index: Int, resolve: () -> ResolvedValue?) -> ResolvedValue? {
        precondition(index >= 0 && index < count, "IndexedKeys position \(index) is outside 0..<\(count)")
        let bits = cells[index].load(ordering: .acquiring)
        if bits != 0 {
            // No retain of the box: this snapshot owns it until the snapshot is freed.
            return Unmanaged<Resolution>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)._withUnsafeGuaranteedRef { $0.value }
        }
        return publish(index, resolve())
    }

    private func publish(_ index: Int, _ value: ResolvedValue?) -> ResolvedValue? {
        let box = Unmanaged.passRetained(Resolution(value))
        let (exchanged, winner) = cells[index].compareExchange(
            expected: 0, desired: UInt(bitPattern: box.toOpaque()),
            successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if exchanged { return value }
        box.release()
        return Unmanaged<Resolution>.fromOpaque(UnsafeRawPointer(bitPattern: winner)!).takeUnretainedValue().value
    }

    /// How many positions have been resolved (for the tests).
    var resolvedCount: Int {
        (0..<count).reduce(0) { $0 + (cells[$1].load(ordering: .acquiring) == 0 ? 0 : 1) }
    }
}

/// A snapshot's places for ``IndexedResolutions``, one per place a live ``IndexedKeys`` list
/// holds, each made on first use and published with a compare-and-swap.
///
/// When a list dies its place passes to a later list, whose first lookup here replaces the dead
/// list's resolutions. A reader may still be looking at the replaced object (to find it is not
/// its own), so it is kept until the snapshot is freed; at most ``maximumReplaced`` are kept,
/// after which a place keeps what it holds and other lists hash their keys.
final class IndexedPlaces: @unchecked Sendable {
    // @unchecked: `places` is written only by compare-and-swap and freed in deinit.
    private let places: UnsafeMutablePointer<Atomic<UInt>>
    /// Resolutions of dead lists, replaced in their places: freed with the snapshot.
    private let replaced = Mutex<[IndexedResolutions]>([])
    static let maximumReplaced = 64

    init() {
        places = .allocate(capacity: IndexedKeys.fastListCount)
        for index in 0..<IndexedKeys.fastListCount { (places + index).initialize(to: Atomic(0)) }
    }

    deinit {
        for index in 0..<IndexedKeys.fastListCount {
            let bits = places[index].load(ordering: .acquiring)
            if bits != 0 { Unmanaged<IndexedResolutions>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
        }
        places.deinitialize(count: IndexedKeys.fastListCount)
        places.deallocate()
    }

    /// What position `index` of `keys` resolves to, resolving it with `resolve` the first time;
    /// `nil` when `keys` has no place here (the caller then hashes the key).
    @inline(__always)
    func value(_ keys: IndexedKeys, _ index: Int, resolve: () -> ResolvedValue?) -> ResolvedValue?? {
        guard let place = keys.place else { return .none }
        let bits = places[place].load(ordering: .acquiring)
        if bits != 0 {
            // No retain: the snapshot owns what its places hold until it is freed.
            let found = Unmanaged<IndexedResolutions>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)._withUnsafeGuaranteedRef {
                $0.ordinal == keys.ordinal ? .some($0.value(index, resolve: resolve)) : ResolvedValue??.none
            }
            if let found { return found }
        }
        return resolutions(for: keys).map { $0.value(index, resolve: resolve) }
    }

    /// The resolutions of `keys`, or `nil` when it has no place (its keys are then hashed).
    func resolutions(for keys: IndexedKeys) -> IndexedResolutions? {
        guard let index = keys.place else { return nil }
        let place = places + index
        let bits = place.pointee.load(ordering: .acquiring)
        if bits != 0 {
            let resolutions = Unmanaged<IndexedResolutions>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
            return resolutions.ordinal == keys.ordinal ? resolutions : replace(place, holding: bits, with: keys)
        }
        let made = Unmanaged.passRetained(IndexedResolutions(for: keys))
        let (exchanged, winner) = place.pointee.compareExchange(
            expected: 0, desired: UInt(bitPattern: made.toOpaque()),
            successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
        if exchanged { return made.takeUnretainedValue() }
        made.release()
        let other = Unmanaged<IndexedResolutions>.fromOpaque(UnsafeRawPointer(bitPattern: winner)!).takeUnretainedValue()
        return other.ordinal == keys.ordinal ? other : nil
    }

    /// Puts `keys`' resolutions in the place a dead list's hold (only the live list holding a
    /// place asks for it); `nil` when the bound on replaced objects is reached or another
    /// thread replaced them first.
    private func replace(_ place: UnsafeMutablePointer<Atomic<UInt>>, holding bits: UInt, with keys: IndexedKeys) -> IndexedResolutions? {
        replaced.withLock { replaced -> IndexedResolutions? in
            guard replaced.count < Self.maximumReplaced else { return nil }
            let made = Unmanaged.passRetained(IndexedResolutions(for: keys))
            let (exchanged, _) = place.pointee.compareExchange(
                expected: bits, desired: UInt(bitPattern: made.toOpaque()),
                successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
            guard exchanged else {
                made.release()
                return nil
            }
            // The place's retain of the old object passes to the list.
            replaced.append(Unmanaged<IndexedResolutions>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeRetainedValue())
            return made.takeUnretainedValue()
        }
    }

    /// The resolutions in places now (for the tests).
    var made: [IndexedResolutions] {
        (0..<IndexedKeys.fastListCount).compactMap { index in
            let bits = places[index].load(ordering: .acquiring)
            return bits == 0 ? nil : Unmanaged<IndexedResolutions>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
        }
    }

    /// How many replaced resolutions are kept (for the tests).
    var replacedCount: Int { replaced.withLock { $0.count } }
}

extension SnapshotStorage {
    /// What position `index` of `keys` resolves to here: read from the snapshot's resolutions,
    /// or by hashing the key when the list has no place.
    @inline(__always)
    func value(_ keys: IndexedKeys, _ index: Int) -> ResolvedValue? {
        if let found = indexedPlaces.value(keys, index, resolve: { value(keys.keys[index], table: keys.tables[index]) }) {
            return found
        }
        let (table, key) = keys[index]
        return value(key, table: table)
    }

    /// The string at position `index` of `keys`, as ``string(_:table:default:)`` gives it for its key.
    @inline(__always)
    func string(_ keys: IndexedKeys, _ index: Int) -> String {
        switch value(keys, index) {
        case .plain(let value)?:
            return value
        case .rich(let message)?:
            if message.isFallback { reportMissing(keys.keys[index], table: keys.tables[index], resolvedFrom: message.language) }
            return message.template
        case nil:
            reportMissing(keys.keys[index], table: keys.tables[index], resolvedFrom: nil)
            return keys.keys[index]
        }
    }
}
