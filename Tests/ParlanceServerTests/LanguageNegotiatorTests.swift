import Foundation
@testable import Parlance
@testable import ParlanceCore
import ParlanceSync
import ParlanceTestSupport
import Testing
@testable import ParlanceServer

/// Each request's language: the steps in their order, then the default; what the response says.
@Suite("Negotiating a request's language")
struct LanguageNegotiatorTests {
    /// English (the source and default), French, German and Brazilian Portuguese.
    static func localizer() -> Localizer {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        var greeting = CatalogEntry()
        for (language, text) in [("en", "Hello"), ("fr", "Bonjour"), ("de", "Hallo"), ("pt-BR", "Olá")] {
            greeting[language] = .string(text)
        }
        catalog["greeting"] = greeting
        var items = CatalogEntry()
        items["en"] = .plural([.one: .string("%lld item"), .other: .string("%lld items")])
        items["fr"] = .plural([.one: .string("%lld article"), .other: .string("%lld articles")])
        catalog["items"] = items
        return Localizer(catalogs: [catalog], configuration: .init(defaultLanguage: "en", preferredLanguages: { [] }, notificationCenter: nil))
    }

    static let all: [LanguageNegotiator.Step] = [
        .pathPrefix, .queryParameter("lang"), .cookie("lang"),
        .profile(InMemoryProfileStore(profiles: ["ana": "de", "bad": "!!", "none": nil])), .acceptLanguage,
    ]

    func negotiate(_ input: RequestLanguageInput, steps: [LanguageNegotiator.Step] = Self.all) async -> NegotiatedLanguage {
        await LanguageNegotiator(localizer: Self.localizer(), steps: steps).negotiate(input)
    }

    @Test("Without suspending: the same answer as negotiate, or nil only where a profile store must be asked")
    func immediately() async {
        let negotiator = LanguageNegotiator(localizer: Self.localizer(), steps: Self.all)
        let inputs = [
            RequestLanguageInput(path: "/fr/orders", query: nil, cookieHeader: nil, acceptLanguage: "de", userID: "ana"),
            RequestLanguageInput(path: "/orders", query: "lang=de", cookieHeader: nil, acceptLanguage: nil, userID: "ana"),
            RequestLanguageInput(path: "/orders", query: nil, cookieHeader: "lang=pt-BR", acceptLanguage: "fr", userID: nil),
            RequestLanguageInput(path: "/orders", query: nil, cookieHeader: nil, acceptLanguage: "fr-CH, de;q=0.5", userID: nil),
            RequestLanguageInput(path: "/orders", query: nil, cookieHeader: nil, acceptLanguage: "ja", userID: nil),
        ]
        for input in inputs {
            let immediate = negotiator.negotiateImmediately(input)
            let awaited = await negotiator.negotiate(input)
            #expect(immediate?.snapshot.language == awaited.snapshot.language)
            #expect(immediate?.decision == awaited.decision)
            #expect(immediate?.path == awaited.path)
            #expect(immediate?.varyNamesMissing(from: []) == awaited.varyNamesMissing(from: []))
        }
        // A signed-in user whose language no earlier step found: the store must be asked.
        let signedIn = RequestLanguageInput(path: "/orders", query: nil, cookieHeader: nil, acceptLanguage: "fr", userID: "ana")
        #expect(negotiator.negotiateImmediately(signedIn) == nil)
        #expect(await negotiator.negotiate(signedIn).decision == .profile)
        // A user who chose nothing falls through to Accept-Language after the store answers.
        let undecided = RequestLanguageInput(path: "/orders", query: nil, cookieHeader: nil, acceptLanguage: "fr", userID: "none")
        let negotiated = await negotiator.negotiate(undecided)
        #expect(negotiated.decision == .acceptLanguage)
        #expect(negotiated.snapshot.language == "fr")
    }

