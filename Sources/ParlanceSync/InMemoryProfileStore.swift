import Foundation
import Parlance
import Synchronization

/// Profiles in memory, for previews, tests and apps that sync within one process. It
/// behaves as a server-backed store does: a user with no profile is
/// ``ProfileStoreError/noSuchProfile(userID:)``, a stored value that is no tag is
/// ``ProfileStoreError/invalidTag(_:)``, and with `recordsChangeTime` a change older than
/// the stored one is refused with ``ProfileSaveResult/superseded(by:)``.
public final class InMemoryProfileStore: ProfileLanguageStore {
    private let profiles: Mutex<[String: (tag: String?, changedAt: Date?)]>
    public let recordsChangeTime: Bool

    /// - Parameters:
    ///   - profiles: The users that have a profile, with their stored tag (not checked, so
    ///     tests can store bad values).
    ///   - recordsChangeTime: Whether the store keeps each change's time and refuses an
    ///     older change, as a profile table with a `changed_at` column does.
    public init(profiles: [String: String?] = [:], recordsChangeTime: Bool = false) {
        self.profiles = Mutex(profiles.mapValues { ($0, nil) })
        self.recordsChangeTime = recordsChangeTime
    }

    /// Creates or replaces a profile, as another device or an admin would.
    public func setProfile(_ userID: String, tag: String?, changedAt: Date? = nil) {
        profiles.withLock { $0[userID] = (tag, changedAt) }
    }

    /// The raw stored value of a profile; `nil` when there is no profile.
    public func storedTag(of userID: String) -> String?? {
        profiles.withLock { $0[userID].map(\.tag) }
    }

    public func loadLanguage(userID: String) async throws -> ProfileLanguage {
        guard let stored = profiles.withLock({ $0[userID] }) else { throw ProfileStoreError.noSuchProfile(userID: userID) }
        guard let tag = stored.tag, !tag.isEmpty else { return ProfileLanguage(tag: nil, changedAt: stored.changedAt) }
        return ProfileLanguage(tag: try ProfileStoreError.validatedTag(tag), changedAt: stored.changedAt)
    }

    public func saveLanguage(_ tag: String?, changedAt: Date, userID: String) async throws -> ProfileSaveResult {
        let outcome = profiles.withLock { profiles -> Result<ProfileSaveResult, ProfileStoreError> in
            guard let stored = profiles[userID] else { return .failure(.noSuchProfile(userID: userID)) }
            if recordsChangeTime, let storedTime = stored.changedAt, storedTime >= changedAt {
                return .success(.superseded(by: ProfileLanguage(tag: stored.tag, changedAt: storedTime)))
            }
            profiles[userID] = (tag, recordsChangeTime ? changedAt : nil)
            return .success(.saved)
        }
        return try outcome.get()
    }
}
