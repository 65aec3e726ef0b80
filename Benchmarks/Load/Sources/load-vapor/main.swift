import Foundation
import LoadFixture
import Parlance
import ParlanceVapor
import Synchronization
import Vapor

// load-vapor [fixed|localized|body|floor|handrolled|negotiating] [--port N]: the load benchmark's Vapor 4 server
// (Scripts/load.sh). `localized` negotiates each request's language through LocalizedResponder
// and renders LoadFixture.localizedBody; `fixed` serves LoadFixture.fixedBody with no Parlance
// in the path, the baseline; `body` renders the localized body in French with no negotiation;
// `floor` does what any prefix-routing integration must do in Vapor, with no negotiation, and
// answers with the localized body of the twenty languages in turn, rendered once at start-up:
// Vapor with the localized handler's bytes and headers and no Parlance call (FloorResponder);
// `handrolled` is the floor with the body built on each request as the cheapest hand-rolled
// localization builds it (LoadFixture.dictionaryBody: [String: String] lookups, the count put
// between the halves of one form, the amount written in advance): what any library's handler,
// concatenating the same runtime strings, pays at least; `negotiating` is `handrolled` with each
// request's language read from its Accept-Language header by the cheapest hand-rolled reader
// (HandRolledNegotiation in LoadFixture: split at commas, a dictionary per tag, no weights, no
// memo), instead of handed out in turn. All drop Vapor's per-request logging,
// which would otherwise be most of what is measured.
//
// load-vapor costs [third|mixed]: prints what each of those steps costs on one thread, with
// load.sh's headers of that name (third by default; Costs.swift).
if CommandLine.arguments.dropFirst().first == "costs" {
    let mode = CommandLine.arguments.dropFirst(2).first ?? "third"
    guard ["third", "mixed"].contains(mode) else {
        FileHandle.standardError.write(Data("load-vapor: error: costs takes third or mixed, not \"\(mode)\"\n".utf8))
        exit(64)
    }
    try await Costs.run(mode)
    exit(0)
}
let (mode, port) = LoadFixture.options(
    CommandLine.arguments, modes: ["fixed", "localized", "body", "floor", "handrolled", "negotiating"])
var environment = Environment.production
environment.arguments = [CommandLine.arguments[0], "serve", "--hostname", "127.0.0.1", "--port", String(port)]
let app = try await Application.make(environment)
app.logger.logLevel = .error
app.middleware = Middlewares()
app.middleware.use(ErrorMiddleware.default(environment: environment))

switch mode {
case "fixed":
    app.get { _ in LoadFixture.fixedBody() }
case "body":
    let french = LoadFixture.frenchSnapshot()
    app.get { _ in LoadFixture.localizedBody(french) }
case "floor":
    let snapshots = LoadFixture.floorSnapshots()
    let bodies = snapshots.map { LoadFixture.localizedBody($0) }
    app.get { req in req.storage[FloorResponder.Key.self].map { bodies[$0.index] } ?? LoadFixture.fixedBody() }
    app.responder.use { app in FloorResponder(next: app.responder.default, languages: snapshots.map(\.language.identifier)) }
case "handrolled", "negotiating":
    let snapshots = LoadFixture.floorSnapshots()
    let tables = snapshots.map { LoadFixture.dictionaryTable($0) }
    app.get { req in
        req.storage[FloorResponder.Key.self].map { LoadFixture.dictionaryBody(tables[$0.index]) } ?? LoadFixture.fixedBody()
    }
    let negotiation = mode == "negotiating" ? HandRolledNegotiation(languages: LoadFixture.languages) : nil
    app.responder.use { app in
        FloorResponder(next: app.responder.default, languages: snapshots.map(\.language.identifier), negotiation: negotiation)
    }
default:
    app.get { req in LoadFixture.localizedBody(req.language) }
    app.responder.use(.localized(negotiator: LoadFixture.negotiator()))
}
do {
    try await app.execute()
} catch {
    app.logger.critical("\(error)")
}
try await app.asyncShutdown()

/// What any integration that routes by language prefix and answers in the request's language
/// pays in Vapor, with Parlance left out: the path read before routing (Vapor decodes it on
/// every read of `url.path`), a value kept in the request's storage and read back by the
/// handler, `Content-Language` and `Vary` added to the response, and the localized handler's
/// bytes sent. The floor under `LocalizedResponder` and the handler's lookups.
struct FloorResponder: Responder {
    struct Key: StorageKey { typealias Value = (language: String, index: Int) }

    let next: any Responder
    /// The twenty languages, handed out in turn: the handler answers with its body in the
    /// language at `index` (the localized handler's bytes, longer than the fixed handler's and
    /// not ASCII), with no Parlance call per request at all.
    let languages: [String]
    /// When set, each request's language is read from its `Accept-Language` header by this
    /// hand-rolled reader (English when it names none of the twenty) instead of handed out in turn.
    var negotiation: HandRolledNegotiation?
    let turn = Turn()

    /// English's place among the twenty: the negotiating floor's default, as the localizer's.
    static let english = LoadFixture.languages.firstIndex(of: "en")!

    final class Turn: Sendable {
        let counter = Atomic<Int>(0)
    }

    func respond(to request: Request) -> EventLoopFuture<Response> {
        // Read as the prefix step reads it; the load script's path, `/`, has no prefix.
        let path = request.url.path
        if path.hasPrefix("/fr/") { request.url.path = String(path.dropFirst(3)) }
        let index = negotiation.map { reader in
            request.headers.first(name: .acceptLanguage).flatMap { reader.position(acceptLanguage: $0) } ?? Self.english
        } ?? turn.counter.add(1, ordering: .relaxed).oldValue % languages.count
        let chosen = (language: languages[index], index: index)
        request.storage[Key.self] = chosen
        let response = next.respond(to: request)
        response.whenSuccess { response in
            response.headers.add(name: .contentLanguage, value: chosen.language)
            // As the localized server's negotiation says it: it read the cookie and the header.
            response.headers.add(name: .vary, value: "Cookie, Accept-Language")
        }
        return response
    }
}
