import LoadFixture
import ParlanceVapor
import Vapor

// load-vapor [fixed|localized|body] [--port N]: the load benchmark's Vapor 4 server
// (Scripts/load.sh). `localized` negotiates each request's language through LocalizedResponder
// and renders LoadFixture.localizedBody; `fixed` serves LoadFixture.fixedBody with no Parlance
// in the path, the baseline; `body` renders the localized body in French with no negotiation,
// the floor under `localized`. All drop Vapor's per-request logging, which would otherwise be
// most of what is measured.
let (mode, port) = LoadFixture.options(CommandLine.arguments)
var environment = Environment.production
environment.arguments = [CommandLine.arguments[0], "serve", "--hostname", "127.0.0.1", "--port", String(port)]
let app = try await Application.make(environment)
app.logger.logLevel = .error
app.middleware = Middlewares()
app.middleware.use(ErrorMiddleware.default(environment: environment))

if mode == "fixed" {
    app.get { _ in LoadFixture.fixedBody() }
} else if mode == "body" {
    let french = LoadFixture.frenchSnapshot()
    app.get { _ in LoadFixture.localizedBody(french) }
} else {
    app.get { req in LoadFixture.localizedBody(req.language) }
    app.responder.use(.localized(negotiator: LoadFixture.negotiator()))
}
do {
    try await app.execute()
} catch {
    app.logger.critical("\(error)")
}
try await app.asyncShutdown()
