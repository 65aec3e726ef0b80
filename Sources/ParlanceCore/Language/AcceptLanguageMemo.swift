import Synchronization

/// The `Accept-Language` headers a ``LanguageMatcher`` has matched, and which of its available
/// languages each matched: a server sees the same few headers again and again.
///
/// Bounded, and the same size whatever it is fed: ``capacity`` places of sixteen bytes, made
/// when the matcher reads its first header (an app's matcher, which reads none, makes none).
/// A place holds no header, only two hashes of its bytes (about 110 bits, under a per-process
/// random seed) and the answer's position among the available languages, each half in one
/// atomic word. A header has a set of four places, one cache line: a request
/// reads it with a few loads and, once the header is marked as in use, writes nothing, so the
/// event-loop threads of a server share the memo without a lock and without taking its memory
/// from each other. A new header takes an empty place, else one whose header was not read since
/// it arrived; when all four were, they start again unread and the new header is not kept (if it
/// comes again before they are read again, it takes one of their places). So a flood of headers
/// seen once (a random tag each) replaces its own kind and leaves the headers browsers send in
/// place, however many share a set. Headers of more than ``maximumHeaderLength`` bytes are not
/// remembered.
///
/// A header is taken for another only if their hashes agree: in 117 bits (the set's 7, 62 of
/// the first hash, 48 of the second), or, in a place two threads wrote at the same moment, in
/// the second hash's 55 alone. For headers nobody chose that is a chance of one in 2⁵⁵ at the
/// very least; with the seeds unknown, a client cannot choose headers that do.
public final class AcceptLanguageMemo: @unchecked Sendable {
    // @unchecked: `words` is written and read only through its atomics, allocated in `init`
    // and freed in `deinit`.

    /// The most headers remembered at once.
    public static let capacity = 512
    /// The longest header remembered; a longer one is read every time (which is bounded too).
    public static let maximumHeaderLength = 256

    /// What a place's answer holds for "matched nothing".
    private static let noMatch: UInt64 = 0xFFFF
    /// Four places a set, 64 bytes: one cache line.
    private static let ways = 4
    private static let sets = capacity / ways
    /// The bit of a place's check word that marks its header as read since it arrived.
    private static let inUse: UInt64 = 0b10

    /// Two words per place: the first hash (never zero, which marks an empty place; its second
    /// bit is ``inUse``), then the second hash's high 48 bits over the answer's position (the
    /// low 16).
    private let words: UnsafeMutablePointer<Atomic<UInt64>>
    private let available: [Language]
    private let positions: [Language: UInt64]
    private let seeds: (UInt64, UInt64)

    /// A memo for a matcher whose languages are `available`, its hashes seeded at random
    /// (`seeds` for tests that must place headers the same way each run).
    init(available: [Language], seeds: (UInt64, UInt64)? = nil) {
        var generator = SystemRandomNumberGenerator()
        self.seeds = seeds ?? (generator.next(), generator.next())
        self.available = available
        var positions: [Language: UInt64] = [:]
        for (position, language) in available.enumerated() where position < Self.noMatch && positions[language] == nil {
            positions[language] = UInt64(position)
        }
        self.positions = positions
        // Aligned to a cache line, so a set is one.
        words = UnsafeMutableRawPointer.allocate(byteCount: 2 * Self.capacity * 8, alignment: 64)
            .bindMemory(to: Atomic<UInt64>.self, capacity: 2 * Self.capacity)
        for index in 0..<(2 * Self.capacity) { (words + index).initialize(to: Atomic(0)) }
    }

    deinit {
        words.deinitialize(count: 2 * Self.capacity)
        UnsafeMutableRawPointer(words).deallocate()
    }

    /// Where a header is kept, and what tells it from the others kept there.
    struct Key {
        /// The first hash, with its first bit set and its second (``inUse``) clear.
        let check: UInt64
        /// The second hash: its high 48 bits are kept with the answer, its low bits choose the set.
        let second: UInt64

        var firstPlace: Int { (Int(truncatingIfNeeded: second) & (AcceptLanguageMemo.sets - 1)) * AcceptLanguageMemo.ways }
        var answerCheck: UInt64 { second >> 16 }
    }

    /// The key of `header`, or `nil` for a header too long to remember.
    func key(for header: String) -> Key? {
        guard header.utf8.count <= Self.maximumHeaderLength else { return nil }
        let (first, second) = header.withUTF8Bytes { Self.hash($0, seeds: seeds) }
        return Key(check: first & ~Self.inUse | 1, second: second)
    }

    /// What `header` matched before: `.some(nil)` when it matched nothing, `nil` when unknown.
    func match(for header: String) -> Language?? {
        key(for: header).flatMap { match(for: $0) }
    }

