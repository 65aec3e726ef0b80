#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a ``Localizer`` remembers the user's choice of language.
///
/// A store holds a language tag, or nothing when the user follows the device.
/// Parlance never writes `AppleLanguages`.
public protocol LanguagePreferenceStore: Sendable {
    /// The stored tag, exactly as stored (validated by the localizer), or `nil`.
    func load() throws -> String?
    /// Stores `tag`; `nil` removes the stored choice.
    func save(_ tag: String?) throws
}

/// A store in memory, for tests and previews.
public final class InMemoryPreferenceStore: LanguagePreferenceStore {
    private let value: Locked<String?>

    public init(_ tag: String? = nil) { value = Locked(tag) }

    public func load() -> String? { value.withLock { $0 } }
    public func save(_ tag: String?) { value.withLock { $0 = tag } }
}
