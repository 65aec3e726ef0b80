import Foundation
import LoadFixture
import Parlance
import ParlanceVapor
import Synchronization
import Vapor

// load-vapor [fixed|localized|body|floor] [--port N]: the load benchmark's Vapor 4 server
// (Scripts/load.sh). `localized` negotiates each request's language through LocalizedResponder
// and renders LoadFixture.localizedBody; `fixed` serves LoadFixture.fixedBody with no Parlance
// in the path, the baseline; `body` renders the localized body in French with no negotiation;
// `floor` does what any prefix-routing integration must do in Vapor, with no negotiation, and
// answers with the localized body of the twenty languages in turn, rendered once at start-up:
// Vapor with the localized handler's bytes and headers and no Parlance call (FloorResponder). All drop Vapor's per-request logging, which would otherwise be most of
// what is measured.
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
let (mode, port) = LoadFixture.options(CommandLine.arguments, modes: ["fixed", "localized", "body", "floor"])
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
    app.get { req in req.storage[FloorResponder.Key.self]?.body ?? LoadFixture.fixedBody() }
    let localizer = LoadFixture.localizer()
    let bodies = LoadFixture.languages.compactMap(Language.init).map { language in
        (language: language.identifier, body: LoadFixture.localizedBody(localizer.snapshot(for: language)))
    }
    app.responder.use { app in FloorResponder(next: app.responder.default, bodies: bodies) }
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
    struct Key: StorageKey { typealias Value = (language: String, body: String) }

    let next: any Responder
    /// The localized body in each of the twenty languages, rendered once at start-up and handed
    /// out in turn: the floor answers with the bytes the localized handler sends (longer than the
    /// fixed handler's, and not ASCII), with no Parlance call per request at all.
    let bodies: [(language: String, body: String)]
    let turn = Turn()

    final class Turn: Sendable {
        let counter = Atomic<Int>(0)
    }

    func respond(to request: Request) -> EventLoopFuture<Response> {
        // Read as the prefix step reads it; the load script's path, `/`, has no prefix.
        let path = request.url.path
        if path.hasPrefix("/fr/") { request.url.path = String(path.dropFirst(3)) }
        let chosen = bodies[turn.counter.add(1, ordering: .relaxed).oldValue % bodies.count]
        request.storage[Key.self] = chosen
        let response = next.respond(to: request)
        response.whenSuccess { response in
            response.headers.add(name: .contentLanguage, value: chosen.language)
            response.headers.add(name: .vary, value: "Accept-Language")
        }
        return response
    }
}
