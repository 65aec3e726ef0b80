import Foundation
import HTTPTypes
import Hummingbird
import Parlance
import ParlanceServer

/// A request context that carries the request's language: what ``LocalizedResponder`` and
/// ``LanguageMiddleware`` negotiated.
///
/// ```swift
/// struct AppContext: LanguageRequestContext {
///     var coreContext: CoreRequestContextStorage
///     var negotiatedLanguage: NegotiatedLanguage?
///     init(source: Source) { coreContext = .init(source: source) }
/// }
/// ```
/// ``LocalizedRequestContext`` is one, for apps that need nothing else in theirs.
public protocol LanguageRequestContext: RequestContext {
    /// Set before the route's handler runs; `nil` until then.
    var negotiatedLanguage: NegotiatedLanguage? { get set }
}

extension LanguageRequestContext {
    /// The request's snapshot: `context.language.string("order.confirmation", n)`,
    /// `L10n.Order.confirmation(count: n, snapshot: context.language)`. Without the responder
    /// or middleware it is the shared localizer's current snapshot.
    public var language: LanguageSnapshot {
        negotiatedLanguage?.snapshot ?? Localizer.shared.currentSnapshot
    }
}

/// The context for apps that keep nothing else per request.
public struct LocalizedRequestContext: LanguageRequestContext {
    /// Hummingbird's own per-request state.
    public var coreContext: CoreRequestContextStorage
    /// What the responder or middleware negotiated.
    public var negotiatedLanguage: NegotiatedLanguage?

    /// A context for a request Hummingbird has just read.
    public init(source: Source) {
        coreContext = .init(source: source)
    }
}

/// Negotiates each request's language before the router sees it, so a language prefix
/// (`/fr/orders`) is taken off the path and `/orders` routes serve every language; sets the
/// context's ``LanguageRequestContext/negotiatedLanguage``; and adds `Content-Language` and
/// `Vary` to the response.
///
/// ```swift
/// let router = Router(context: LocalizedRequestContext.self)
/// router.get("/orders/:count") { _, context in
///     context.language.string("order.confirmation", try context.parameters.require("count", as: Int.self))
/// }
/// let app = Application(
///     responder: LocalizedResponder(router.buildResponder(), negotiator: LanguageNegotiator(
///         localizer: localizer, steps: [.pathPrefix, .cookie("lang"), .acceptLanguage])))
/// ```
public struct LocalizedResponder<Responder: HTTPResponder>: HTTPResponder where Responder.Context: LanguageRequestContext {
    public typealias Context = Responder.Context

    /// The router's responder, given the path less a language prefix.
    public let responder: Responder
    /// Chooses each request's language.
    public let negotiator: LanguageNegotiator
    /// The signed-in user, for `ParlanceServer/LanguageNegotiator/Step/profile(_:)`.
    public let userID: @Sendable (Request, Context) -> String?

    /// Negotiates with `negotiator`, then asks `responder`; `userID` names the signed-in user.
    public init(
        _ responder: Responder, negotiator: LanguageNegotiator,
        userID: @escaping @Sendable (Request, Context) -> String? = { _, _ in nil }
    ) {
        self.responder = responder
        self.negotiator = negotiator
        self.userID = userID
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        let negotiated = await negotiator.negotiate(request.languageInput(userID: userID(request, context)))
        var context = context
        context.negotiatedLanguage = negotiated
        var routed = request
        if negotiated.path != request.uri.path {
            var head = request.head
            head.path = negotiated.path + (request.uri.query.map { "?" + $0 } ?? "")
            routed = Request(head: head, body: request.body)
        }
        var response = try await responder.respond(to: routed, context: context)
        response.headers.addLanguageHeaders(negotiated)
        return response
    }
}

/// The same negotiation as router middleware, for apps that choose no language by path
/// prefix: Hummingbird routes a request before its middleware runs, so a prefix step here
/// chooses the language but routes still see the whole path. Add it before the routes.
///
/// ```swift
/// router.add(middleware: LanguageMiddleware(negotiator: negotiator))
/// ```
public struct LanguageMiddleware<Context: LanguageRequestContext>: RouterMiddleware {
    /// Chooses each request's language.
    public let negotiator: LanguageNegotiator
    /// The signed-in user, for `ParlanceServer/LanguageNegotiator/Step/profile(_:)`.
    public let userID: @Sendable (Request, Context) -> String?

    /// Negotiates with `negotiator`; `userID` names the signed-in user.
    public init(
        negotiator: LanguageNegotiator, userID: @escaping @Sendable (Request, Context) -> String? = { _, _ in nil }
    ) {
        self.negotiator = negotiator
        self.userID = userID
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let negotiated = await negotiator.negotiate(request.languageInput(userID: userID(request, context)))
        var context = context
        context.negotiatedLanguage = negotiated
        var response = try await next(request, context)
        response.headers.addLanguageHeaders(negotiated)
        return response
    }
}

extension Request {
    /// What the request says that may choose its language.
    func languageInput(userID: String?) -> RequestLanguageInput {
        RequestLanguageInput(
            path: uri.path, query: uri.query, cookieFields: headers[values: .cookie],
            acceptLanguageFields: headers[values: .acceptLanguage], userID: userID)
    }
}

extension HTTPFields {
    /// `Content-Language`, unless the handler set one, and the negotiation's `Vary`: one field
    /// naming every header it read, or, beside a `Vary` the handler set, one per name missing.
    mutating func addLanguageHeaders(_ negotiated: NegotiatedLanguage) {
        if self[.contentLanguage] == nil { append(HTTPField(name: .contentLanguage, value: negotiated.contentLanguage)) }
        let present = self[values: .vary]
        if present.isEmpty {
            if let value = negotiated.varyValue { append(HTTPField(name: .vary, value: value)) }
        } else {
            for name in negotiated.varyNamesMissing(from: present) { append(HTTPField(name: .vary, value: name)) }
        }
    }
}
