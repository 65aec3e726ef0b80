import Foundation
import Testing
@testable import Parlance
@testable import ParlanceCore

@Suite("Languages")
struct LanguageTests {
    @Test("Spellings of one tag are one language", arguments: [
        ("pt_BR", "pt-BR"), ("pt-br", "pt-BR"), ("PT-BR", "pt-BR"), ("zh-hant-tw", "zh-Hant-TW"),
        ("zh_Hant_TW", "zh-Hant-TW"), ("es-419", "es-419"), ("iw", "he"), ("in-ID", "id-ID"),
        ("sr_latn", "sr-Latn"), ("de-CH-1996", "de-CH-1996"), ("en-US-u-ca-gregory", "en-US"), ("fil", "fil"),
        ("SR_LATN_RS", "sr-Latn-RS"), ("sl-ROZAJ-BISKE", "sl-rozaj-biske"), ("de-1901", "de-1901"), ("en-x-twain", "en"),
        ("abc-defghijk", "abc-defghijk"), ("sh", "sr-Latn"),
        // Every deprecated code; a script the tag names wins over the one its replacement implies.
        ("sh-Cyrl", "sr-Cyrl"), ("sh-RS", "sr-Latn-RS"), ("tl-PH", "fil-PH"), ("mo", "ro"), ("ji", "yi"), ("jw", "jv"),
        ("in", "id"), ("IW-il", "he-IL"), ("iwa", "iwa"),
    ])
    func canonicalSpelling(tag: String, identifier: String) throws {
        #expect(try #require(Language(tag)).identifier == identifier)
        #expect(Language(tag) == Language(identifier))
    }

    @Test("What is no language tag is refused", arguments: [
        "", "e", "english!", "12", "en--US", "en-", "toolongsubtag-x", String(repeating: "a", count: 100),
        "fr-é-abc", "frä", "en-U\u{301}S", "en-u", "en-x-", "en-x-toolongsub", "-en", "en_", "de-ab1", "zh-Hant-TW-ab",
        // Separators alone, up to the length limit: every one ends an (empty) subtag.
        String(repeating: "-", count: 64), "a" + String(repeating: "_", count: 63), String(repeating: "-_", count: 32),
    ])
    func invalidTags(tag: String) {
        #expect(Language(tag) == nil)
    }

    @Test("Names, direction and flags", arguments: [
        ("it", "Italiano", "Italian", false, "🇮🇹"),
        ("fr", "Français", "French", false, "🇫🇷"),
        ("vi", "Tiếng Việt", "Vietnamese", false, "🇻🇳"),
        ("ar", "العربية", "Arabic", true, "🇪🇬"),
        ("he", "עברית", "Hebrew", true, "🇮🇱"),
        ("fa", "فارسی", "Persian", true, "🇮🇷"),
        ("ur", "اردو", "Urdu", true, "🇵🇰"),
        ("en-AU", "English (Australia)", "English (Australia)", false, "🇦🇺"),
        ("pt-BR", "Português (Brasil)", "Portuguese (Brazil)", false, "🇧🇷"),
    ])
    func names(tag: String, native: String, english: String, rightToLeft: Bool, flag: String) {
        let language: Language = Language(tag)!
        #expect(language.nativeName == native)
        #expect(language.englishName == english)
        #expect((language.characterDirection == .rightToLeft) == rightToLeft)
        #expect(language.flag == flag)
    }

    @Test("A numeric region has no flag")
    func numericRegion() {
        #expect(Language("es-419").flag == nil)
    }

    @Test("Languages encode as their identifier and refuse bad tags when decoding")
    func codable() throws {
        let data = try JSONEncoder().encode([Language("pt_br")])
        #expect(String(decoding: data, as: UTF8.self) == "[\"pt-BR\"]")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Language].self, from: Data("[\"!!\"]".utf8)) }
    }
}

