import Hummingbird
import LoadFixture
import Logging
import ParlanceHummingbird

// load-hummingbird [fixed|localized|body] [--port N]: the load benchmark's Hummingbird 2 server
// (Scripts/load.sh). `localized` negotiates each request's language through LocalizedResponder
// and renders LoadFixture.localizedBody; `fixed` serves LoadFixture.fixedBody with no Parlance
// in the path, the baseline; `body` renders the localized body in French with no
// negotiation, the floor under `localized`.
let (mode, port) = LoadFixture.options(CommandLine.arguments, modes: ["fixed", "localized", "body"])
var logger = Logger(label: "load-hummingbird")
logger.logLevel = .error
let configuration = ApplicationConfiguration(address: .hostname("127.0.0.1", port: port))

let router = Router(context: LocalizedRequestContext.self)
if mode == "fixed" {
    router.get("/") { _, _ in LoadFixture.fixedBody() }
    try await Application(router: router, configuration: configuration, logger: logger).runService()
} else if mode == "body" {
    let french = LoadFixture.frenchSnapshot()
    router.get("/") { _, _ in LoadFixture.localizedBody(french) }
    try await Application(router: router, configuration: configuration, logger: logger).runService()
} else {
    router.get("/") { _, context in LoadFixture.localizedBody(context.language) }
    let responder = LocalizedResponder(router.buildResponder(), negotiator: LoadFixture.negotiator())
    try await Application(responder: responder, configuration: configuration, logger: logger).runService()
}
