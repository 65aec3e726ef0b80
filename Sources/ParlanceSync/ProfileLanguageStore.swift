import Foundation
import Parlance

/// Where a signed-in user's language choice is kept on a server: a Supabase profile, a
/// table in your own PostgreSQL database, or anything else that can load and save one
/// language tag per user.
///
/// ```swift
/// let store = SupabaseProfileStore(
///     configuration: .init(projectURL: URL(string: "https://abc.supabase.co")!, apiKey: anonKey),
///     accessToken: { await auth.session?.accessToken })
/// let sync = ProfileSync(localizer: localizer, store: store, outbox: outboxURL)
/// await sync.signIn(userID: user.id.uuidString)
/// ```
///
/// Implementations throw ``ProfileStoreError`` so ``ProfileSync`` can tell a failure worth
/// retrying (offline, a 5xx, a timeout) from one that is not (no such profile, a token the
/// server refuses).
public protocol ProfileLanguageStore: Sendable {
    /// The language stored in `userID`'s profile.
    /// - Returns: The stored choice; its ``ProfileLanguage/tag`` is `nil` when the user
    ///   never chose (or chose to follow the device).
    /// - Throws: ``ProfileStoreError``: ``ProfileStoreError/noSuchProfile(userID:)`` when no
    ///   profile has that id, ``ProfileStoreError/invalidTag(_:)`` when the stored value is
    ///   no language tag, and the network, server and authentication failures.
    func loadLanguage(userID: String) async throws -> ProfileLanguage

    /// Stores `tag` (`nil` clears the choice) in `userID`'s profile.
    ///
    /// A store that records when the choice changed (``recordsChangeTime``) writes only when
    /// `changedAt` is later than the stored change, and otherwise answers
    /// ``ProfileSaveResult/superseded(by:)`` with the later choice, so two devices converge
    /// on the later change whatever order their writes arrive in.
    func saveLanguage(_ tag: String?, changedAt: Date, userID: String) async throws -> ProfileSaveResult

    /// Whether the store keeps the time of each change and refuses older ones. Without it,
    /// the last write to arrive wins.
    var recordsChangeTime: Bool { get }
}

extension ProfileLanguageStore {
    public var recordsChangeTime: Bool { false }
}

/// A language choice as a profile stores it.
public struct ProfileLanguage: Hashable, Sendable {
    /// The stored BCP 47 tag, already checked to be one; `nil` when none is stored.
    public var tag: String?
    /// When the choice was made, for stores that keep it.
    public var changedAt: Date?

    public init(tag: String?, changedAt: Date? = nil) {
        self.tag = tag
        self.changedAt = changedAt
    }

    /// The stored tag as a `Language`.
    public var language: Language? { tag.flatMap(Language.init) }
}

/// What saving a choice did.
public enum ProfileSaveResult: Hashable, Sendable {
    /// The profile now holds the choice.
    case saved
    /// The profile holds a later choice, made elsewhere, which was kept.
    case superseded(by: ProfileLanguage)
}

/// Why a profile store could not load or save a language.
public enum ProfileStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server could not be reached: offline, refused, reset, a name that does not resolve.
    case network(String)
    /// No answer within the store's timeout.
    case timedOut(seconds: Double)
    /// The server failed (5xx).
    case server(status: Int, message: String)
    /// Too many requests (429); `retryAfter` is what the server asked for, in seconds.
    case rateLimited(retryAfter: Double?)
    /// The credentials were refused: an expired or invalid token, a missing API key (401, 403).
    case authentication(String)
    /// No profile has this id.
    case noSuchProfile(userID: String)
    /// More than one profile has this id, so "the" profile is ambiguous.
    case ambiguousProfile(userID: String, message: String)
    /// The stored value is no language tag (shown up to 64 characters).
    case invalidTag(String)
    /// The server refused the request for another reason (a 4xx), with its code and message.
    case rejected(status: Int, code: String?, message: String)
    /// The answer was not what the protocol promises (bad JSON, too large, wrong shape).
    case invalidResponse(String)
    /// No user is signed in (``ProfileSync`` only).
    case notSignedIn

    /// Whether trying again later may succeed without anything else changing.
    public var isRetriable: Bool {
        switch self {
        case .network, .timedOut, .server, .rateLimited: true
        case .authentication, .noSuchProfile, .ambiguousProfile, .invalidTag, .rejected, .invalidResponse, .notSignedIn: false
        }
    }

    public var description: String {
        switch self {
        case .network(let message): "the profile server could not be reached: \(message)"
        case .timedOut(let seconds): "the profile server did not answer within \(seconds.formatted(.number.precision(.fractionLength(0...3)))) s"
        case .server(let status, let message): "the profile server failed (HTTP \(status)): \(message)"
        case .rateLimited(let retryAfter):
            "the profile server asked to slow down (HTTP 429)" + (retryAfter.map { "; retry after \(Int($0.rounded(.up))) s" } ?? "")
        case .authentication(let message): "the profile server refused the credentials: \(message)"
        case .noSuchProfile(let userID): "no profile has the id \(userID)"
        case .ambiguousProfile(let userID, let message): "more than one profile has the id \(userID): \(message)"
        case .invalidTag(let value): "the profile's language \"\(value)\" is no language tag"
        case .rejected(let status, let code, let message):
            "the profile server refused the request (HTTP \(status)\(code.map { ", \($0)" } ?? "")): \(message)"
        case .invalidResponse(let message): "the profile server's answer is not understood: \(message)"
        case .notSignedIn: "no user is signed in"
        }
    }

    /// Checks a stored value: a well-formed BCP 47 tag of at most 64 characters, returned
    /// in canonical form; otherwise ``invalidTag(_:)``. Stores call it on what they load.
    public static func validatedTag(_ value: String) throws(ProfileStoreError) -> String {
        guard value.utf8.count <= 64, let language = Language(value) else {
            throw .invalidTag(String(value.prefix(64)))
        }
        return language.identifier
    }
}
