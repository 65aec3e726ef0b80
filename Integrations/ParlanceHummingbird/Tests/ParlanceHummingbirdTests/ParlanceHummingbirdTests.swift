import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Parlance
import ParlanceHummingbird
import ParlanceServer
import ParlanceSync
import ParlanceTestSupport
import Testing

/// A Hummingbird 2 app whose handlers answer in each request's language.
@Suite("Hummingbird: each request in its language")
struct ParlanceHummingbirdTests {
    static func localizer() -> Localizer {
        Localizer(catalogs: [ServerFixtures.ordersCatalog()], configuration: .init(defaultLanguage: "en", preferredLanguages: { [] }, notificationCenter: nil))
    }

    static let negotiator = LanguageNegotiator(
        localizer: localizer(),
        steps: [.pathPrefix, .cookie("lang"), .profile(InMemoryProfileStore(profiles: ["ana": "de"])), .acceptLanguage])

    static func router() -> Router<LocalizedRequestContext> {
        let router = Router(context: LocalizedRequestContext.self)
        router.get("/orders/:count") { _, context -> String in
            let count = try context.parameters.require("count", as: Int.self)
            let total = context.language.formatter.currency(Double(count) * 9.5, code: "EUR")
            return context.language.string("order.confirmation", count) + " · " + total
        }
        // A handler with a `Vary` of its own: the negotiation adds only the names it lacks.
        router.get("/varied") { _, context -> Response in
            Response(
                status: .ok, headers: [.vary: "Origin, accept-language"],
                body: .init(byteBuffer: ByteBuffer(string: context.language.string("order.confirmation", 1))))
        }
        return router
    }

    static func app() -> some ApplicationProtocol {
        Application(responder: LocalizedResponder(
            router().buildResponder(), negotiator: negotiator,
            userID: { request, _ in request.headers[HTTPField.Name("X-User")!] }))
    }

    @Test("The prefix, cookie, profile and Accept-Language each choose; bodies and headers follow")
    func responses() async throws {
        try await Self.app().test(.router) { client in
            try await client.execute(uri: "/fr/orders/3", method: .get, headers: [.acceptLanguage: "de"]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "3 commandes confirmées · 28,50\u{A0}€")
                #expect(response.headers[.contentLanguage] == "fr")
                #expect(response.headers[values: .vary].isEmpty)
            }
            try await client.execute(uri: "/orders/1", method: .get, headers: [.cookie: "theme=dark; lang=de", .acceptLanguage: "fr"]) { response in
                #expect(String(buffer: response.body) == "1 Bestellung bestätigt · 9,50\u{A0}€")
                #expect(response.headers[.contentLanguage] == "de")
                #expect(response.headers[values: .vary] == ["Cookie"])
            }
            try await client.execute(uri: "/orders/2", method: .get, headers: [HTTPField.Name("X-User")!: "ana", .acceptLanguage: "fr"]) { response in
                #expect(response.headers[.contentLanguage] == "de")
            }
            try await client.execute(uri: "/orders/2", method: .get, headers: [.acceptLanguage: "fr-CH;q=0.9, de;q=0.5"]) { response in
                #expect(String(buffer: response.body).hasPrefix("2 commandes confirmées"))
                #expect(response.headers[.contentLanguage] == "fr")
                #expect(response.headers[values: .vary] == ["Cookie, Accept-Language"])
            }
            try await client.execute(uri: "/varied", method: .get, headers: [.acceptLanguage: "fr"]) { response in
                #expect(String(buffer: response.body) == "1 commande confirmée")
                #expect(response.headers[values: .vary] == ["Origin, accept-language", "Cookie"], "one field per name the handler's lacks")
            }
            try await client.execute(uri: "/orders/2", method: .get, headers: [.acceptLanguage: "ja"]) { response in
                #expect(String(buffer: response.body) == "2 orders confirmed · €19.00")
                #expect(response.headers[.contentLanguage] == "en")
            }
            try await client.execute(uri: "/api/orders/2", method: .get) { response in
                #expect(response.status == .notFound, "a segment that is no language is routed as it is")
            }
        }
    }

    @Test("Hostile headers on a live server on loopback: every request answers, in a language the app has")
    func hostileLive() async throws {
        try await Self.app().test(.live) { client in
            for header in ServerFixtures.hostileHeaders {
                let fields = HTTPFields([HTTPField(name: HTTPField.Name(header.name)!, value: header.value)])
                try await client.execute(uri: "/orders/1", method: .get, headers: fields) { response in
                    #expect(response.status == .ok)
                    #expect(["en", "fr", "de"].contains(response.headers[.contentLanguage] ?? ""))
                }
            }
        }
    }

    @Test("As router middleware: the language is chosen, the route sees the path as sent")
    func middleware() async throws {
        let router = Router(context: LocalizedRequestContext.self)
        router.add(middleware: LanguageMiddleware(negotiator: LanguageNegotiator(localizer: Self.localizer(), steps: [.acceptLanguage])))
        router.get("/orders/:count") { _, context -> String in
            context.language.string("order.confirmation", try context.parameters.require("count", as: Int.self))
        }
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/orders/5", method: .get, headers: [.acceptLanguage: "de-AT"]) { response in
                #expect(String(buffer: response.body) == "5 Bestellungen bestätigt")
                #expect(response.headers[.contentLanguage] == "de")
                #expect(response.headers[values: .vary] == ["Accept-Language"])
            }
        }
    }
}