    @Test("Each step chooses when the ones before it find nothing; the default comes last")
    func order() async {
        var input = RequestLanguageInput(
            path: "/fr/orders", query: "lang=de", cookieHeader: "lang=pt-BR", acceptLanguage: "de", userID: "ana")
        var negotiated = await negotiate(input)
        #expect(negotiated.decision == .pathPrefix)
        #expect(negotiated.snapshot.language == "fr")
        #expect(negotiated.path == "/orders")

        input.path = "/orders"
        negotiated = await negotiate(input)
        #expect(negotiated.decision == .queryParameter)
        #expect(negotiated.snapshot.language == "de")

        input.query = "page=2"
        negotiated = await negotiate(input)
        #expect(negotiated.decision == .cookie)
        #expect(negotiated.snapshot.language == "pt-BR")

        input.cookieHeader = "session=abc"
        input.acceptLanguage = "fr"
        negotiated = await negotiate(input)
        #expect(negotiated.decision == .profile)
        #expect(negotiated.snapshot.language == "de")

        input.userID = "none"
        negotiated = await negotiate(input)
        #expect(negotiated.decision == .acceptLanguage)
        #expect(negotiated.snapshot.language == "fr")

        input.acceptLanguage = "ja, ko;q=0.5"
        negotiated = await negotiate(input)
        #expect(negotiated.decision == .defaultLanguage)
        #expect(negotiated.snapshot.language == "en")
        #expect(negotiated.path == "/orders")
    }

    @Test("Accept-Language: weights, wildcards and CLDR matching against the available languages")
    func acceptLanguage() async {
        let cases: [(String, Language)] = [
            ("de-CH, fr;q=0.9", "de"),
            ("it, fr-CA;q=0.8, de;q=0.7", "fr"),
            ("pt-PT", "pt-BR"),
            ("pt", "pt-BR"),
            ("en-GB;q=0.2, fr;q=0.9", "fr"),
            ("*", "en"),
            ("fr;q=0, de", "de"),
            ("", "en"),
        ]
        for (header, expected) in cases {
            let negotiated = await negotiate(RequestLanguageInput(acceptLanguage: header), steps: [.acceptLanguage])
            #expect(negotiated.snapshot.language == expected, "\(header)")
        }
    }

    @Test("Content-Language names the language shown; Vary names each header the choice read")
    func headers() async {
        func headers(_ negotiated: NegotiatedLanguage) -> [String: String] {
            Dictionary(uniqueKeysWithValues: negotiated.responseHeaders.map { ($0.name, $0.value) })
        }
        let byPath = await negotiate(RequestLanguageInput(path: "/de", acceptLanguage: "fr"))
        #expect(headers(byPath) == ["Content-Language": "de"])
        #expect(byPath.path == "/")
        let byCookie = await negotiate(RequestLanguageInput(cookieHeader: "a=1; lang=fr", acceptLanguage: "de"))
        #expect(headers(byCookie) == ["Content-Language": "fr", "Vary": "Cookie"])
        let byHeader = await negotiate(RequestLanguageInput(acceptLanguage: "de"))
        #expect(headers(byHeader) == ["Content-Language": "de", "Vary": "Cookie, Accept-Language"])
        let onlyHeader = await negotiate(RequestLanguageInput(acceptLanguage: "de"), steps: [.acceptLanguage])
        #expect(headers(onlyHeader) == ["Content-Language": "de", "Vary": "Accept-Language"])
        let byDefault = await negotiate(RequestLanguageInput(), steps: [.pathPrefix])
        #expect(headers(byDefault) == ["Content-Language": "en"])
    }

    @Test("A Vary the handler set is read as lists, without regard to case", arguments: [
        (["Accept-Encoding"], "Accept-Language", false),
        (["accept-language"], "Accept-Language", true),
        (["Accept-Encoding, \tACCEPT-LANGUAGE "], "Accept-Language", true),
        (["Origin", "Cookie,Accept-Encoding"], "Cookie", true),
        (["*"], "Cookie", true),
        (["Cookies", "Cooki", ",,", "", " , "], "Cookie", false),
        ([String(repeating: "x, ", count: 10_000)], "Cookie", false),
    ])
    func varyHeader(values: [String], name: String, contained: Bool) {
        #expect(VaryHeader.contains(name, in: values) == contained)
    }

