import Dispatch
import LoadFixture
import NIOCore
import Parlance
import ParlanceServer
import ParlanceVapor
import Vapor

/// `load-vapor costs [third|mixed]`: what each step of a localized Vapor request costs, on one
/// event-loop thread: Vapor's own steps (the path read, request storage, response headers)
/// beside Parlance's negotiation, the localized handler's body and `LocalizedResponder` as a
/// whole. The `Accept-Language` headers are those of `load.sh --headers third` (the default:
/// the twenty languages' shapes in two requests of three, a never-seen random tag first in the
/// third) or `--headers mixed` (issue 29's seven). Nanoseconds per request, the median of five
/// rounds of 7,000 requests each, after a warm-up round. No server or socket is involved.
/// Then the body on one event loop and on both at once (what sharing the snapshots between two
/// cores adds). For a profiler: `COSTS_ONLY=N` keeps only the Nth row (from 0) and leaves the
/// two loops out, and `COSTS_ROUNDS=N` runs N rounds instead of 6.
enum Costs {
    /// Answers at once with a small response: the responder `LocalizedResponder` wraps here.
    struct Answer: Responder {
        func respond(to request: Request) -> EventLoopFuture<Response> {
            request.eventLoop.makeSucceededFuture(Response(status: .ok, body: .init(string: "x")))
        }
    }

    struct Kept: StorageKey { typealias Value = NegotiatedLanguage }

    /// The headers `load.lua` sends: `mixed`, issue 29's seven in turn; `third`, the twenty
    /// languages' three shapes in two requests of three and a never-seen tag first in the third.
    static func headers(_ mode: String, count: Int) -> [String] {
        if mode == "mixed" {
            let seven = ["fr", "en", "it", "de;q=0.8", "zh-Hant-TW", ";;q=x,,-", String(repeating: "junk-", count: 820)]
            return (0..<count).map { seven[$0 % seven.count] }
        }
        let regions = [
            "ar": "EG", "cs": "CZ", "de": "AT", "en": "GB", "es": "MX", "fr": "CA", "he": "IL", "hi": "IN",
            "it": "CH", "ja": "JP", "ko": "KR", "nl": "BE", "pl": "PL", "pt-BR": "BR", "ru": "RU",
            "sv": "FI", "tr": "TR", "uk": "UA", "zh-Hans": "CN", "zh-Hant": "TW",
        ]
        let shapes = LoadFixture.languages.flatMap { tag in
            let base = String(tag.prefix { $0 != "-" })
            return [tag, "\(base)-\(regions[tag]!),\(base);q=0.9,en-US;q=0.8,en;q=0.7", "*;q=0.1, \(tag);q=0.8, xx;q=0.9"]
        }
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        func subtag(_ length: Int) -> String { String((0..<length).map { _ in letters.randomElement(using: &generator)! }) }
        return (0..<count).map { index in
            guard index % 3 == 2 else { return shapes.randomElement(using: &generator)! }
            return subtag(3) + "-" + subtag(8) + ", " + LoadFixture.languages.randomElement(using: &generator)! + ";q=0.5"
        }
    }

