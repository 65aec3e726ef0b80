import Parlance
import ParlanceTestSupport
import Testing
@testable import ParlanceCatalogs
@testable import ParlanceCore

/// `LanguageMatcher.bestMatch(acceptLanguage:)` passes over the tags whose language no available
/// language can serve without reading them (`MatchableCodes`); these tests hold its answers to
/// the plain composition, `bestMatch(for: AcceptLanguage.languages(from:))`, which reads every tag.
@Suite("Matching Accept-Language headers without reading the tags that cannot match")
struct AcceptLanguageMatchingTests {
    /// Available sets that reach the roads a language changes on: CLDR parents across
    /// languages (`ht` → `fr-HT`, `hi-Latn` → `en-IN`, `nn` → `no`), `nb`/`no`, deprecated codes
    /// (`iw` → `he`, `sh` → `sr-Latn`, `tl` → `fil`), scripts and regions.
    static let availableSets: [[Language]] = [
        ["en", "fr"],
        ["fr-HT", "de"],
        ["en-IN", "ja"],
        ["no"],
        ["nb", "sv"],
        ["nn"],
        ["he", "id", "yi", "jv", "ro", "fil", "sr-Latn"],
        ["zh-Hans", "zh-Hant", "pt-BR", "es-419", "sr"],
        ["ar", "cs", "de", "en", "es", "fr", "he", "hi", "it", "ja", "ko", "nl", "pl", "pt-BR", "ru", "sv", "tr", "uk", "zh-Hans", "zh-Hant"],
        ["und", "abcde"],
        [],
    ]

    /// Tags of every kind the shortcut sees: available codes in other spellings, codes that
    /// reach them by a parent or an alias, codes that reach nothing, long and malformed subtags.
    static let tags = [
        "en", "EN-gb", "en_AU", "en-001", "fr", "fr-CA", "ht", "ht-HT", "hi", "hi-Latn", "hi-Latn-IN", "hi_IN",
        "nn", "nn-NO", "nb", "no", "no-NO", "NB_no", "iw", "IW-IL", "he", "in", "id", "ji", "jw", "mo", "tl", "sh",
        "sh-RS", "sr", "sr-Cyrl", "sr-Latn-RS", "zh", "zh-TW", "zh-HK", "zh-Hant", "zh-CN", "pt", "pt-PT", "es-MX",
        "ja", "xx", "abc-defghijk", "qaa", "x", "xyz12", "abcde", "ABCDE-fr", "und", "*", "", "-", "fr-", "e n",
        "en-US-u-ca-gregory", "i-klingon", "zh-min-nan", "sgn-BE-FR", "de-1996", "a-b", "fr;x", "😀", "tlh",
    ]

    static let weights = ["", ";q=1", ";q=0.9", ";q=0.5", ";q=0.5", ";q=0", ";q=0.001", ";q=abc", " ; Q = 0.8", ";q=1.0"]

    @Test("The same answer as reading every tag, over 20,000 generated headers")
    func sameAnswers() {
        var generator = SplitMix(seed: 0x5EED_33)
        // One matcher per set: a header seen again is answered by the memo, which holds what the
        // shortcut found the first time.
        let matchers = Self.availableSets.map { LanguageMatcher(available: $0) }
        for index in 0..<20_000 {
            let matcher = matchers[index % matchers.count]
            var entries: [String] = []
            for _ in 0..<Int(generator.next() % 5) + 1 {
                let tag = Self.tags[Int(generator.next() % UInt64(Self.tags.count))]
                let weight = Self.weights[Int(generator.next() % UInt64(Self.weights.count))]
                entries.append(tag + weight)
            }
            let header = entries.joined(separator: generator.next() % 2 == 0 ? ", " : ",")
            let expected = matcher.bestMatch(for: AcceptLanguage.languages(from: header))
            #expect(matcher.bestMatch(acceptLanguage: header) == expected, "\(header) over \(matcher.available)")
        }
    }

