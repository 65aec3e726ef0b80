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
    let headerReading: HeaderReading
    /// The headers ``bestMatch(acceptLanguage:)`` has matched and kept (see
    /// ``AcceptLanguageMemo``); made on first use, as by the first header.
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

/// The usual script of languages and language–region pairs, from CLDR's likely subtags.
enum ScriptData {
    /// The script CLDR's likely subtags give `language` (in `region`, when there is one):
    /// `Hant` for `zh` in `TW`, `Cyrl` for `sr`; `nil` for a language CLDR does not know.
    /// A binary search over a table compiled into the binary: no ICU, and nothing kept per tag.
    static func likelyScript(language: String, region: String? = nil) -> String? {
        LikelySubtags.maximize(language: language, script: nil, region: region)?.script
    }
}
