import ParlanceCatalogs
import Testing

/// The user's languages as a POSIX environment gives them (`LANGUAGE`, `LC_ALL`,
/// `LC_MESSAGES`, `LANG`), read as gettext reads them for messages.
@Suite("POSIX locale names and environments")
struct POSIXLocaleTests {
    @Test("A locale name's codeset is dropped; script and variant modifiers are kept", arguments: [
        ("fr_FR.UTF-8", "fr-FR"), ("fr_FR.UTF-8@euro", "fr-FR"), ("de_DE@euro", "de-DE"), ("de", "de"),
        ("pt_BR", "pt-BR"), ("en_GB.ISO-8859-1", "en-GB"), ("sr_RS@latin", "sr-Latn-RS"),
        ("sr_RS.UTF-8@latin", "sr-Latn-RS"), ("uz_UZ@cyrillic", "uz-Cyrl-UZ"), ("sd_IN@devanagari", "sd-Deva-IN"),
        ("ca_ES.UTF-8@valencia", "ca-ES-valencia"), ("aa_ER@saaho", "aa-ER"), ("zh_TW.Big5", "zh-TW"),
        ("es_419.UTF-8", "es-419"), ("iw_IL", "he-IL"), ("pt-BR", "pt-BR"),
    ])
    func names(_ name: String, _ expected: String) throws {
        let language = try #require(Language.fromPOSIXLocale(name))
        #expect(language.identifier == expected)
    }

    @Test("C, POSIX, C.UTF-8, empty names and what is no locale name give no language", arguments: [
        "C", "POSIX", "C.UTF-8", "C.utf8", "POSIX.UTF-8", "", ".UTF-8", "@euro", "/usr/share/locale/fr",
        "fr_FR_extra_", String(repeating: "a", count: 100), "x",
    ])
    func noLanguage(_ name: String) {
        #expect(Language.fromPOSIXLocale(name) == nil)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var environment: [String: String]
        var expected: [String]
        var testDescription: String { "\(environment.sorted { $0.key < $1.key }) → \(expected)" }
    }

    @Test("LANGUAGE first unless the locale is C or POSIX; the locale from LC_ALL, LC_MESSAGES, LANG", arguments: [
        Case(environment: ["LANG": "fr_FR.UTF-8"], expected: ["fr-FR"]),
        Case(environment: ["LANGUAGE": "de", "LANG": "de_DE.UTF-8"], expected: ["de", "de-DE"]),
        Case(environment: ["LANGUAGE": "fr_CA:fr:en", "LANG": "de_DE.UTF-8"], expected: ["fr-CA", "fr", "en", "de-DE"]),
        Case(environment: ["LC_ALL": "it_IT.UTF-8", "LC_MESSAGES": "es_ES", "LANG": "de_DE"], expected: ["it-IT"]),
        Case(environment: ["LC_MESSAGES": "es_ES", "LANG": "de_DE"], expected: ["es-ES"]),
        Case(environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_DE"], expected: ["de-DE"]),
        // gettext ignores LANGUAGE in the C locale, which is also the locale when none is set.
        Case(environment: ["LANGUAGE": "fr", "LC_ALL": "C", "LANG": "de_DE"], expected: []),
        Case(environment: ["LANGUAGE": "fr", "LANG": "POSIX"], expected: []),
        Case(environment: ["LANGUAGE": "fr"], expected: []),
        // C.UTF-8 is not "C": LANGUAGE is read, and the locale itself names no language.
        Case(environment: ["LANGUAGE": "fr:en", "LANG": "C.UTF-8"], expected: ["fr", "en"]),
        Case(environment: ["LANG": "C.UTF-8"], expected: []),
        Case(environment: [:], expected: []),
        Case(environment: ["LANGUAGE": "::fr::fr_FR:fr:bad/name:", "LANG": "fr_FR.UTF-8"], expected: ["fr", "fr-FR"]),
        Case(environment: ["LANGUAGE": "", "LANG": "en_GB.UTF-8"], expected: ["en-GB"]),
    ])
    func environments(_ test: Case) {
        #expect(Language.preferredLanguages(environment: test.environment).map(\.identifier) == test.expected)
    }

    @Test("A LANGUAGE of a million entries is read to its first 32")
    func longList() {
        // "lax", "lbx", … "lzx", "lax", …: 26 distinct tags, repeating.
        let list = (0..<1_000_000).map { "l" + String(UnicodeScalar(UInt8(97 + $0 % 26))) + "x" }.joined(separator: ":")
        let languages = Language.preferredLanguages(environment: ["LANGUAGE": list, "LANG": "fr_FR"])
        // 26 distinct tags among the first 32 entries, then the locale.
        #expect(languages.count == 27)
        #expect(languages.last?.identifier == "fr-FR")
    }
}
