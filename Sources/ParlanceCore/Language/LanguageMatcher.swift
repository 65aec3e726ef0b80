#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ParlanceCatalogs

/// Picks the best available language for what a user prefers, the way CLDR orders
/// fallbacks.
///
/// For each preferred language in turn it tries, in order:
/// 1. the language itself (`pt_BR` and `pt-BR` are the same);
/// 2. its CLDR parents: `en-AU` → `en-001` → `en`; `es-MX` → `es-419` → `es`;
///    `zh-TW` and `zh-HK` → `zh-Hant`; `zh-CN` and `zh-SG` → `zh-Hans` (also spelled `zh`);
///    a script that is not the language's usual one never falls back to the bare
///    language (`zh-Hant` is not `zh`, `sr-Latn` is not `sr`);
/// 3. `no` and `nb` stand for each other;
/// 4. any available variant of the same language and script (`fr-CA` takes `fr-FR`,
///    `pt-PT` takes `pt-BR` when no Portuguese of Portugal exists).
///
/// Only then does it move to the next preferred language, and when none matches the
/// caller's default wins. A Norwegian device never ends up in Chinese.
public struct LanguageMatcher: Sendable {
    /// The languages there are catalogs for.
    public let available: [Language]
    private let availableByKey: [String: Language]
    /// What ``match(_:)`` answers for each available language's own identifier, found once:
    /// the languages a server hands out are asked for on every request, and their match keys
    /// cost more to compute than the rest of the negotiation.
    private let matchesOfAvailable: [String: Language]
    /// Each available language's match key without its region, in order: what the last step
    /// of ``match(_:)`` compares with, found once.
    private let availableBases: [(base: String, language: Language)]
    /// What reading `Accept-Language` headers takes (the codes that can match, the memo), made
    /// at the first header: an app's matcher never reads one, and its launch makes none of it.
    private let headerReading: HeaderReading
    /// What ``bestMatch(acceptLanguage:)`` found for the headers seen last: a server sees the
    /// same few headers again and again.
    var headerMemo: AcceptLanguageMemo { headerReading.state.memo }

    public init(available: [Language]) {
        self.available = available
        var byKey: [String: Language] = [:]
        for language in available {
            let key = Self.matchKey(language)
            if byKey[key] == nil { byKey[key] = language }
        }
        self.availableByKey = byKey
        var matches: [String: Language] = [:]
        for language in available where matches[language.identifier] == nil {
            matches[language.identifier] = byKey[Self.matchKey(language)]
        }
        self.matchesOfAvailable = matches
        self.availableBases = available.map { (Self.dropRegion(Self.matchKey($0)), $0) }
        self.headerReading = HeaderReading(available: available)
    }

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
    /// or matched: the answer is the same, at a third of the cost of a never-seen header.
    public func bestMatch(acceptLanguage header: String) -> Language? {
        let reading = headerReading.state
        let key = reading.memo.key(for: header)
        if let key, let known = reading.memo.match(for: key) { return known }
        let codes = reading.codes
        var match: Language?
        for entry in AcceptLanguage.weighted(from: header, admitting: { codes.admits(tag: $0) }) {
            if let found = self.match(entry.language) {
                match = found
                break
            }
        }
        if let key { reading.memo.remember(match, for: key) }
        return match
    }

    /// The best available language for `preferred`, or `nil` when none relates.
    public func bestMatch(for preferred: [Language]) -> Language? {
        for language in preferred {
            if let match = match(language) { return match }
        }
        return nil
    }

    /// The best available language for `preferred`, or `defaultLanguage` when none relates.
    public func bestMatch(for preferred: [Language], default defaultLanguage: Language) -> Language {
        bestMatch(for: preferred) ?? defaultLanguage
    }

    /// The available language that serves `language`, or `nil`.
    public func match(_ language: Language) -> Language? {
        // The first key tried is the language's own, so an available language's answer is known.
        if let known = matchesOfAvailable[language.identifier] { return known }
        for key in Self.chainKeys(of: language) {
            if let match = availableByKey[key] { return match }
        }
        // Same language and script, any region.
        let base = Self.dropRegion(Self.matchKey(language))
        return availableBases.first { $0.base == base }?.language
    }

    /// The available languages a lookup in `language` tries, most specific first:
    /// the language's CLDR chain filtered to what is available.
    public func fallbackChain(for language: Language) -> [Language] {
        var chain: [Language] = []
        for key in Self.chainKeys(of: language) {
            if let match = availableByKey[key], !chain.contains(match) { chain.append(match) }
        }
        return chain
    }

    /// The CLDR parent chain of `language`, the language first: `en-AU`, `en-001`, `en`.
    public static func parentChain(of language: Language) -> [Language] {
        chainKeys(of: language).compactMap { Language($0) }
    }

    // MARK: Keys

    /// The tag with the language's usual script removed and a region's implied script
    /// added: `zh-Hans-CN` → `zh-CN`, `zh-TW` → `zh-Hant-TW`, `sr-Cyrl` → `sr`.
    static func matchKey(_ language: Language) -> String {
        var script = language.script
        if script == nil, let region = language.region {
            script = ScriptData.likelyScript(language: language.languageCode, region: region)
        }
        // Only a script needs comparing with the usual one: a bare `fr` looks nothing up.
        if let known = script, known == ScriptData.likelyScript(language: language.languageCode) { script = nil }
        // Appended, not joined: a key this short is a small string, so nothing is allocated.
        var key = language.languageCode
        for subtag in [script, language.region] {
            guard let subtag else { continue }
            key += "-"
            key += subtag
        }
        return key
    }

    static func chainKeys(of language: Language) -> [String] {
        var keys: [String] = []
        var key = matchKey(language)
        while keys.count < 12, !keys.contains(key) {
            keys.append(key)
            if let parent = parentExceptions[key] {
                key = matchKey(Language(parent) ?? language)
                continue
            }
            // Keys are ASCII subtags joined by "-": the parent drops the last one.
            guard let dash = key.utf8.lastIndex(of: UInt8(ascii: "-")) else { break }
            let last = key.utf8[key.utf8.index(after: dash)...]
            // A script subtag here is not the language's usual one: its parent is root.
            if last.count == 4, let first = last.first, LanguageTagParser.isLetter(first) { break }
            key = String(key[..<dash])
        }
        let norwegian: String? = switch language.languageCode {
        case "nb": "no"
        case "no": "nb"
        default: nil
        }
        if let norwegian,
            let alternative = Language([norwegian, language.region].compactMap { $0 }.joined(separator: "-"))
        {
            for extra in [matchKey(alternative), norwegian] where !keys.contains(extra) { keys.append(extra) }
        }
        return keys
    }

    private static func dropRegion(_ key: String) -> String {
        guard let dash = key.utf8.lastIndex(of: UInt8(ascii: "-")) else { return key }
        let last = key.utf8[key.utf8.index(after: dash)...].count
        return last == 2 || last == 3 ? String(key[..<dash]) : key
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

/// The usual script of languages and language–region pairs, from CLDR's likely subtags.
enum ScriptData {
    /// The script CLDR's likely subtags give `language` (in `region`, when there is one):
    /// `Hant` for `zh` in `TW`, `Cyrl` for `sr`; `nil` for a language CLDR does not know.
    /// A binary search over a table compiled into the binary: no ICU, and nothing kept per tag.
    static func likelyScript(language: String, region: String? = nil) -> String? {
        LikelySubtags.maximize(language: language, script: nil, region: region)?.script
    }
}
