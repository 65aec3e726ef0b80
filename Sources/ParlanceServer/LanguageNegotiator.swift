import Foundation
import Parlance
import ParlanceSync

/// Chooses the language of each request: the steps you configure, in their order, then the
/// localizer's default language.
///
/// ```swift
/// let negotiator = LanguageNegotiator(
///     localizer: localizer,
///     steps: [.pathPrefix, .queryParameter("lang"), .cookie("lang"), .profile(store), .acceptLanguage])
/// let negotiated = await negotiator.negotiate(RequestLanguageInput(
///     path: "/fr/orders", acceptLanguage: "de-CH, de;q=0.9"))
/// negotiated.snapshot.string("order.confirmation", 3)   // in French
/// negotiated.path                                       // "/orders"
/// negotiated.responseHeaders                            // Content-Language: fr
/// ```
///
/// Framework integrations (`ParlanceHummingbird`, `ParlanceVapor`) build the input from
/// their request and add ``NegotiatedLanguage/responseHeaders`` to the response; this type
/// knows no framework.
///
/// Every step reads untrusted text in bounded time and keeps nothing per request: a tag is
/// matched against the localizer's available languages, and the snapshot returned is the
/// localizer's one per available language, whatever tags clients send.
public struct LanguageNegotiator: Sendable {
    /// One way of choosing a request's language. A step that finds no available language
    /// passes to the next.
    public enum Step: Sendable {
        /// The first path segment, when it is exactly an available language (`/fr/orders`):
        /// routes then see the rest of the path (``NegotiatedLanguage/path``). A segment that
        /// is no available language (`/api/…`) is left alone.
        case pathPrefix
        /// A query parameter (`?lang=fr-CA`), matched against the available languages.
        case queryParameter(String)
        /// A cookie (`Cookie: lang=fr`), matched against the available languages.
        case cookie(String)
        /// The signed-in user's stored language, through a profile store (PostgreSQL,
        /// Supabase). Skipped when the request names no user, the user chose none, or the
        /// store fails.
        case profile(any ProfileLanguageStore)
        /// `Accept-Language`, its ranges by weight, each matched by CLDR's rules.
        case acceptLanguage
    }

    /// Which step chose the language.
    public enum Decision: Hashable, Sendable {
        /// ``Step/pathPrefix``.
        case pathPrefix
        /// ``Step/queryParameter(_:)``.
        case queryParameter
        /// ``Step/cookie(_:)``.
        case cookie
        /// ``Step/profile(_:)``.
        case profile
        /// ``Step/acceptLanguage``.
        case acceptLanguage
        /// No step found an available language: the localizer's default.
        case defaultLanguage
    }

    /// Whose languages are matched and whose snapshots are handed out.
    public let localizer: Localizer
    /// The ways of choosing, tried in this order.
    public let steps: [Step]

