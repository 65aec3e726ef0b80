import LoadFixture
import Parlance
import ParlanceVapor
import Vapor

// load-vapor [fixed|localized|body|floor] [--port N]: the load benchmark's Vapor 4 server
// (Scripts/load.sh). `localized` negotiates each request's language through LocalizedResponder
// and renders LoadFixture.localizedBody; `fixed` serves LoadFixture.fixedBody with no Parlance
// in the path, the baseline; `body` renders the localized body in French with no negotiation;
// `floor` does what any prefix-routing integration must do in Vapor, with no negotiation
// (FloorResponder). All drop Vapor's per-request logging, which would otherwise be most of
// what is measured.
//
// load-vapor costs: prints what each of those steps costs on one thread (Costs.swift).
if CommandLine.arguments.dropFirst().first == "costs" {
    try await Costs.run()
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
    app.get { req in LoadFixture.localizedBody(req.storage[FloorResponder.Key.self] ?? LoadFixture.frenchSnapshot()) }
    let french = LoadFixture.frenchSnapshot()
    app.responder.use { app in FloorResponder(next: app.responder.default, snapshot: french) }
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

/// What any integration that routes by language prefix and answers `req.language` pays in
/// Vapor, with Parlance's negotiation left out: the path read before routing (Vapor decodes
/// it on every read of `url.path`), a value kept in the request's storage and read back by
/// the handler, and `Content-Language` and `Vary` added to the response. The floor under
/// `LocalizedResponder`.
struct FloorResponder: Responder {
    struct Key: StorageKey { typealias Value = LanguageSnapshot }

    let next: any Responder
    let snapshot: LanguageSnapshot

    func respond(to request: Request) -> EventLoopFuture<Response> {
        // Read as the prefix step reads it; the load script's path, `/`, has no prefix.
        let path = request.url.path
        if path.hasPrefix("/fr/") { request.url.path = String(path.dropFirst(3)) }
        request.storage[Key.self] = snapshot
        let response = next.respond(to: request)
        response.whenSuccess { response in
            response.headers.add(name: .contentLanguage, value: "fr")
            response.headers.add(name: .vary, value: "Accept-Language")
        }
        return response
    }
}