    @Test("Header fields as frameworks hand them: one read as it is, several joined as HTTP joins them")
    func inputFromFields() async {
        let one = RequestLanguageInput(path: "/", query: nil, cookieFields: ["lang=fr"], acceptLanguageFields: ["de"], userID: nil)
        #expect(one.cookieHeader == "lang=fr")
        #expect(one.acceptLanguage == "de")
        let none = RequestLanguageInput(path: "/", query: nil, cookieFields: [], acceptLanguageFields: [], userID: "u")
        #expect(none.cookieHeader == nil && none.acceptLanguage == nil && none.userID == "u")
        let several = RequestLanguageInput(
            path: "/x", query: "a=1", cookieFields: ["a=1", "lang=pt-BR"], acceptLanguageFields: ["ja", "fr;q=0.5"], userID: nil)
        #expect(several.cookieHeader == "a=1; lang=pt-BR")
        #expect(several.acceptLanguage == "ja, fr;q=0.5")
        // The joined cookie is found in the second field; the joined list matches its second range.
        #expect(await negotiate(several, steps: [.cookie("lang")]).snapshot.language == "pt-BR")
        #expect(await negotiate(several, steps: [.acceptLanguage]).snapshot.language == "fr")
    }

    @Test("The Vary names a response still needs, beside those a handler set")
    func varyNamesMissing() async {
        let negotiated = await negotiate(RequestLanguageInput(cookieHeader: "x=1", acceptLanguage: "fr"), steps: [.cookie("lang"), .acceptLanguage])
        #expect(negotiated.vary == ["Cookie", "Accept-Language"])
        #expect(negotiated.varyNamesMissing(from: []) == ["Cookie", "Accept-Language"])
        #expect(negotiated.varyNamesMissing(from: ["Origin, accept-language"]) == ["Cookie"])
        #expect(negotiated.varyNamesMissing(from: ["Origin", "COOKIE"]) == ["Accept-Language"])
        #expect(negotiated.varyNamesMissing(from: ["*"]) == [])
    }

    @Test("The Vary value names the headers read, as one field's value, in the order read")
    func varyValue() async {
        let steps: [LanguageNegotiator.Step] = [.pathPrefix, .cookie("lang"), .acceptLanguage]
        let cases: [(RequestLanguageInput, String?)] = [
            (RequestLanguageInput(path: "/de/a", cookieHeader: "lang=fr", acceptLanguage: "fr"), nil),
            (RequestLanguageInput(cookieHeader: "lang=fr", acceptLanguage: "de"), "Cookie"),
            (RequestLanguageInput(acceptLanguage: "de"), "Cookie, Accept-Language"),
            (RequestLanguageInput(acceptLanguage: "ja"), "Cookie, Accept-Language"),
        ]
        for (input, expected) in cases {
            let negotiated = await negotiate(input, steps: steps)
            #expect(negotiated.varyValue == expected, "\(input)")
            #expect(negotiated.varyValue == (negotiated.vary.isEmpty ? nil : negotiated.vary.joined(separator: ", ")))
        }
        let headerOnly = await negotiate(RequestLanguageInput(acceptLanguage: "de"), steps: [.acceptLanguage])
        #expect(headerOnly.varyValue == "Accept-Language")
    }

    @Test("A path segment is a prefix only when it is an available language", arguments: [
        ("/fr", "fr", "/"), ("/fr/", "fr", "/"), ("/FR/orders", "fr", "/orders"), ("/pt-BR/a/b", "pt-BR", "/a/b"),
        ("/fr?x=1", "fr", "/?x=1"),
        ("/api/orders", "en", "/api/orders"), ("/ja/orders", "en", "/ja/orders"), ("/fr-CA/x", "en", "/fr-CA/x"),
        ("/", "en", "/"), ("", "en", ""), ("fr/orders", "en", "fr/orders"), ("//fr", "en", "//fr"),
    ] as [(String, Language, String)])
    func pathPrefix(path: String, language: Language, rest: String) async {
        let negotiated = await negotiate(RequestLanguageInput(path: path), steps: [.pathPrefix])
        #expect(negotiated.snapshot.language == language)
        #expect(negotiated.path == rest)
    }

    @Test("Query parameters and cookies are found among others, decoded, and matched")
    func parametersAndCookies() {
        #expect(LanguageNegotiator.parameter("lang", inQuery: "a=1&lang=fr&lang=de") == "fr")
        #expect(LanguageNegotiator.parameter("lang", inQuery: "language=fr&xlang=de") == nil)
        #expect(LanguageNegotiator.parameter("lang", inQuery: "lang=pt%2DBR") == "pt-BR")
        #expect(LanguageNegotiator.parameter("lang", inQuery: "lang=%ZZ") == nil)
        #expect(LanguageNegotiator.parameter("lang", inQuery: "lang") == nil)
        #expect(LanguageNegotiator.cookie("lang", inHeader: "a=1;  lang=fr ; b=2") == "fr")
        #expect(LanguageNegotiator.cookie("lang", inHeader: "lang=\"de\"") == "de")
        #expect(LanguageNegotiator.cookie("lang", inHeader: "xlang=de; lang") == nil)
    }

