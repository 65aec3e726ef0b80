import Foundation
@testable import ParlanceCatalogs
import Testing

/// CLDR's likely subtags come from a generated table, not ICU: every entry is found by the
/// binary search, and agrees with Foundation (which asks ICU) wherever Foundation's older CLDR
/// knows the language.
@Suite("Likely subtags from the CLDR table")
struct LikelySubtagsTests {
    /// `aa_Latn_ET` as the language, script and region the table spells.
    static func subtags(_ text: String) -> (language: String, script: String?, region: String?) {
        var parts = text.split(separator: "_").map(String.init)
        let language = parts.removeFirst()
        let script = parts.first.flatMap { $0.count == 4 ? $0 : nil }
        if script != nil { parts.removeFirst() }
        return (language, script, parts.first)
    }

    @Test("Every entry is found by the binary search and maximizes to its own value")
    func everyEntryIsFound() throws {
        let entries = LikelySubtags.entries
        #expect(entries.count > 1_000, "the table holds CLDR's entries")
        #expect(entries.map(\.from) == entries.map(\.from).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) },
                "sorted in byte order, as the search assumes")
        for entry in entries {
            #expect(LikelySubtags.value(for: entry.from) == entry.to, "\(entry.from)")
            let input = Self.subtags(entry.from)
            let maximal = try #require(LikelySubtags.maximize(language: input.language, script: input.script, region: input.region), "\(entry.from)")
            #expect("\(maximal.language)_\(maximal.script)_\(maximal.region)" == entry.to, "\(entry.from)")
        }
    }

    @Test("Keys the table does not hold are not found: before the first, after the last, between two, prefixes and extensions")
    func absentKeys() {
        for key in ["", "0", "a", "zzzzzzzz", "aa_", "aa_Latn_", "en_Latn_USX", "qaa", "und_ZZZZ", "~"] {
            #expect(LikelySubtags.value(for: key) == nil, "\(key)")
        }
    }

    @Test("UTS #35's examples and the cases Parlance relies on", arguments: [
        ("zh", nil, "TW", "zh-Hant-TW"), ("zh", nil, nil, "zh-Hans-CN"), ("zh", "Hant", nil, "zh-Hant-TW"),
        ("sr", nil, nil, "sr-Cyrl-RS"), ("sr", nil, "ME", "sr-Latn-ME"), ("pt", nil, nil, "pt-Latn-BR"),
        ("en", nil, nil, "en-Latn-US"), ("und", nil, "RU", "ru-Cyrl-RU"), ("und", "Arab", nil, "ar-Arab-EG"),
        ("es", nil, "419", "es-Latn-419"), ("und", nil, nil, "en-Latn-US"),
    ] as [(String, String?, String?, String)])
    func examples(_ language: String, _ script: String?, _ region: String?, _ expected: String) {
        #expect(LikelySubtags.maximize(language: language, script: script, region: region)?.description == expected)
    }

    @Test("A language the table does not know, with no script, maximizes to nothing")
    func unknownLanguage() {
        #expect(LikelySubtags.maximize(language: "qaa", script: nil, region: nil) == nil)
        #expect(LikelySubtags.maximize(language: "qaa", script: nil, region: "FR") == nil)
        // CLDR 48 has no `und_Latn` entry, so a made-up language in Latin is not maximized (as ICU 78).
        #expect(LikelySubtags.maximize(language: "qaa", script: "Latn", region: nil) == nil)
    }

    @Test("Foundation (ICU) agrees on every entry whose language it knows, but for the CLDR changes listed here")
    func agreesWithFoundation() {
        var compared = 0
        var disagreements: [String] = []
        for entry in LikelySubtags.entries {
            // Deprecated codes (`iw`, `in`, `mo`, `tl`) are replaced first, as `Language` replaces
            // them before anything looks them up; both sides are asked about the replacement.
            let language = Language(entry.from)
            let identifier = language?.identifier ?? entry.from.replacingOccurrences(of: "_", with: "-")
            let foundation: String = Locale.Language(identifier: identifier).maximalIdentifier
            // Foundation returns what it cannot maximize unchanged: its CLDR predates the entry.
            guard foundation.split(separator: "-").count >= 3 else { continue }
            compared += 1
            let input = language.map { ($0.languageCode, $0.script, $0.region) } ?? Self.subtags(entry.from)
            let ours = LikelySubtags.maximize(language: input.0, script: input.1, region: input.2)?.description
            if ours != foundation, Self.cldrChanges[entry.from] != foundation {
                disagreements.append("\(entry.from): table \(ours ?? "nil"), Foundation \(foundation)")
            }
        }
        #expect(compared > 1_000, "Foundation knows most entries")
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements:\n\(disagreements.joined(separator: "\n"))")
    }

    /// The 69 entries where Foundation (its ICU carries an older CLDR) says otherwise, with
    /// what it says. Each was checked with PyICU: ICU 78.3 (CLDR 48) gives the table's value, and
    /// ICU 72.1 (CLDR 42) Foundation's, or nothing; the rest (`ks`, `ur`, `pa_PK` and `und_PK` in
    /// Aran, `zh_US` in Hans) are values CLDR held between those two releases and changed back.
    static let cldrChanges: [String: String] = [
        "apd": "apd-Arab-TG", "bsq": "bsq-Bass-LR", "dho": "dho-Deva-IN", "grc": "grc-Cprt-CY",
        "hak_Hant": "hak-Hant-CN", "hak_TW": "hak-Hans-TW", "hmn": "hmn-Hmng-CN", "kaw": "kaw-Kawi-ID",
        "kgy": "kgy-Deva-NP", "ks": "ks-Aran-IN", "ku_AM": "ku-Latn-AM", "ku_AZ": "ku-Latn-AZ",
        "ku_Cyrl": "ku-Cyrl-TR", "ku_GE": "ku-Latn-GE", "ku_IQ": "ku-Latn-IQ", "ku_IR": "ku-Latn-IR",
        "ku_TM": "ku-Latn-TM", "len": "len-Latn-HN", "lzh": "lzh-Hans-CN", "lzz_GE": "lzz-Latn-GE",
        "lzz_Geor": "lzz-Geor-TR", "mey": "mey-Latn-SN", "nan_Hant": "nan-Hant-CN", "nan_MO": "nan-Hans-MO",
        "nan_TW": "nan-Hans-TW", "nue": "nue-Latn-CD", "pa_PK": "pa-Aran-PK", "pi": "pi-Sinh-IN",
        "pi_IN": "pi-Sinh-IN", "pi_MM": "pi-Sinh-MM", "pi_Mymr": "pi-Mymr-IN", "pi_Sinh": "pi-Sinh-IN",
        "pi_TH": "pi-Sinh-TH", "pi_Thai": "pi-Thai-IN", "pnt_Cyrl": "pnt-Cyrl-GR", "pnt_Latn": "pnt-Latn-GR",
        "pnt_RU": "pnt-Grek-RU", "pnt_TR": "pnt-Grek-TR", "sga": "sga-Ogam-IE", "suz": "suz-Sunu-NP",
        "tcn": "tcn-Tibt-NP", "twm": "twm-Deva-IN", "und_Arab_AZ": "ar-Arab-AZ", "und_Arab_GB": "ks-Arab-GB",
        "und_BV": "en-Latn-BV", "und_BY": "be-Cyrl-BY", "und_Berf": "en-Berf-US", "und_CD": "sw-Latn-CD",
        "und_CF": "fr-Latn-CF", "und_Cprt": "grc-Cprt-CY", "und_Cyrl_BY": "be-Cyrl-BY", "und_DJ": "aa-Latn-DJ",
        "und_Hmnp": "hnj-Hmnp-US", "und_Khar": "pra-Khar-PK", "und_Lana_MM": "nod-Lana-MM", "und_Latn_GE": "ku-Latn-GE",
        "und_Latn_MO": "pt-Latn-MO", "und_Latn_SY": "fr-Latn-SY", "und_Linb": "grc-Linb-GR", "und_MU": "mfe-Latn-MU",
        "und_PK": "ur-Aran-PK", "und_SN": "fr-Latn-SN", "und_Sidt": "en-Sidt-US", "und_TD": "fr-Latn-TD",
        "und_Tayo": "en-Tayo-US", "und_Tols": "en-Tols-US", "ur": "ur-Aran-PK", "zh_US": "zh-Hans-US",
        "zlm": "zlm-Latn-TG",
    ]
}
