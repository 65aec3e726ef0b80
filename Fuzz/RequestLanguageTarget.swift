import Dispatch
import Foundation
import Parlance
import ParlanceSync
import Synchronization

/// Fuzzes what a server reads from each request to choose its language: ParlanceServer's
/// `LanguageNegotiator.negotiate(_:)` (compiled into this target from Sources/ParlanceServer)
/// with every step, over one localizer of six languages and an in-memory profile store.
///
/// The input is the request's fields, one per line (`\n` cannot occur in a header): the path,
/// the query, the `Cookie` header, the `Accept-Language` header and the user id. A field past
/// the last line is absent (`nil`); the path, when absent, is empty. Whatever the request says:
/// - the snapshot shows one of the localizer's available languages, and renders in it (its
///   greeting is that language's own) a string and a plural without trapping;
/// - the path is the request's, unless the path prefix chose the language: then it is what
///   follows the first segment, or `/` and that when it is empty or a query;
/// - `Vary` names exactly the headers the steps before the decision read: nothing for the
///   prefix and the query, `Cookie` for the cookie and the profile, both after that;
/// - `Content-Language` is the snapshot's language.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let fields = bytes.split(separator: 0x0A, maxSplits: 4, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    func field(_ index: Int) -> String? { index < fields.count ? fields[index] : nil }
    let request = RequestLanguageInput(
        path: field(0) ?? "", query: field(1), cookieHeader: field(2), acceptLanguage: field(3), userID: field(4))

    let negotiated = negotiate(request)
    let language = negotiated.snapshot.language
    require(localizer.availableLanguages.contains(language), "\(language) is not available, for \(request)")
    require(negotiated.contentLanguage == language.identifier, "Content-Language \(negotiated.contentLanguage) shows \(language)")

    switch negotiated.decision {
    case .pathPrefix:
        // The first segment is dropped, up to the next `/` or `?`; an empty rest or a query becomes `/…`.
        let path = Array(request.path.utf8)
        let end = path.dropFirst().firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? path.endIndex
        let rest = path[end...]
        let expected = rest.isEmpty || rest.first == UInt8(ascii: "?") ? [UInt8(ascii: "/")] + rest : Array(rest)
        require(path.first == UInt8(ascii: "/") && end > 1, "the path prefix chose \(language) from \(request.path.debugDescription)")
        require(negotiated.path.utf8.elementsEqual(expected), "the path \(request.path.debugDescription) became \(negotiated.path.debugDescription)")
    default:
        require(negotiated.path.utf8.elementsEqual(request.path.utf8), "the path \(request.path.debugDescription) became \(negotiated.path.debugDescription)")
    }

    let vary: [String] = switch negotiated.decision {
    case .pathPrefix, .queryParameter: []
    case .cookie, .profile: ["Cookie"]
    case .acceptLanguage, .defaultLanguage: ["Cookie", "Accept-Language"]
    }
    require(negotiated.vary == vary, "Vary \(negotiated.vary) after a decision by \(negotiated.decision)")
    let headers = negotiated.responseHeaders
    require(headers.count == (vary.isEmpty ? 1 : 2), "the response headers \(headers)")
    require(negotiated.varyValue == (vary.isEmpty ? nil : vary.joined(separator: ", ")), "Vary's one field \(String(describing: negotiated.varyValue))")

    let snapshot = negotiated.snapshot
    require(snapshot.string("greeting") == greetings[language], "\(language) greets with \(snapshot.string("greeting").debugDescription)")
    let items = snapshot.string("items", count % 23)
    require(!items.isEmpty, "\(language) renders no plural")
    return 0
}

/// Greetings in each available language: a snapshot shows its own.
let greetings: [Language: String] = [
    "en": "Hello", "fr": "Bonjour", "de": "Hallo", "pt-BR": "Olá", "zh-Hant": "你好", "sr-Latn": "Zdravo",
]

let localizer: Localizer = {
    var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
    var greeting = CatalogEntry()
    for (language, text) in greetings { greeting[language.identifier] = .string(text) }
    catalog["greeting"] = greeting
    // Plurals in four of the six; Chinese and Serbian fall back to English.
    var items = CatalogEntry()
    items["en"] = .plural([.one: .string("%lld item"), .other: .string("%lld items")])
    items["fr"] = .plural([.one: .string("%lld article"), .other: .string("%lld articles")])
    items["de"] = .plural([.one: .string("%lld Artikel"), .other: .string("%lld Artikel")])
    items["pt-BR"] = .plural([.one: .string("%lld item"), .many: .string("%lld de itens"), .other: .string("%lld itens")])
    catalog["items"] = items
    return Localizer(
        catalogs: [catalog], configuration: .init(defaultLanguage: "en", preferredLanguages: { [] }, notificationCenter: nil))
}()

let negotiator = LanguageNegotiator(
    localizer: localizer,
    steps: [
        .pathPrefix, .queryParameter("lang"), .cookie("lang"),
        .profile(InMemoryProfileStore(profiles: [
            "ana": "de", "zoe": "zh-TW", "luis": "pt", "mila": "sr-Latn-RS", "jo": "ja", "bad": "!!", "none": nil, "": "fr",
        ])),
        .acceptLanguage,
    ])

/// Waits for the negotiation: the in-memory profile store never suspends for long.
func negotiate(_ request: RequestLanguageInput) -> NegotiatedLanguage {
    final class Outcome: Sendable {
        let value = Mutex<NegotiatedLanguage?>(nil)
    }
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    Task {
        let negotiated = await negotiator.negotiate(request)
        outcome.value.withLock { $0 = negotiated }
        done.signal()
    }
    done.wait()
    guard let negotiated = outcome.value.withLock({ $0 }) else { fatalError("the negotiation gave nothing") }
    return negotiated
}