    @Test("A localizer's snapshot for a header shows the matcher's answer, made or kept (by position)")
    func snapshotsByPosition() {
        var generator = SplitMix(seed: 0x5EED_34)
        for available in Self.availableSets where !available.isEmpty {
            var catalog = Catalog(table: "Localizable", sourceLanguage: available[0].identifier)
            var entry = CatalogEntry()
            for language in available { entry[language.identifier] = .string("hello \(language.identifier)") }
            catalog["greeting"] = entry
            let localizer = Localizer(
                catalogs: [catalog], configuration: .init(defaultLanguage: available[0], preferredLanguages: { [] }, notificationCenter: nil))
            // Each header twice: the first answer makes the snapshot, the second finds it kept.
            for _ in 0..<300 {
                let tag = Self.tags[Int(generator.next() % UInt64(Self.tags.count))]
                let header = tag + ", " + Self.tags[Int(generator.next() % UInt64(Self.tags.count))] + ";q=0.5"
                let expected = localizer.matcher.bestMatch(for: AcceptLanguage.languages(from: header))
                for _ in 0..<2 {
                    let snapshot = localizer.snapshot(matchingAcceptLanguage: header)
                    #expect(snapshot?.language == expected, "\(header) over \(available)")
                    if let snapshot, let expected { #expect(snapshot.string("greeting") == "hello \(expected.identifier)") }
                }
            }
        }
    }

    @Test("After a reload that changes the languages, a header's snapshot follows the new list's positions")
    func snapshotsByPositionAfterReload() throws {
        func catalog(_ languages: [String]) -> Catalog {
            var catalog = Catalog(table: "Localizable", sourceLanguage: languages[0])
            var entry = CatalogEntry()
            for language in languages { entry[language] = .string("hello \(language)") }
            catalog["greeting"] = entry
            return catalog
        }
        let source = SwappableSource([catalog(["en", "fr", "de"])])
        let localizer = try Localizer(
            source: source, configuration: .init(defaultLanguage: "en", preferredLanguages: { [] }, notificationCenter: nil))
        let headers = ["fr", "de-AT, fr;q=0.5", "ja, it;q=0.8", "it-CH"]
        #expect(headers.map { localizer.snapshot(matchingAcceptLanguage: $0)?.string("greeting") } == ["hello fr", "hello de", nil, nil])
        // Other languages, in other places: positions kept before the reload must not be read against the new list.
        source.catalogs = [catalog(["it", "de", "en"])]
        localizer.reload()
        #expect(headers.map { localizer.snapshot(matchingAcceptLanguage: $0)?.string("greeting") } == [nil, "hello de", "hello it", "hello it"])
        #expect(headers.map { localizer.snapshot(matchingAcceptLanguage: $0)?.language } == [nil, "de", "it", "it"], "and again, from the memo")
    }

    @Test("Tags no available language can serve are refused; the ones that can, admitted")
    func refusedAndAdmitted() {
        let codes = MatchableCodes(available: ["fr", "en", "no", "he"])
        func admits(_ tag: String) -> Bool {
            var tag = tag
            return tag.withUTF8 { codes.admits(tag: $0) }
        }
        for tag in ["fr", "FR-ca", "en_GB", "ht", "ht-HT", "hi-Latn", "nn", "nb", "iw", "IW-IL", "abcde", "x", "1x", ""] {
            #expect(admits(tag), "\(tag)")
        }
        for tag in ["de", "abc-defghijk", "xx", "qaa", "id", "in", "sh", "zh-Hant"] {
            #expect(!admits(tag), "\(tag)")
        }
    }

    @Test("The list of deprecated codes is every code an alias replaces")
    func aliasedCodes() {
        let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
        let replaced = letters.flatMap { first in letters.map { first + $0 } }.filter { Language.alias(of: $0) != nil }
        #expect(Set(replaced) == Set(Language.aliasedCodes))
        #expect(replaced.count == Language.aliasedCodes.count)
    }
}
