import Dispatch
import LoadFixture
import NIOCore
import Parlance
import ParlanceServer
import ParlanceVapor
import Vapor

/// `load-vapor costs`: what each step of a localized Vapor request costs, on one event-loop
/// thread, over the seven `Accept-Language` headers of `load.sh --headers mixed`: Vapor's
/// own steps (the path read, request storage, response headers) beside Parlance's negotiation
/// and `LocalizedResponder` as a whole. Nanoseconds per request, the median of five rounds
/// of 7,000 requests each, after a warm-up round. No server or socket is involved.
enum Costs {
    /// Answers at once with a small response: the responder `LocalizedResponder` wraps here.
    struct Answer: Responder {
        func respond(to request: Request) -> EventLoopFuture<Response> {
            request.eventLoop.makeSucceededFuture(Response(status: .ok, body: .init(string: "x")))
        }
    }

    struct Kept: StorageKey { typealias Value = NegotiatedLanguage }

    static func run() async throws {
        let app = try await Application.make(.testing)
        let loop = app.eventLoopGroup.next()
        let headers = ["fr", "en", "it", "de;q=0.8", "zh-Hant-TW", ";;q=x,,-", String(repeating: "junk-", count: 820)]
        let requests = (0..<7_000).map { index in
            Request(
                application: app, method: .GET, url: "/",
                headers: ["Host": "127.0.0.1", "Accept-Language": headers[index % headers.count]], on: loop)
        }
        let localizer = LoadFixture.localizer()
        let negotiator = LoadFixture.negotiator()
        let kept = negotiator.negotiateImmediately(RequestLanguageInput())!
        var rows: [(String, (Request) -> Void)] = [
            ("Vapor: url.path (what the prefix step reads)", { _ = $0.url.path }),
            ("Vapor: request storage, set", { $0.storage[Kept.self] = kept }),
            ("Vapor: request storage, get", { _ = $0.storage[Kept.self] }),
            ("Vapor: Response made, no headers", { _ in _ = Response(status: .ok) }),
            ("Vapor: Response made, Content-Language and Vary added", { _ in
                let response = Response(status: .ok)
                response.headers.add(name: .contentLanguage, value: "fr")
                response.headers.add(name: .vary, value: "Accept-Language")
            }),
            ("Parlance: negotiation (Accept-Language read, matched)", { request in
                _ = negotiator.negotiateImmediately(RequestLanguageInput(acceptLanguage: request.headers.first(name: .acceptLanguage)))
            }),
            ("Parlance: snapshot of the default language", { _ in _ = localizer.snapshot(for: localizer.defaultLanguage) }),
        ]
        let inner = Answer()
        let responder = LocalizedResponder(inner, negotiator: negotiator)
        rows.append(("Answer alone", { _ = inner.respond(to: $0) }))
        rows.append(("LocalizedResponder around Answer (prefix, cookie, Accept-Language)", { _ = responder.respond(to: $0) }))
        // The rows run on `loop`, the one thread that touches the requests.
        nonisolated(unsafe) let measured = rows
        try await loop.submit {
            let rows = measured
            var figures = Array(repeating: [Double](), count: rows.count)
            for round in 0..<6 {
                for (index, row) in rows.enumerated() {
                    let start = DispatchTime.now().uptimeNanoseconds
                    for request in requests { row.1(request) }
                    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(requests.count)
                    if round > 0 { figures[index].append(elapsed) }
                }
            }
            for (index, row) in rows.enumerated() {
                let median = figures[index].sorted()[figures[index].count / 2]
                print(String(format: "%8.0f ns  %@", median, row.0))
            }
        }.get()
        try await app.asyncShutdown()
    }
}