    @Test("A profile store that fails, a stored value that is no tag, and no user all pass to the next step")
    func profileFailures() async {
        final class FailingStore: ProfileLanguageStore {
            func loadLanguage(userID: String) async throws -> ProfileLanguage { throw ProfileStoreError.network("down") }
            func saveLanguage(_ tag: String?, changedAt: Date, userID: String) async throws -> ProfileSaveResult { .saved }
        }
        for (store, user) in [
            (FailingStore() as any ProfileLanguageStore, "ana"),
            (InMemoryProfileStore(profiles: ["bad": "!!"]), "bad"),
            (InMemoryProfileStore(profiles: ["ana": "de"]), "nobody"),
        ] {
            let negotiated = await negotiate(
                RequestLanguageInput(acceptLanguage: "fr", userID: user), steps: [.profile(store), .acceptLanguage])
            #expect(negotiated.decision == .acceptLanguage)
            #expect(negotiated.snapshot.language == "fr")
        }
        let anonymous = await negotiate(RequestLanguageInput(acceptLanguage: "fr"), steps: [.profile(FailingStore())])
        #expect(anonymous.decision == .defaultLanguage)
    }

    @Test("The request's snapshot renders strings, plurals and money in its language, touching no global state")
    func rendering() async {
        let negotiator = LanguageNegotiator(localizer: Self.localizer(), steps: [.acceptLanguage])
        let negotiated = await negotiator.negotiate(RequestLanguageInput(acceptLanguage: "fr-CH"))
        let german = await negotiator.negotiate(RequestLanguageInput(acceptLanguage: "de"))
        #expect(negotiated.snapshot.string("greeting") == "Bonjour")
        #expect(negotiated.snapshot.string("items", 3) == "3 articles")
        #expect(negotiated.snapshot.formatter.currency(12.5, code: "EUR") == "12,50\u{A0}€")
        #expect(german.snapshot.string("greeting") == "Hallo")
        #expect(negotiated.snapshot.string("greeting") == "Bonjour", "another request's language changes nothing here")
        #expect(negotiator.localizer.language == "en", "negotiating switches no localizer")
    }

    @Test("Hostile requests: 64 KB and 10,000-range headers, NULs, huge cookies and paths")
    func hostile() async {
        let negotiator = LanguageNegotiator(localizer: Self.localizer(), steps: Self.all)
        let inputs = [
            RequestLanguageInput(acceptLanguage: String(repeating: "x", count: 65_536)),
            RequestLanguageInput(acceptLanguage: (0..<10_000).map { "q\($0 % 26)z;q=0.\($0 % 9 + 1)" }.joined(separator: ",")),
            RequestLanguageInput(path: "/\u{0}fr/x", query: "lang=\u{0}", cookieHeader: "lang=fr\u{0}", acceptLanguage: "\u{0}"),
            RequestLanguageInput(
                path: "/" + String(repeating: "a", count: 65_536), query: "lang=" + String(repeating: "%2D", count: 20_000),
                cookieHeader: String(repeating: "a=b; ", count: 10_000) + "lang=de"),
        ]
        let results = await withTaskGroup(of: Language.self) { group in
            for input in inputs { group.addTask { await negotiator.negotiate(input).snapshot.language } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(results).isSubset(of: ["en", "de"]))
    }

    @Test("A million distinct tags over requests: one snapshot per available language, no more", .tags(.soak), .soakOnly)
    func millionTags() async {
        let negotiator = LanguageNegotiator(localizer: Self.localizer(), steps: Self.all)
        var seen: Set<Language> = []
        for index in 0..<1_000_000 {
            // negotiate never suspends here: give the shared pool back now and then, so tests
            // running beside this one (profile sync's background pushes) are not starved.
            if index % 1_000 == 0 { await Task.yield() }
            let tag = "fr-\(String(index % 900 + 100))-x-\(String(index, radix: 36))"
            seen.insert(await negotiator.negotiate(RequestLanguageInput(acceptLanguage: tag)).snapshot.language)
        }
        #expect(seen == ["fr"])
        #expect(negotiator.localizer.cachedSnapshotCount <= 4)
    }
}
