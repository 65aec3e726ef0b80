import ParlanceCatalogs

/// Reading `Accept-Language` headers: the matcher's memo of the headers it has matched, and the
/// language codes that can match at all, so a header's other tags are passed over unread.
extension LanguageMatcher {
    /// The best available language for an `Accept-Language` header (read by
    /// ``AcceptLanguage/languages(from:)``), or `nil` when none relates.
    ///
    /// The answer for a header of at most ``AcceptLanguageMemo/maximumHeaderLength`` bytes is
    /// remembered, so the headers browsers send are read and matched about once per matcher.
    /// The memo is ``AcceptLanguageMemo/capacity`` places made at the first header and holds no
    /// header, so a client sending a new header every time costs no memory, only places.
    ///
    /// A tag whose language no available language can serve (`xq-abcdefgh`, a random tag, most
    /// of a hostile header) is passed over without being read into a ``/ParlanceCatalogs/Language``
    /// or matched. The answer is the same; the load benchmark's never-seen header
    /// (`abc-defghijk, fr;q=0.5`) is answered in 300 ns, 1.25–1.30 µs before (docs/PERFORMANCE.md).
    public func bestMatch(acceptLanguage header: String) -> Language? {
        bestMatchPosition(acceptLanguage: header).map { available[$0] }
    }

    /// The position in ``available`` of ``bestMatch(acceptLanguage:)``'s answer: what a
    /// localizer keeps its snapshots by, so a server's negotiation copies and hashes no
    /// ``/ParlanceCatalogs/Language`` on a header the memo knows.
    func bestMatchPosition(acceptLanguage header: String) -> Int? {
        let reading = headerReading.state
        let key = reading.memo.key(for: header)
        if let key, let known = reading.memo.position(for: key) { return known }
        let codes = reading.codes
        var position: Int?
        for entry in AcceptLanguage.weighted(from: header, admitting: { codes.admits(tag: $0) }) {
            if let found = self.match(entry.language) {
                // Every answer of `match` is one of the available languages.
                position = reading.memo.position(of: found) ?? available.firstIndex(of: found)
                break
            }
        }
        if let key { reading.memo.remember(position: position, for: key) }
        return position
    }
}

/// A matcher's means of reading `Accept-Language` headers, made when the first header comes.
final class HeaderReading: Sendable {
    /// The codes that can match, and the memo of headers matched.
    final class State: Sendable {
        let codes: MatchableCodes
        let memo: AcceptLanguageMemo

        init(available: [Language]) {
            codes = MatchableCodes(available: available)
            memo = AcceptLanguageMemo(available: available)
        }
    }

    private let available: [Language]
    private let made = OnceReference<State>()

    init(available: [Language]) {
        self.available = available
    }

    /// Made on first use; two threads reading their first header at once both make one, and
    /// the first stored is kept.
    var state: State {
        made.load() ?? made.storeIfNil(State(available: available))
    }
}

/// The language codes a requested language can have and still match one of a matcher's
/// languages, packed in integers: the available languages' own codes, the codes CLDR's parent
/// locales lead to them from (`ht` to `fr`, `hi-Latn` to `en-IN`, `nn` to `no`), the other of
/// `nb` and `no`, and the deprecated codes that read as one of them (`iw` for `he`). A tag whose
/// language subtag is none of these matches nothing whatever else it says, since every step of
/// ``LanguageMatcher/match(_:)`` keeps the language or takes one of these roads; tests hold the
/// two to each other over generated tags.
struct MatchableCodes: Sendable {
    private let codes: Set<UInt32>

    init(available: [Language]) {
        var codes = Set(available.map(\.languageCode))
        if !codes.isDisjoint(with: ["nb", "no"]) { codes.formUnion(["nb", "no"]) }
        // Parent locales that change the language, followed until nothing more is added.
        var grew = true
        while grew {
            grew = false
            for (child, parent) in Self.crossingParents where codes.contains(parent) && !codes.contains(child) {
                codes.insert(child)
                grew = true
            }
        }
        for code in Language.aliasedCodes {
            if let alias = Language.alias(of: code), codes.contains(alias.language) { codes.insert(code) }
        }
        self.codes = Set(codes.compactMap { Self.packed(Array($0.utf8)[...]) })
    }

    /// The language codes of CLDR's parent locales whose parent has another language
    /// (`ht` → `fr`, `hi` → `en`, `nn` → `no`), found once in the table.
    private static let crossingParents: [(child: String, parent: String)] = LanguageMatcher.parentExceptions.compactMap {
        let child = String($0.key.prefix { $0 != "-" }), parent = String($0.value.prefix { $0 != "-" })
        return child == parent ? nil : (child, parent)
    }

    /// Whether a tag (as an `Accept-Language` entry writes it) may match: `false` only for a
    /// language subtag of two or three letters that is none of the codes. Anything else (a
    /// longer subtag, a malformed tag) is left to ``/ParlanceCatalogs/Language`` to read.
    func admits(tag: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = tag.firstIndex { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") } ?? tag.count
        guard let packed = Self.packed(tag[..<end]) else { return true }
        return codes.contains(packed)
    }

    /// A language subtag of two or three ASCII letters, lower-cased, packed in an integer;
    /// `nil` for anything else.
    private static func packed(_ subtag: some Collection<UInt8>) -> UInt32? {
        guard subtag.count == 2 || subtag.count == 3 else { return nil }
        var packed: UInt32 = 0
        for byte in subtag {
            guard LanguageTagParser.isLetter(byte) else { return nil }
            packed = packed << 8 | UInt32(byte | 0x20)
        }
        return packed
    }
}
