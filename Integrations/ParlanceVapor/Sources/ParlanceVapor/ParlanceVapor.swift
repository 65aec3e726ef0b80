import Foundation
import NIOHTTP1
import Parlance
import ParlanceServer
import Vapor

extension Request {
    /// The request's snapshot: `req.language.string("order.confirmation", n)`,
    /// `L10n.Order.confirmation(count: n, snapshot: req.language)`. Without the responder or
    /// middleware it is the shared localizer's current snapshot.
    public var language: LanguageSnapshot {
        negotiatedLanguage?.snapshot ?? Localizer.shared.currentSnapshot
    }

    /// What ``LocalizedResponder`` or ``LanguageMiddleware`` negotiated for this request: the
    /// snapshot, the step that chose it, and the headers the response gets. `nil` until one
    /// of them has run.
    public internal(set) var negotiatedLanguage: NegotiatedLanguage? {
        get { storage[NegotiatedLanguageKey.self] }
        set { storage[NegotiatedLanguageKey.self] = newValue }
    }

    /// What the request says that may choose its language.
    func languageInput(userID: String?) -> RequestLanguageInput {
        RequestLanguageInput(
            path: url.path, query: url.query, cookieFields: headers[.cookie],
            acceptLanguageFields: headers[.acceptLanguage], userID: userID)
    }

    /// Negotiates, keeps the result on the request, and takes a prefix that chose the language
    /// off the path.
    func negotiateLanguage(
        with negotiator: LanguageNegotiator, userID: @Sendable (Request) -> String?, rewritingPath: Bool
    ) async -> NegotiatedLanguage {
        let negotiated = await negotiator.negotiate(languageInput(userID: userID(self)))
        negotiatedLanguage = negotiated
        if rewritingPath, negotiated.path != url.path { url.path = negotiated.path }
        return negotiated
    }
}

private struct NegotiatedLanguageKey: StorageKey {
    typealias Value = NegotiatedLanguage
}

/// Negotiates each request's language before Vapor routes it, so a language prefix
/// (`/fr/orders`) is taken off the path and `/orders` routes serve every language; keeps the
/// result on the request (``Vapor/Request/language``); and adds `Content-Language` and `Vary`
/// to the response.
///
/// Vapor chooses a request's route before its middleware runs, so prefix routing needs a
/// responder around the router. Install it with
/// ``Vapor/Application/Responder/Provider/localized(negotiator:userID:)``:
///
/// ```swift
/// app.responder.use(.localized(negotiator: LanguageNegotiator(
///     localizer: localizer, steps: [.pathPrefix, .cookie("lang"), .acceptLanguage])))
/// app.get("orders", ":count") { req in
///     req.language.string("order.confirmation", try req.parameters.require("count", as: Int.self))
/// }
/// ```
public struct LocalizedResponder: AsyncResponder {
    /// Vapor's own responder: the router behind the app's middleware.
    public let responder: any Responder
    /// Chooses each request's language.
    public let negotiator: LanguageNegotiator
    /// The signed-in user, for `ParlanceServer/LanguageNegotiator/Step/profile(_:)`.
    public let userID: @Sendable (Request) -> String?

    /// Negotiates with `negotiator`, then asks `responder`; `userID` names the signed-in user.
    public init(
        _ responder: any Responder, negotiator: LanguageNegotiator,
        userID: @escaping @Sendable (Request) -> String? = { _ in nil }
    ) {
        self.responder = responder
        self.negotiator = negotiator
        self.userID = userID
    }

    public func respond(to request: Request) async throws -> Response {
        let negotiated = await request.negotiateLanguage(with: negotiator, userID: userID, rewritingPath: true)
        let response = try await responder.respond(to: request).get()
        response.headers.addLanguageHeaders(negotiated)
        return response
    }
}

extension Application.Responder.Provider {
    /// Vapor's responder inside a ``LocalizedResponder``: every request is negotiated, and a
    /// language prefix taken off its path, before the router sees it.
    ///
    /// Use it after registering routes and middleware, or before: the router and middleware
    /// are read when the server starts.
    public static func localized(
        negotiator: LanguageNegotiator, userID: @escaping @Sendable (Request) -> String? = { _ in nil }
    ) -> Self {
        .init { app in
            app.responder.use { app in
                LocalizedResponder(app.responder.default, negotiator: negotiator, userID: userID)
            }
        }
    }
}

/// The same negotiation as middleware, for apps that choose no language by path prefix: Vapor
/// routes a request before its middleware runs, so a prefix step here chooses the language but
/// routes still see the whole path. Global or per route group.
///
/// ```swift
/// app.middleware.use(LanguageMiddleware(negotiator: negotiator))
/// ```
public struct LanguageMiddleware: AsyncMiddleware {
    /// Chooses each request's language.
    public let negotiator: LanguageNegotiator
    /// The signed-in user, for `ParlanceServer/LanguageNegotiator/Step/profile(_:)`.
    public let userID: @Sendable (Request) -> String?

    /// Negotiates with `negotiator`; `userID` names the signed-in user.
    public init(negotiator: LanguageNegotiator, userID: @escaping @Sendable (Request) -> String? = { _ in nil }) {
        self.negotiator = negotiator
        self.userID = userID
    }

    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let negotiated = await request.negotiateLanguage(with: negotiator, userID: userID, rewritingPath: false)
        let response = try await next.respond(to: request)
        response.headers.addLanguageHeaders(negotiated)
        return response
    }
}

extension HTTPHeaders {
    /// `Content-Language`, unless the handler set one, and the negotiation's `Vary` beside any
    /// the handler set.
    mutating func addLanguageHeaders(_ negotiated: NegotiatedLanguage) {
        if self[.contentLanguage].isEmpty { replaceOrAdd(name: .contentLanguage, value: negotiated.contentLanguage) }
        for name in negotiated.varyNamesMissing(from: self[.vary]) { add(name: .vary, value: name) }
    }
}
