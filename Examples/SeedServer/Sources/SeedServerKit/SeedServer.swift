import Foundation
import Hummingbird
import Parlance
import ParlanceHummingbird
import ParlanceServer

/// One seed app whose catalogs the server serves, under `/<name>/…`.
public struct SeedApp: Sendable {
    /// The first path segment: `/cnc/fr/strings`.
    public let name: String
    /// Its folder under `Examples/Seeds/Sources`, whose `Resources` hold the catalogs.
    public let folder: String
    /// What the app shows when nothing else chooses, as the seed app does.
    public let defaultLanguage: Language

    /// An app served under `/<name>`, its catalogs in `<seeds>/<folder>/Resources`.
    public init(name: String, folder: String, defaultLanguage: Language) {
        self.name = name
        self.folder = folder
        self.defaultLanguage = defaultLanguage
    }

    /// The seed apps of `../shared/seeds`, rebuilt in `Examples/Seeds`.
    public static let all: [SeedApp] = [
        SeedApp(name: "keyz", folder: "KeyzKit", defaultLanguage: "en"),  // 000
        SeedApp(name: "snakesss", folder: "SnakesssKit", defaultLanguage: "fr"),  // 001
        SeedApp(name: "betsson-cm", folder: "BetssonCameroonApp", defaultLanguage: "en"),  // 002
        SeedApp(name: "betsson-fr", folder: "BetssonFranceApp", defaultLanguage: "fr"),  // 002
        SeedApp(name: "cnc", folder: "CnCKit", defaultLanguage: "it"),  // 003
        SeedApp(name: "aiphoto", folder: "AIPhotoKit", defaultLanguage: "en"),  // 004
    ]
}

/// What `GET /<app>/strings` answers: the app's whole table in the request's language, for a
/// web or mobile client that renders it itself.
public struct StringsTable: ResponseCodable, Sendable {
    /// The language the values are in (the response's `Content-Language`).
    public var language: String
    /// Every key of the app's `Localizable` table, to its value (format strings as stored).
    public var strings: [String: String]
}

/// What `GET /<app>/languages` answers.
public struct LanguageList: ResponseCodable, Sendable {
    /// The languages the app's catalogs have, sorted.
    public var available: [String]
    /// What the server shows when the request chooses none of them.
    public var defaultLanguage: String
}

/// The seed apps' catalogs over HTTP, each request in its language.
///
/// Each app gets its own localizer and negotiator, with the steps a web app would use:
/// a language prefix (`/cnc/fr/strings`), then a `lang` cookie, then `Accept-Language`, then
/// the app's default.
///
/// | Route | Answers |
/// | --- | --- |
/// | `GET /` | the apps, one per line |
/// | `GET /<app>[/<lang>]/strings` | ``StringsTable`` as JSON |
/// | `GET /<app>[/<lang>]/languages` | ``LanguageList`` as JSON |
/// | `GET /cnc[/<lang>]/summary?members=N&total=X` | C&C's header: the app's name, a plural, euros and a date |
public enum SeedServer {
    /// The responder for `apps`, their catalogs read from `seeds` (`Examples/Seeds/Sources`).
    /// Throws when an app's catalogs are missing or malformed, naming the folder or file.
    public static func responder(seeds: URL, apps: [SeedApp] = SeedApp.all) throws -> SeedResponder {
        var routes: [String: LocalizedResponder<RouterResponder<LocalizedRequestContext>>] = [:]
        for app in apps {
            let folder = seeds.appending(path: app.folder).appending(path: "Resources")
            let localizer = try Localizer(
                resourcesAt: folder,
                configuration: .init(defaultLanguage: app.defaultLanguage, preferredLanguages: { [] }, notificationCenter: nil))
            // A folder with no catalogs reads as a localizer with no languages: a server
            // started from the wrong directory should say so, not answer every key with itself.
            guard !localizer.availableLanguages.isEmpty else { throw SeedServerError.noCatalogs(app: app.name, folder: folder.path) }
            let negotiator = LanguageNegotiator(localizer: localizer, steps: [.pathPrefix, .cookie("lang"), .acceptLanguage])
            routes[app.name] = LocalizedResponder(router(for: app, localizer: localizer).buildResponder(), negotiator: negotiator)
        }
        return SeedResponder(apps: routes)
    }

    /// An application serving `apps` from `seeds`; `onServerRunning` is told the port it bound
    /// (useful with port 0).
    public static func application(
        seeds: URL, apps: [SeedApp] = SeedApp.all, configuration: ApplicationConfiguration = .init(),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        Application(
            responder: try responder(seeds: seeds, apps: apps), configuration: configuration,
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) })
    }

    /// The date C&C's summary shows: a fixed day, so every response for a language is the same.
    public static let summaryDate = Date(timeIntervalSince1970: 1_768_478_400)  // 2026-01-15 12:00 UTC

    static func router(for app: SeedApp, localizer: Localizer) -> Router<LocalizedRequestContext> {
        let router = Router(context: LocalizedRequestContext.self)
        router.get("/strings") { _, context in
            let snapshot = context.language
            var strings: [String: String] = [:]
            for key in snapshot.keys() { strings[key] = snapshot.string(key) }
            return StringsTable(language: snapshot.language.identifier, strings: strings)
        }
        router.get("/languages") { _, _ in
            LanguageList(
                available: localizer.availableLanguages.map(\.identifier).sorted(),
                defaultLanguage: localizer.defaultLanguage.identifier)
        }
        if app.name == "cnc" {
            router.get("/summary") { request, context -> String in
                let members = request.uri.queryParameters.get("members", as: Int.self) ?? 1
                let total = request.uri.queryParameters.get("total", as: Double.self) ?? 0
                let language = context.language
                return [
                    language.string("app.name"),
                    language.string("team.memberCount", members),
                    language.formatter.currency(total, code: "EUR"),
                    language.formatter.date(summaryDate, style: .long),
                ].joined(separator: "\n") + "\n"
            }
        }
        return router
    }
}

/// Why the server could not start.
public enum SeedServerError: Error, CustomStringConvertible {
    /// An app's resource folder holds no catalogs (or is not there).
    case noCatalogs(app: String, folder: String)

    public var description: String {
        switch self {
        case .noCatalogs(let app, let folder):
            "no catalogs for \(app) in \(folder): pass --seeds with the path of Examples/Seeds/Sources"
        }
    }
}

/// Hands each request to its app's responder by the first path segment, less that segment.
public struct SeedResponder: HTTPResponder {
    public typealias Context = LocalizedRequestContext

    let apps: [String: LocalizedResponder<RouterResponder<LocalizedRequestContext>>]

    public func respond(to request: Request, context: Context) async throws -> Response {
        let path = request.uri.path
        let segments = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: true)
        guard let first = segments.first else {
            let index = apps.keys.sorted().map { "/\($0)/strings" }.joined(separator: "\n") + "\n"
            return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: index)))
        }
        // A thrown HTTPError becomes a 500 here, outside any router: answer the 404 itself.
        guard let app = apps[String(first)] else { return Response(status: .notFound) }
        var head = request.head
        head.path = "/" + (segments.count > 1 ? String(segments[1]) : "") + (request.uri.query.map { "?" + $0 } ?? "")
        return try await app.respond(to: Request(head: head, body: request.body), context: context)
    }
}