@Suite("Choosing a language")
struct LanguageMatchingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var preferred: [String]
        var available: [String]
        var expected: String
        var testDescription: String { "\(preferred) in \(available) → \(expected)" }
    }

    static let cases: [Case] = [
        // Exact matches, in any spelling.
        Case(preferred: ["fr"], available: ["en", "fr"], expected: "fr"),
        Case(preferred: ["pt_BR"], available: ["en", "pt-BR", "pt-PT"], expected: "pt-BR"),
        Case(preferred: ["pt-PT"], available: ["en", "pt-BR", "pt-PT"], expected: "pt-PT"),
        Case(preferred: ["zh-hant-tw"], available: ["en", "zh-Hant-TW"], expected: "zh-Hant-TW"),
        // CLDR parent chains.
        Case(preferred: ["en-AU"], available: ["en", "en-001", "fr"], expected: "en-001"),
        Case(preferred: ["en-AU"], available: ["en", "fr"], expected: "en"),
        Case(preferred: ["en-GB"], available: ["en-GB", "en"], expected: "en-GB"),
        Case(preferred: ["en-IE"], available: ["en-US", "en-001"], expected: "en-001"),
        Case(preferred: ["en-DE"], available: ["en-150", "en-001", "en"], expected: "en-150"),
        Case(preferred: ["es-MX"], available: ["es", "es-419"], expected: "es-419"),
        Case(preferred: ["es-AR"], available: ["es", "en"], expected: "es"),
        Case(preferred: ["es-ES"], available: ["es-419", "es"], expected: "es"),
        Case(preferred: ["pt-AO"], available: ["pt", "pt-PT"], expected: "pt-PT"),
        Case(preferred: ["pt-BR"], available: ["pt-PT", "pt"], expected: "pt"),
        Case(preferred: ["zh-TW"], available: ["zh-Hans", "zh-Hant"], expected: "zh-Hant"),
        Case(preferred: ["zh-HK"], available: ["zh-Hans", "zh-Hant"], expected: "zh-Hant"),
        Case(preferred: ["zh-MO"], available: ["zh-Hant-HK", "zh-Hant"], expected: "zh-Hant-HK"),
        Case(preferred: ["zh-CN"], available: ["zh-Hant", "zh-Hans"], expected: "zh-Hans"),
        Case(preferred: ["zh-SG"], available: ["zh-Hant", "zh-Hans"], expected: "zh-Hans"),
        Case(preferred: ["zh-CN"], available: ["zh-Hant", "zh"], expected: "zh"),
        Case(preferred: ["zh-Hans"], available: ["zh-Hant", "zh"], expected: "zh"),
        Case(preferred: ["zh-Hant"], available: ["zh", "en"], expected: "it"),
        Case(preferred: ["zh-TW", "en"], available: ["zh-Hans", "en"], expected: "en"),
        Case(preferred: ["sr-Latn"], available: ["sr", "en"], expected: "it"),
        Case(preferred: ["sr-Cyrl-RS"], available: ["sr", "en"], expected: "sr"),
        Case(preferred: ["ht"], available: ["fr-HT", "en"], expected: "fr-HT"),
        // Aliases.
        Case(preferred: ["nb"], available: ["no", "en"], expected: "no"),
        Case(preferred: ["no"], available: ["nb", "en"], expected: "nb"),
        Case(preferred: ["nn"], available: ["no", "en"], expected: "no"),
        Case(preferred: ["nb-NO"], available: ["zh-Hans", "nb"], expected: "nb"),
        Case(preferred: ["iw"], available: ["he", "en"], expected: "he"),
        Case(preferred: ["he"], available: ["iw", "en"], expected: "he"),
        Case(preferred: ["in"], available: ["id", "en"], expected: "id"),
        // Same language and script, another region.
        Case(preferred: ["fr-CA"], available: ["fr-FR", "en"], expected: "fr-FR"),
        Case(preferred: ["pt-PT"], available: ["pt-BR", "en"], expected: "pt-BR"),
        Case(preferred: ["de-AT"], available: ["de", "en"], expected: "de"),
        // The next preferred language.
        Case(preferred: ["ja", "fr"], available: ["en", "fr"], expected: "fr"),
        Case(preferred: ["vi-VN", "en-US"], available: ["en", "vi"], expected: "vi"),
        Case(preferred: ["ko", "de-CH", "en"], available: ["en", "de"], expected: "de"),
        Case(preferred: ["ar-EG", "ar"], available: ["ar", "en"], expected: "ar"),
        // The configured default.
        Case(preferred: ["nb"], available: ["zh-Hans", "it"], expected: "it"),
        Case(preferred: ["ja"], available: ["it", "fr", "en"], expected: "it"),
        Case(preferred: [], available: ["it", "fr"], expected: "it"),
        Case(preferred: ["xx-invalid!"], available: ["it", "fr"], expected: "it"),
    ]

    @Test("The best match for each case", arguments: cases)
    func bestMatch(_ testCase: Case) {
        let matcher = LanguageMatcher(available: testCase.available.compactMap(Language.init))
        let preferred = testCase.preferred.compactMap(Language.init)
        #expect(matcher.bestMatch(for: preferred, default: "it") == Language(testCase.expected))
    }

    @Test("Parent chains", arguments: [
        ("en-AU", ["en-AU", "en-001", "en"]),
        ("es-MX", ["es-MX", "es-419", "es"]),
        ("zh-TW", ["zh-Hant-TW", "zh-Hant"]),
        ("zh-Hans-CN", ["zh-CN", "zh"]),
        ("pt-MZ", ["pt-MZ", "pt-PT", "pt"]),
        ("fr", ["fr"]),
    ])
    func parentChain(tag: String, chain: [String]) {
        #expect(LanguageMatcher.parentChain(of: Language(tag)!).map(\.identifier) == chain)
    }

    @Test("Accept-Language headers, by weight", arguments: [
        ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", ["fr-CH", "fr", "en", "de"]),
        ("en;q=0.2, vi", ["vi", "en"]),
        ("da, en-gb;q=0.8, en;q=0.7", ["da", "en-GB", "en"]),
        ("de;q=0, fr", ["fr"]),
        ("  , ;q=1, !!, en;q=abc, it;q=2, es", ["es"]),
        ("", []),
        ("pt-BR,pt;q=0.9,pt-br;q=0.5", ["pt-BR", "pt"]),
        (" \tfr ; Q = 0.5 ,;de,en;;q=0.7", ["de", "en", "fr"]),
        ("fr;q=, de;=0.5, it;q==0.5, es;x=1;q=0.3", ["fr", "de", "es"]),
    ])
    func acceptLanguage(header: String, expected: [String]) {
        #expect(AcceptLanguage.languages(from: header).map(\.identifier) == expected)
    }

    @Test("Weights read without strtod are the values Double reads, and only RFC spellings are")
    func quickWeights() {
        var spellings = ["0", "1", "1.", "0.", "1.0", "1.00", "1.000", "1.5", "1.999"]
        for digits in 1...3 {
            let count = [10, 100, 1_000][digits - 1]
            spellings += (0..<count).map { "0." + String(repeating: "0", count: digits - String($0).count) + String($0) }
        }
        for spelling in spellings {
            let quick = spelling.utf8.withContiguousStorageIfAvailable { AcceptLanguage.qvalue($0) } ?? nil
            if spelling.hasSuffix(".") {
                #expect(quick == nil, "\(spelling) is no RFC weight; Double reads it")
            } else {
                #expect(quick == Double(spelling), "\(spelling)")
            }
        }
        for other in ["", ".5", "0.1234", "2", "00.5", "0,5", "0.5e0", "-0", "+1", "0.a", "1.0000"] {
            #expect((other.utf8.withContiguousStorageIfAvailable { AcceptLanguage.qvalue($0) } ?? nil) == nil, "\(other)")
        }
        // The order of the languages is the weights', however they are spelled.
        #expect(AcceptLanguage.languages(from: "fr;q=0.125, de;q=.5, it;q=0.12500, en;q=0.13").map(\.identifier) == ["de", "en", "fr", "it"])
    }

    @Test("A hostile header costs a bounded amount")
    func hostileHeader() {
        let header = String(repeating: "en-US;q=0.5,", count: 100_000)
        #expect(AcceptLanguage.languages(from: header).map(\.identifier) == ["en-US"])
    }

    @Test("Hostile headers: 64 KB in one entry, 10,000 ranges, NULs, invalid tags, only separators")
    func hostileHeaders() {
        // One 64 KB entry is skipped without being read as a tag; the entry after it still counts.
        #expect(AcceptLanguage.languages(from: String(repeating: "a", count: 65_536) + ", fr").map(\.identifier) == ["fr"])
        // 10,000 distinct ranges: only the first 32 entries are read.
        let ranges = (0..<10_000).map { "x\($0 % 10)-\(String($0, radix: 36))" }.joined(separator: ", ")
        #expect(AcceptLanguage.languages(from: ranges + ", de").isEmpty)
        let many = (0..<10_000).map { _ in "fr;q=0.1" }.joined(separator: ",") + ", de"
        #expect(AcceptLanguage.languages(from: many).map(\.identifier) == ["fr"])
        // The 32nd entry is read; the 33rd is not.
        let filler = Array(repeating: "!!", count: 31)
        #expect(AcceptLanguage.languages(from: (filler + ["vi", "de"]).joined(separator: ",")).map(\.identifier) == ["vi"])
        #expect(AcceptLanguage.languages(from: "fr\u{0}, \u{0}de, en").map(\.identifier) == ["en"])
        #expect(AcceptLanguage.languages(from: String(repeating: ",", count: 65_536) + "fr").map(\.identifier) == ["fr"])
        #expect(AcceptLanguage.languages(from: String(repeating: ";", count: 65_536)).isEmpty)
        #expect(AcceptLanguage.languages(from: "en;q=1e400, fr;q=nan, de;q=-0, it;q=0.000001").map(\.identifier) == ["it"])
    }
}
