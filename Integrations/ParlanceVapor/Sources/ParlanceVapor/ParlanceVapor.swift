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
        storage[NegotiatedLanguageKey.self]?.negotiated.snapshot ?? Localizer.shared.currentSnapshot
    }

    /// What ``LocalizedResponder`` or ``LanguageMiddleware`` negotiated for this request: the
    /// snapshot, the step that chose it, and the headers the response gets. `nil` until one
    /// of them has run.
    public var negotiatedLanguage: NegotiatedLanguage? {
        storage[NegotiatedLanguageKey.self]?.negotiated
    }

    /// What the request says that may choose its language: only the parts `inputs` names,
    /// since Vapor decodes the path and the query again on every read of `url`.
    func languageInput(_ inputs: LanguageNegotiator.Inputs, userID: @Sendable (Request) -> String?) -> RequestLanguageInput {
        var path = "/"
        var query: String?
        if !inputs.isDisjoint(with: [.path, .query]) {
            let url = self.url
            if inputs.contains(.path) { path = url.path }
            if inputs.contains(.query) { query = url.query }
        }
        // One pass over the headers for both fields, with no array made unless one repeats.
        var cookie: String?
        var acceptLanguage: String?
        if !inputs.isDisjoint(with: [.cookie, .acceptLanguage]) {
            for (name, value) in headers {
                if inputs.contains(.cookie), Self.isField(name, "cookie") {
                    cookie = cookie.map { $0 + "; " + value } ?? value
                } else if inputs.contains(.acceptLanguage), Self.isField(name, "accept-language") {
                    acceptLanguage = acceptLanguage.map { $0 + ", " + value } ?? value
                }
            }
        }
        return RequestLanguageInput(
            path: path, query: query, cookieHeader: cookie, acceptLanguage: acceptLanguage,
            userID: inputs.contains(.user) ? userID(self) : nil)
    }

    /// Whether a header's name is `lowercased`, in any case, compared byte by byte.
    private static func isField(_ name: String, _ lowercased: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: lowercased.utf8Start, count: lowercased.utf8CodeUnitCount)
        guard name.utf8.count == expected.count else { return false }
        for (byte, wanted) in zip(name.utf8, expected) where byte != wanted {
            // ASCII letters differ from their lowercase by one bit.
            guard byte | 0x20 == wanted, wanted >= UInt8(ascii: "a"), wanted <= UInt8(ascii: "z") else { return false }
        }
        return true
    }

    /// Negotiates, keeps the result on the request, and takes a prefix that chose the language
    /// off the path; then `next` answers, and the response gets the negotiation's headers.
    ///
    /// A negotiation that needs no profile store (``ParlanceServer/LanguageNegotiator/negotiateImmediately(_:)``)
    /// runs on the request's event loop and `next`'s future is mapped in place: no task is
    /// made and no thread is hopped, which an `AsyncResponder` or `AsyncMiddleware` costs on
    /// every request (about a third of Vapor's throughput for a small handler). A request
    /// whose user's profile must be read awaits the store in a task.
    func respondInLanguage(
        with negotiator: LanguageNegotiator, userID: @Sendable (Request) -> String?, rewritingPath: Bool,
        then next: any Responder
    ) -> EventLoopFuture<Response> {
        let input = languageInput(negotiator.inputs, userID: userID)
        if let negotiated = negotiator.negotiateImmediately(input) {
            return respond(negotiated, rewritingPath: rewritingPath, then: next)
        }
        let promise = eventLoop.makePromise(of: NegotiatedLanguage.self)
        promise.completeWithTask { await negotiator.negotiate(input) }
        return promise.futureResult.flatMap { negotiated in
            self.respond(negotiated, rewritingPath: rewritingPath, then: next)
        }
    }

    private func respond(
        _ negotiated: NegotiatedLanguage, rewritingPath: Bool, then next: any Responder
    ) -> EventLoopFuture<Response> {
        let kept = NegotiatedLanguageBox(negotiated)
        storage[NegotiatedLanguageKey.self] = kept
        // Only a prefix changes the path: the others leave it unread and untouched.
        if rewritingPath, negotiated.decision == .pathPrefix { url.path = negotiated.path }
        // The headers are added as the response arrives, before anything later in the chain
        // sees it; the future is handed on as it is, so no second future is made.
        let response = next.respond(to: self)
        response.whenSuccess { $0.headers.addLanguageHeaders(kept.negotiated) }
        return response
    }
}

private struct NegotiatedLanguageKey: StorageKey {
    typealias Value = NegotiatedLanguageBox
}

/// A request's negotiation as its storage and the response's callback hold it: one reference,
/// so keeping it, reading the snapshot back in the handler and capturing it for the headers
/// copy a pointer, not the negotiation's fields (Vapor copies its storage on every access).
private final class NegotiatedLanguageBox: Sendable {
    let negotiated: NegotiatedLanguage

    init(_ negotiated: NegotiatedLanguage) {
        self.negotiated = negotiated
    }
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
public struct LocalizedResponder: Responder {
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

    public func respond(to request: Request) -> EventLoopFuture<Response> {
        request.respondInLanguage(with: negotiator, userID: userID, rewritingPath: true, then: responder)
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
public struct LanguageMiddleware: Middleware {
    /// Chooses each request's language.
    public let negotiator: LanguageNegotiator
    /// The signed-in user, for `ParlanceServer/LanguageNegotiator/Step/profile(_:)`.
    public let userID: @Sendable (Request) -> String?

    /// Negotiates with `negotiator`; `userID` names the signed-in user.
    public init(negotiator: LanguageNegotiator, userID: @escaping @Sendable (Request) -> String? = { _ in nil }) {
        self.negotiator = negotiator
        self.userID = userID
    }

    public func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        request.respondInLanguage(with: negotiator, userID: userID, rewritingPath: false, then: next)
    }
}

extension HTTPHeaders {
    /// `Content-Language`, unless the handler set one, and the negotiation's `Vary`: one field
    /// naming every header it read, or, beside a `Vary` the handler set, one per name missing.
    mutating func addLanguageHeaders(_ negotiated: NegotiatedLanguage) {
        if !contains(name: .contentLanguage) { add(name: .contentLanguage, value: negotiated.contentLanguage) }
        if !contains(name: .vary) {
            if let value = negotiated.varyValue { add(name: .vary, value: value) }
        } else {
            for name in negotiated.varyNamesMissing(from: self[.vary]) { add(name: .vary, value: name) }
        }
    }
}