    /// The parts of a request a negotiator's steps read.
    public struct Inputs: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The path, for ``Step/pathPrefix``.
        public static let path = Inputs(rawValue: 1 << 0)
        /// The query string, for ``Step/queryParameter(_:)``.
        public static let query = Inputs(rawValue: 1 << 1)
        /// The `Cookie` header, for ``Step/cookie(_:)``.
        public static let cookie = Inputs(rawValue: 1 << 2)
        /// The signed-in user, for ``Step/profile(_:)``.
        public static let user = Inputs(rawValue: 1 << 3)
        /// The `Accept-Language` header, for ``Step/acceptLanguage``.
        public static let acceptLanguage = Inputs(rawValue: 1 << 4)
    }

    /// What the steps read: an integration fills in only these parts of
    /// ``RequestLanguageInput``, since reading a request's path or query can cost more than
    /// the negotiation (Vapor decodes them on every read).
    public let inputs: Inputs

    private static func inputs(of steps: [Step]) -> Inputs {
        var inputs: Inputs = []
        for step in steps {
            switch step {
            case .pathPrefix: inputs.insert(.path)
            case .queryParameter: inputs.insert(.query)
            case .cookie: inputs.insert(.cookie)
            case .profile: inputs.insert(.user)
            case .acceptLanguage: inputs.insert(.acceptLanguage)
            }
        }
        return inputs
    }

    /// The longest query parameter or cookie value read as a tag.
    static let maximumValueLength = 64

    /// Tries `steps` in order, then `localizer`'s default language.
    public init(localizer: Localizer, steps: [Step] = [.acceptLanguage]) {
        self.localizer = localizer
        self.steps = steps
        self.inputs = Self.inputs(of: steps)
    }

    /// The language of `request`, the snapshot to render it with, and what the response says.
    public func negotiate(_ request: RequestLanguageInput) async -> NegotiatedLanguage {
        var progress = Progress()
        while true {
            switch negotiate(request, resuming: &progress) {
            case .done(let negotiated):
                return negotiated
            case .profile(let store, let userID):
                progress.profile = try? await store.loadLanguage(userID: userID).language
            }
        }
    }

    /// The same negotiation without suspending, or `nil` when it needs a profile store: a
    /// ``Step/profile(_:)`` step is reached for a request that names a user. Server
    /// integrations call this first, so a request that needs no store never leaves its
    /// event loop; they call ``negotiate(_:)`` when it returns `nil`.
    public func negotiateImmediately(_ request: RequestLanguageInput) -> NegotiatedLanguage? {
        var progress = Progress()
        if case .done(let negotiated) = negotiate(request, resuming: &progress) { return negotiated }
        return nil
    }

    /// How far a negotiation got: the step it stopped at to ask a profile store, and the answer.
    private struct Progress {
        var step = 0
        var readCookie = false
        var readAcceptLanguage = false
        var asked = false
        var profile: Language?
    }

    private enum Outcome {
        case done(NegotiatedLanguage)
        case profile(any ProfileLanguageStore, userID: String)
    }

    /// Runs the steps from `progress.step`, stopping at a profile step whose store has not been asked.
    private func negotiate(_ request: RequestLanguageInput, resuming progress: inout Progress) -> Outcome {
        // The headers read so far, as flags: the lists they name are made once, not per request.
        func chosen(_ snapshot: LanguageSnapshot, by decision: Decision, path: String? = nil, _ progress: Progress) -> Outcome {
            let (vary, varyValue) = progress.readCookie
                ? (progress.readAcceptLanguage ? (Self.varyBoth, "Cookie, Accept-Language") : (Self.varyCookie, "Cookie"))
                : (progress.readAcceptLanguage ? (Self.varyAcceptLanguage, "Accept-Language") : ([], nil))
            return .done(NegotiatedLanguage(
                snapshot: snapshot, decision: decision, path: path ?? request.path, vary: vary, varyValue: varyValue))
        }
        while progress.step < steps.count {
            switch steps[progress.step] {
            case .pathPrefix:
                if let (snapshot, rest) = pathPrefix(request.path) { return chosen(snapshot, by: .pathPrefix, path: rest, progress) }
            case .queryParameter(let name):
                if let value = request.query.flatMap({ Self.parameter(name, inQuery: $0) }), let snapshot = match(value) {
                    return chosen(snapshot, by: .queryParameter, progress)
                }
            case .cookie(let name):
                progress.readCookie = true
                if let value = request.cookieHeader.flatMap({ Self.cookie(name, inHeader: $0) }), let snapshot = match(value) {
                    return chosen(snapshot, by: .cookie, progress)
                }
            case .profile(let store):
                if let userID = request.userID {
                    if !progress.asked {
                        progress.asked = true
                        return .profile(store, userID: userID)
                    }
                    progress.asked = false
                    if let stored = progress.profile, let snapshot = localizer.snapshot(matching: stored) {
                        return chosen(snapshot, by: .profile, progress)
                    }
                    progress.profile = nil
                }
            case .acceptLanguage:
                progress.readAcceptLanguage = true
                if let header = request.acceptLanguage,
                    let snapshot = localizer.snapshot(matchingAcceptLanguage: header)
                {
                    return chosen(snapshot, by: .acceptLanguage, progress)
                }
            }
            progress.step += 1
        }
        return chosen(localizer.snapshot(for: localizer.defaultLanguage), by: .defaultLanguage, progress)
    }

    private func match(_ value: Substring) -> LanguageSnapshot? {
        guard value.utf8.count <= Self.maximumValueLength, let language = Language(String(value)) else { return nil }
        return localizer.snapshot(matching: language)
    }

    private static let varyCookie = ["Cookie"]
    private static let varyAcceptLanguage = ["Accept-Language"]
    private static let varyBoth = ["Cookie", "Accept-Language"]

    /// The snapshot of an available language named by the first path segment, and the path without it.
    private func pathPrefix(_ path: String) -> (LanguageSnapshot, String)? {
        let utf8 = path.utf8
        guard utf8.first == UInt8(ascii: "/") else { return nil }
        let start = utf8.index(after: utf8.startIndex)
        let end = utf8[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? utf8.endIndex
        let length = utf8.distance(from: start, to: end)
        guard length > 0, length <= Self.maximumValueLength,
            let language = Language(String(Substring(utf8[start..<end]))),
            localizer.availableLanguages.contains(language),
            let snapshot = localizer.snapshot(matching: language)
        else { return nil }
        let rest = String(Substring(utf8[end...]))
        return (snapshot, rest.isEmpty || rest.hasPrefix("?") ? "/" + rest : rest)
    }

    /// The value of the first parameter `name` in a query string (`a=1&lang=fr`), percent-decoded.
    static func parameter(_ name: String, inQuery query: String) -> Substring? {
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            guard let equals = pair.firstIndex(of: "="), pair[..<equals] == name else { continue }
            let value = pair[pair.index(after: equals)...]
            guard value.contains("%") || value.contains("+") else { return value }
            // A tag is ASCII letters, digits and hyphens: `%2D` is the only escape worth reading.
            guard value.utf8.count <= maximumValueLength * 3 else { return nil }
            let spaced = String(value).replacing("+", with: " ")
            guard let decoded = spaced.removingPercentEncoding else { return nil }
            return Substring(decoded)
        }
        return nil
    }

    /// The value of the first cookie `name` in a `Cookie` header (`a=1; lang=fr`), unquoted.
    static func cookie(_ name: String, inHeader header: String) -> Substring? {
        for item in header.split(separator: ";", omittingEmptySubsequences: true) {
            let pair = item.drop { $0 == " " || $0 == "\t" }
            guard let equals = pair.firstIndex(of: "="), pair[..<equals] == name else { continue }
            var value = pair[pair.index(after: equals)...]
            while let last = value.last, last == " " || last == "\t" { value = value.dropLast() }
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
            return value
        }
        return nil
    }
}