    /// What the header whose key is `key` matched before.
    func match(for key: Key) -> Language?? {
        position(for: key).map { $0.map { available[$0] } }
    }

    /// Where among the available languages the header whose key is `key` matched before:
    /// `.some(nil)` when it matched nothing, `nil` when unknown. A server's negotiation reads
    /// this, and takes the language's snapshot by position with no `Language` copied or hashed.
    func position(for key: Key) -> Int?? {
        for place in key.firstPlace..<(key.firstPlace + Self.ways) {
            let check = words[2 * place].load(ordering: .acquiring)
            guard check & ~Self.inUse == key.check else { continue }
            // The answer word carries its own check: a place rewritten between the two loads
            // gives another header's check here, and is read as a miss.
            let answer = words[2 * place + 1].load(ordering: .acquiring)
            guard answer >> 16 == key.answerCheck else { continue }
            // Marked once; later reads of a header in use write nothing.
            if check & Self.inUse == 0 {
                _ = words[2 * place].compareExchange(
                    expected: check, desired: check | Self.inUse, successOrdering: .relaxed, failureOrdering: .relaxed)
            }
            let position = Int(answer & Self.noMatch)
            guard answer & Self.noMatch != Self.noMatch else { return .some(nil) }
            return position < available.count ? .some(position) : nil
        }
        return nil
    }

    /// The position among the available languages of `match`, when it is one of them.
    func position(of match: Language) -> Int? {
        positions[match].map { Int($0) }
    }

    /// Remembers that the header whose key is `key` matched the available language at
    /// `matched` (`nil`: nothing).
    func remember(position matched: Int?, for key: Key) {
        let position: UInt64
        if let matched {
            guard matched >= 0, matched < available.count, matched < Self.noMatch else { return }
            position = UInt64(matched)
        } else {
            position = Self.noMatch
        }
        // Its own place (another thread matched it too), else an empty one, else one whose header
        // was not read since it arrived.
        let first = key.firstPlace
        var own: Int?, empty: Int?, unread: Int?
        for place in first..<(first + Self.ways) {
            let check = words[2 * place].load(ordering: .relaxed)
            if check & ~Self.inUse == key.check {
                // Kept already, unless two writers left another header's answer beside its check.
                if words[2 * place + 1].load(ordering: .relaxed) >> 16 == key.answerCheck { return }
                own = place
            } else if check == 0 {
                empty = empty ?? place
            } else if check & Self.inUse == 0 {
                unread = unread ?? place
            }
        }
        guard let place = own ?? empty ?? unread else {
            // Every header here was read since it arrived: they start again unread, as a clock's
            // hand passing them would leave them, and this header is not kept.
            for place in first..<(first + Self.ways) {
                let check = words[2 * place].load(ordering: .relaxed)
                _ = words[2 * place].compareExchange(
                    expected: check, desired: check & ~Self.inUse, successOrdering: .relaxed, failureOrdering: .relaxed)
            }
            return
        }
        words[2 * place + 1].store(key.answerCheck << 16 | position, ordering: .releasing)
        words[2 * place].store(key.check, ordering: .releasing)
    }

    /// How many headers are remembered now (for the tests that prove it is bounded).
    var count: Int {
        (0..<Self.capacity).reduce(0) { $0 + (words[2 * $1].load(ordering: .relaxed) == 0 ? 0 : 1) }
    }

    /// Two 64-bit hashes of `bytes`, each under its seed: eight bytes at a time mixed in with
    /// SplitMix64's finalizer in one, MurmurHash3's in the other. Not cryptographic; with the
    /// seeds unknown, headers cannot be chosen to meet.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seeds: (UInt64, UInt64)) -> (UInt64, UInt64) {
        let raw = UnsafeRawBufferPointer(bytes)
        var first = splitMix(seeds.0 ^ UInt64(raw.count))
        var second = murmur(seeds.1 ^ UInt64(raw.count))
        var offset = 0
        while offset + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            first = splitMix(first ^ word)
            second = murmur(second ^ word)
            offset += 8
        }
        // The last bytes (fewer than eight; the length, mixed in first, tells "\0a" from "a").
        var tail: UInt64 = 0
        while offset < raw.count {
            tail = tail << 8 | UInt64(raw[offset])
            offset += 1
        }
        return (splitMix(first ^ tail), murmur(second ^ tail))
    }

    private static func splitMix(_ value: UInt64) -> UInt64 {
        var z = value &* 0xBF58_476D_1CE4_E5B9
        z ^= z >> 31
        z = z &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 29)
    }

    private static func murmur(_ value: UInt64) -> UInt64 {
        var z = (value ^ (value >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        z = (z ^ (z >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return z ^ (z >> 33)
    }
}