    static func run(_ mode: String) async throws {
        let app = try await Application.make(.testing)
        let loop = app.eventLoopGroup.next()
        // 7,000 requests, 2,333 of them with a new tag in `third`: more than the header memo
        // holds (512), so each round finds the memo holding none of its new tags.
        let requests = headers(mode, count: 7_000).map { header in
            Request(
                application: app, method: .GET, url: "/",
                headers: ["Host": "127.0.0.1", "Accept-Language": header], on: loop)
        }
        let localizer = LoadFixture.localizer()
        let negotiator = LoadFixture.negotiator()
        let kept = negotiator.negotiateImmediately(RequestLanguageInput())!
        let french = localizer.snapshot(for: "fr")
        let frenchTable = LoadFixture.dictionaryTable(french)
        let handRolled = HandRolledNegotiation(languages: LoadFixture.languages)
        var rows: [(String, (Request) -> Void)] = [
            ("Vapor: url, the getter alone", { _ = $0.url }),
            ("Vapor: url.string", { _ = $0.url.string }),
            ("Vapor: url.path (what the prefix step reads)", { _ = $0.url.path }),
            ("Vapor: request storage, set", { $0.storage[Kept.self] = kept }),
            ("Vapor: request storage, get", { _ = $0.storage[Kept.self] }),
            ("Vapor: Response made, no headers", { _ in _ = Response(status: .ok) }),
            ("Vapor: Response made, Content-Language and Vary added", { _ in
                let response = Response(status: .ok)
                response.headers.add(name: .contentLanguage, value: "fr")
                response.headers.add(name: .vary, value: "Cookie, Accept-Language")
            }),
            ("Parlance: negotiation (Accept-Language read, matched)", { request in
                _ = negotiator.negotiateImmediately(RequestLanguageInput(acceptLanguage: request.headers.first(name: .acceptLanguage)))
            }),
            ("The same header read by the cheapest hand-rolled reader (no weights, no memo)", { request in
                _ = request.headers.first(name: .acceptLanguage).flatMap { handRolled.position(acceptLanguage: $0) }
            }),
            ("Parlance: snapshot of the default language", { _ in _ = localizer.snapshot(for: localizer.defaultLanguage) }),
            ("Parlance: snapshot.formatter", { _ in _ = french.formatter }),
            ("Parlance: a currency amount (12.5 × 3 EUR, French)", { _ in _ = french.formatter.currency(37.5, code: "EUR") }),
            ("Parlance: the three strings, French", { _ in
                _ = french.string("home.title"); _ = french.string("home.basket"); _ = french.string("cart.checkout")
            }),
            ("Parlance: the plural (cart.items, 3), French", { _ in _ = french.string("cart.items", 3) }),
            ("Parlance: the localized body (three strings, a plural, a currency amount)", { _ in _ = LoadFixture.localizedBody(french) }),
            ("The same body from [String: String] tables, no Parlance (a hand-rolled localization)", { _ in
                _ = LoadFixture.dictionaryBody(frenchTable)
            }),
            ("The fixed body (the baseline's handler)", { _ in _ = LoadFixture.fixedBody() }),
        ]
        // A server runs the network stack, NIO and Vapor between two requests: whatever a request
        // reads has likely left the core's caches by the next. These rows write over 2 MiB (twice this
        // core's 1 MiB L2; the 32 MiB L3 may keep it) before each body, and the first row is that
        // write alone, to subtract.
        let evicted = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 << 20, alignment: 64)
        evicted.initializeMemory(as: UInt8.self, repeating: 0)
        nonisolated(unsafe) let scratch = evicted
        let evict = { for line in stride(from: 0, to: scratch.count, by: 64) { scratch[line] &+= 1 } }
        let twenty = LoadFixture.floorSnapshots()
        let twentyTables = twenty.map { LoadFixture.dictionaryTable($0) }
        nonisolated(unsafe) var turn = 0
        rows += [
            ("Caches: 2 MiB written (the rows below include it)", { _ in evict() }),
            ("Caches: 2 MiB written, then the localized body in the next of the twenty languages", { _ in
                evict(); turn &+= 1; _ = LoadFixture.localizedBody(twenty[turn % 20])
            }),
            ("Caches: 2 MiB written, then the hand-rolled body in the next of the twenty languages", { _ in
                evict(); turn &+= 1; _ = LoadFixture.dictionaryBody(twentyTables[turn % 20])
            }),
        ]
        let inner = Answer()
        let responder = LocalizedResponder(inner, negotiator: negotiator)
        rows.append(("Answer alone", { _ = inner.respond(to: $0) }))
        let floor = FloorResponder(next: inner, languages: LoadFixture.languages)
        rows.append(("FloorResponder around Answer (the path, storage and headers, no Parlance)", { _ = floor.respond(to: $0) }))
        let negotiatingFloor = FloorResponder(next: inner, languages: LoadFixture.languages, negotiation: handRolled)
        rows.append(("The same, Accept-Language read by the hand-rolled reader", { _ = negotiatingFloor.respond(to: $0) }))
        rows.append(("LocalizedResponder around Answer (prefix, cookie, Accept-Language)", { _ = responder.respond(to: $0) }))
        // The rows run on `loop`, the one thread that touches the requests.
        if let only = ProcessInfo.processInfo.environment["COSTS_ONLY"] {
            guard let index = Int(only), rows.indices.contains(index) else {
                FileHandle.standardError.write(Data("load-vapor: error: COSTS_ONLY takes 0 to \(rows.count - 1), not \"\(only)\"\n".utf8))
                exit(64)
            }
            rows = [rows[index]]
        }
        // The first round warms up and is not counted: at least one more is.
        let rounds = max(2, ProcessInfo.processInfo.environment["COSTS_ROUNDS"].flatMap(Int.init) ?? 6)
        nonisolated(unsafe) let measured = rows
        try await loop.submit {
            let rows = measured
            var figures = Array(repeating: [Double](), count: rows.count)
            for round in 0..<rounds {
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
        // The body again on both event loops at once, over the same twenty snapshots (and, for
        // the hand-rolled body, the same tables): what two cores sharing them add.
        let loops = Array(app.eventLoopGroup.makeIterator()).prefix(2)
        if loops.count == 2, ProcessInfo.processInfo.environment["COSTS_ONLY"] == nil {
            let snapshots = twenty
            let tables = twentyTables
            let localized: @Sendable (Int) -> Void = { index in _ = LoadFixture.localizedBody(snapshots[index % snapshots.count]) }
            let handRolled: @Sendable (Int) -> Void = { index in _ = LoadFixture.dictionaryBody(tables[index % tables.count]) }
            for (name, work) in [
                ("the localized body, twenty languages in turn", localized),
                ("the hand-rolled body, twenty languages in turn", handRolled),
            ] {
                for threads in [1, 2] {
                    var figures: [Double] = []
                    for _ in 0..<5 {
                        let start = DispatchTime.now().uptimeNanoseconds
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            for loop in loops.prefix(threads) {
                                group.addTask { try await loop.submit { for index in 0..<200_000 { work(index) } }.get() }
                            }
                            try await group.waitForAll()
                        }
                        figures.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 200_000)
                    }
                    print(String(format: "%8.0f ns  %@, on %d thread%@ at once (each)", figures.sorted()[2], name, threads, threads == 1 ? "" : "s"))
                }
            }
        }
        try await app.asyncShutdown()
    }
}