/// What a request says that may choose its language: each framework integration fills it in.
public struct RequestLanguageInput: Sendable {
    /// The request's path, without the query (`/fr/orders`).
    public var path: String
    /// The query string, without `?` (`page=2&lang=fr`).
    public var query: String?
    /// The `Cookie` header (several joined with `; `).
    public var cookieHeader: String?
    /// The `Accept-Language` header (several joined with `, `).
    public var acceptLanguage: String?
    /// The signed-in user, for ``LanguageNegotiator/Step/profile(_:)``.
    public var userID: String?

    /// What a request says; leave out what it lacks.
    public init(
        path: String = "/", query: String? = nil, cookieHeader: String? = nil, acceptLanguage: String? = nil,
        userID: String? = nil
    ) {
        self.path = path
        self.query = query
        self.cookieHeader = cookieHeader
        self.acceptLanguage = acceptLanguage
        self.userID = userID
    }

    /// What a request says, from header fields as a framework hands them: every `Cookie` and
    /// `Accept-Language` field, in order. One field is read as it is; several are joined as
    /// HTTP joins repeated fields (cookies with `; `, lists with `, `).
    public init(path: String, query: String?, cookieFields: [String], acceptLanguageFields: [String], userID: String?) {
        self.init(
            path: path, query: query,
            cookieHeader: cookieFields.count <= 1 ? cookieFields.first : cookieFields.joined(separator: "; "),
            acceptLanguage: acceptLanguageFields.count <= 1 ? acceptLanguageFields.first : acceptLanguageFields.joined(separator: ", "),
            userID: userID)
    }
}

/// A request's language: the snapshot to render with, and what the response must say.
public struct NegotiatedLanguage: Sendable {
    /// Render the response with this: `negotiated.snapshot.string("order.confirmation", n)`,
    /// `negotiated.snapshot.formatter.currency(total, code: "EUR")`, or a typed accessor's
    /// `snapshot:` overload. No global state is read.
    public let snapshot: LanguageSnapshot
    /// Which step chose it.
    public let decision: LanguageNegotiator.Decision
    /// The path routes should see: the request's, less a language prefix that chose the language.
    public let path: String
    /// The request headers the choice read, so caches keep one response per value of each.
    public let vary: [String]
    /// ``vary`` as the value of one `Vary` field (`Cookie, Accept-Language`), or `nil` when the
    /// choice read no header: what an integration adds when the handler set no `Vary` of its
    /// own, one field rather than one per name. A literal: no text is built per request.
    public let varyValue: String?

    /// The response's `Content-Language`: the language the snapshot shows.
    public var contentLanguage: String { snapshot.language.identifier }

    /// The names of ``vary`` a response's `Vary` fields do not name yet, for an integration
    /// that adds one field per name to what the handler set (compared without regard to
    /// case; `*` names all). With no `Vary` field present, it is ``vary`` itself.
    public func varyNamesMissing(from present: [String]) -> [String] {
        present.isEmpty ? vary : vary.filter { !VaryHeader.contains($0, in: present) }
    }

    /// `Content-Language`, and `Vary` naming the headers the choice read (none when the path
    /// or query chose the language before any header was read).
    public var responseHeaders: [(name: String, value: String)] {
        var headers = [(name: "Content-Language", value: contentLanguage)]
        if let varyValue { headers.append((name: "Vary", value: varyValue)) }
        return headers
    }
}

/// The response's `Vary` header as framework integrations extend it.
public enum VaryHeader {
    /// Whether the `Vary` values a response holds (each a comma-separated list; a response may
    /// hold several) already name `header`, compared without regard to ASCII case. `*` names
    /// every header. It walks the bytes in place, copying nothing.
    public static func contains(_ header: String, in values: [String]) -> Bool {
        for value in values {
            let bytes = value.utf8
            var start = bytes.startIndex
            while start <= bytes.endIndex {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.endIndex
                if names(bytes[start..<end], header) { return true }
                guard end < bytes.endIndex else { break }
                start = bytes.index(after: end)
            }
        }
        return false
    }

    /// Whether one item of the list, less surrounding blanks, is `*` or `header`.
    private static func names(_ item: Substring.UTF8View, _ header: String) -> Bool {
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = item.firstIndex(where: { !blank($0) }), let last = item.lastIndex(where: { !blank($0) }) else { return false }
        let name = item[first...last]
        if name.elementsEqual(CollectionOfOne(UInt8(ascii: "*"))) { return true }
        return name.elementsEqual(header.utf8) { lowercased($0) == lowercased($1) }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
