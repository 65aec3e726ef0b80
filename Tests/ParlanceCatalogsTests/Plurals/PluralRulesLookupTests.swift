import Testing
import ParlanceCatalogs

@Suite("Plural rules lookup by language tag")
struct PluralRulesLookupTests {
    @Test("A tag finds the most specific CLDR locale", arguments: [
        ("pt-PT", "pt_PT"), ("pt_PT", "pt_PT"), ("PT-pt", "pt_PT"), ("pt-BR", "pt"), ("pt", "pt"),
        ("en_US", "en"), ("en-US", "en"), ("EN", "en"), ("en-US-POSIX", "en"), ("en-US-u-nu-latn", "en"),
        ("zh-Hant-TW", "zh"), ("zh_Hans", "zh"), ("kok-Latn-IN", "kok_Latn"), ("kok-IN", "kok"),
        ("de_DE.UTF-8", "de"), ("sr_RS@latin", "sr"), ("root", "root"), ("yue-Hant-HK", "yue"),
    ])
    func cardinal(tag: String, locale: String) {
        #expect(PluralRules.cardinal(for: tag)?.locale == locale)
    }

    @Test("Ordinal rules fall back the same way", arguments: [
        ("pt-PT", "pt"), ("en-GB", "en"), ("kok-Latn-IN", "kok_Latn"), ("sv_FI", "sv"),
    ])
    func ordinal(tag: String, locale: String) {
        #expect(PluralRules.ordinal(for: tag)?.locale == locale)
    }

    @Test("An unknown language or a malformed tag has no rules", arguments: [
        "", "-", "_", "xx", "und", "e", "12", "en--US", "en-", "-en", "english-language", "i-klingon", "ру", "en-US-!",
    ])
    func unknown(tag: String) {
        #expect(PluralRules.cardinal(for: tag) == nil)
        #expect(PluralRules.ordinal(for: tag) == nil)
    }

    @Test("A language CLDR gives only cardinal rules has no ordinal rules")
    func cardinalOnly() {
        #expect(PluralRules.cardinal(for: "ff")?.locale == "ff")
        #expect(PluralRules.ordinal(for: "ff") == nil)
    }

    @Test("Tags that resolve to the same CLDR locale give equal rules")
    func equality() {
        #expect(PluralRules.cardinal(for: "pt-BR") == PluralRules.cardinal(for: "pt"))
        #expect(PluralRules.cardinal(for: "pt-PT") != PluralRules.cardinal(for: "pt"))
        #expect(PluralRules.cardinal(for: "en") != PluralRules.ordinal(for: "en"))
    }
}
