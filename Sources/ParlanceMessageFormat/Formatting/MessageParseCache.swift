import Synchronization

/// Messages parsed from source text, kept so a formatter handed the same text again does not
/// parse it again (`MF2.Formatter.format(_:arguments:)` and ICU's, which take the text).
///
/// Content is untrusted and any number of distinct texts may come, so at most ``capacity``
/// parses are kept, and only of texts up to ``maximumSourceLength`` bytes; when full, the
/// cache is emptied and refills with what is asked for next.
final class MessageParseCache<Parsed: Sendable>: Sendable {
    static var capacity: Int { 512 }
    static var maximumSourceLength: Int { 2_048 }

    /// Each parse with the text it was made from: Swift's `String` equality is canonical
    /// equivalence, so an NFD spelling finds an NFC one's entry, and a hit counts only when the
    /// bytes are the same (the parse keeps the text's own characters and its errors' columns).
    private let storage = Mutex<[String: (source: String, parsed: Parsed)]>([:])

    /// The parse of `source`, made by `parse` once and kept.
    func parsed(_ source: String, parse: (String) -> Parsed) -> Parsed {
        guard source.utf8.count <= Self.maximumSourceLength else { return parse(source) }
        if let known = storage.withLock({ $0[source] }), known.source.utf8.elementsEqual(source.utf8) { return known.parsed }
        let made = parse(source)
        storage.withLock { cache in
            if cache.count >= Self.capacity { cache.removeAll(keepingCapacity: true) }
            cache[source] = (source, made)
        }
        return made
    }

    /// How many parses are kept now (for the test that proves the cache is bounded).
    var count: Int { storage.withLock { $0.count } }
}

enum MessageParseCaches {
    static let mf2 = MessageParseCache<Result<MF2.Message, MF2.Error>>()
    static let icu = MessageParseCache<Result<ICUMessageFormat.Message, ICUMessageFormat.SyntaxError>>()
}
