import Foundation
import Parlance
import ParlanceServer
import ParlanceSync
import ParlanceVapor
import ParlanceTestSupport
import Testing
import Vapor
import VaporTesting

/// A Vapor 4 app whose handlers answer in each request's language.
@Suite("Vapor: each request in its language")
struct ParlanceVaporTests {
    static func localizer() -> Localizer {
        Localizer(catalogs: [ServerFixtures.ordersCatalog()], configuration: .init(defaultLanguage: "en", preferredLanguages: { [] }, notificationCenter: nil))
    }

    static let negotiator = LanguageNegotiator(
        localizer: localizer(),
        steps: [.pathPrefix, .cookie("lang"), .profile(InMemoryProfileStore(profiles: ["ana": "de"])), .acceptLanguage])

    /// The routes, as an app registers them: no language in any path.
    static func routes(_ app: Application) {
        app.get("orders", ":count") { req -> String in
            let count = try req.parameters.require("count", as: Int.self)
            let total = req.language.formatter.currency(Double(count) * 9.5, code: "EUR")
            return req.language.string("order.confirmation", count) + " · " + total
        }
        // A handler with a `Vary` of its own: the negotiation adds only the names it lacks.
        app.get("varied") { req -> Response in
            let response = Response(status: .ok, body: .init(string: req.language.string("order.confirmation", 1)))
            response.headers.add(name: .vary, value: "Origin, accept-language")
            return response
        }
    }

    static func configure(_ app: Application) {
        app.logger.logLevel = .warning
        routes(app)
        app.responder.use(.localized(negotiator: negotiator, userID: { $0.headers.first(name: "X-User") }))
    }

    @Test("The prefix, cookie, profile and Accept-Language each choose; bodies and headers follow")
    func responses() async throws {
        try await withApp(configure: Self.configure) { app in
            let client = try app.testing()
            try await client.test(.GET, "/fr/orders/3", headers: ["Accept-Language": "de"]) { response in
                #expect(response.status == .ok)
                #expect(response.body.string == "3 commandes confirmées · 28,50\u{A0}€")
                #expect(response.headers[.contentLanguage] == ["fr"])
                #expect(response.headers[.vary].isEmpty)
            }
            try await client.test(.GET, "/orders/1", headers: ["Cookie": "theme=dark; lang=de", "Accept-Language": "fr"]) { response in
                #expect(response.body.string == "1 Bestellung bestätigt · 9,50\u{A0}€")
                #expect(response.headers[.contentLanguage] == ["de"])
                #expect(response.headers[.vary] == ["Cookie"])
            }
            try await client.test(.GET, "/orders/2", headers: ["X-User": "ana", "Accept-Language": "fr"]) { response in
                #expect(response.headers[.contentLanguage] == ["de"])
            }
            try await client.test(.GET, "/orders/2", headers: ["Accept-Language": "fr-CH;q=0.9, de;q=0.5"]) { response in
                #expect(response.body.string.hasPrefix("2 commandes confirmées"))
                #expect(response.headers[.contentLanguage] == ["fr"])
                #expect(response.headers[.vary] == ["Cookie, Accept-Language"])
            }
            try await client.test(.GET, "/varied", headers: ["Accept-Language": "fr"]) { response in
                #expect(response.body.string == "1 commande confirmée")
                #expect(response.headers[.vary] == ["Origin, accept-language", "Cookie"], "one field per name the handler's lacks")
            }
            try await client.test(.GET, "/orders/2", headers: ["Accept-Language": "ja"]) { response in
                #expect(response.body.string == "2 orders confirmed · €19.00")
                #expect(response.headers[.contentLanguage] == ["en"])
            }
            try await client.test(.GET, "/de/orders/4?ref=mail") { response in
                #expect(response.body.string == "4 Bestellungen bestätigt · 38,00\u{A0}€", "the query stays on the rewritten path")
            }
            try await client.test(.GET, "/api/orders/2") { response in
                #expect(response.status == .notFound, "a segment that is no language is routed as it is")
                #expect(response.headers[.contentLanguage] == ["en"], "an error page is in the default language too")
            }
        }
    }

    @Test("Hostile headers on a live server on loopback: every request answers, in a language the app has")
    func hostileLive() async throws {
        try await withApp(configure: Self.configure) { app in
            let client = try app.testing(method: .running(port: 0))
            // Vapor's HTTP client refuses to send control characters: those go in memory below.
            for header in ServerFixtures.hostileHeaders where !header.hasControlCharacters {
                let fields = HTTPHeaders([(header.name, header.value)])
                try await client.test(.GET, "/orders/1", headers: fields) { response in
                    #expect(response.status == .ok)
                    #expect(["en", "fr", "de"].contains(response.headers[.contentLanguage].first ?? ""))
                }
            }
            // Vapor's HTTP client refuses to send control characters; its in-memory tester
            // hands them to the app as they are.
            try await app.testing().test(.GET, "/orders/1", headers: ["Accept-Language": "fr\u{1}, x\u{0}y, de-AT;q=0.5"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentLanguage] == ["de"], "the tags with control characters are skipped")
            }
        }
    }

    @Test("As middleware: the language is chosen, the route sees the path as sent")
    func middleware() async throws {
        try await withApp(configure: { app in
            app.logger.logLevel = .warning
            app.middleware.use(LanguageMiddleware(negotiator: LanguageNegotiator(localizer: Self.localizer(), steps: [.acceptLanguage])))
            app.get("orders", ":count") { req -> String in
                req.language.string("order.confirmation", try req.parameters.require("count", as: Int.self))
            }
        }) { app in
            try await app.testing().test(.GET, "/orders/5", headers: ["Accept-Language": "de-AT"]) { response in
                #expect(response.body.string == "5 Bestellungen bestätigt")
                #expect(response.headers[.contentLanguage] == ["de"])
                #expect(response.headers[.vary] == ["Accept-Language"])
            }
        }
    }

    @Test("Header names in any case, and a field sent twice, are read as one header")
    func headerFields() async throws {
        try await withApp(configure: Self.configure) { app in
            let client = try app.testing()
            // Two Accept-Language fields are one list: "xx" matches nothing, "fr" does.
            var headers = HTTPHeaders()
            headers.add(name: "accept-LANGUAGE", value: "xx")
            headers.add(name: "Accept-Language", value: "fr;q=0.5")
            try await client.test(.GET, "/orders/2", headers: headers) { response in
                #expect(response.body.string.hasPrefix("2 commandes confirmées"))
                #expect(response.headers[.contentLanguage] == ["fr"])
            }
            // Two Cookie fields (as HTTP/2 sends its crumbs) are one list too.
            var cookies = HTTPHeaders()
            cookies.add(name: "COOKIE", value: "theme=dark")
            cookies.add(name: "cookie", value: "lang=de")
            cookies.add(name: "Accept-Language", value: "fr")
            try await client.test(.GET, "/orders/1", headers: cookies) { response in
                #expect(response.headers[.contentLanguage] == ["de"])
                #expect(response.headers[.vary] == ["Cookie"])
            }
        }
    }
}
