import Foundation
import Observation

extension Localizer {
    /// Posted after the current language changed, once lookups already see the new one.
    /// `userInfo` holds the old and new ``Language`` under ``oldLanguageUserInfoKey`` and
    /// ``newLanguageUserInfoKey``; the object is the localizer.
    public static let languageDidChangeNotification = Notification.Name("ParlanceLanguageDidChange")
    public static let oldLanguageUserInfoKey = "oldLanguage"
    public static let newLanguageUserInfoKey = "newLanguage"

    /// Every change of language from now on, each delivered after the new language is
    /// visible to lookups. The stream ends when the caller stops iterating.
    public func changes() -> AsyncStream<LanguageChange> {
        let (stream, continuation) = AsyncStream<LanguageChange>.makeStream(bufferingPolicy: .unbounded)
        let id = UUID()
        state.withLock { $0.continuations[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Tells every kind of observer, in a fixed order: Observation, then the streams,
    /// then `NotificationCenter`.
    func announce(_ change: LanguageChange) {
        registrar.withMutation(of: self, keyPath: \.selection) {}
        if change.oldLanguage != change.newLanguage {
            registrar.withMutation(of: self, keyPath: \.language) {}
        }
        let continuations = state.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.yield(change) }
        configuration.notificationCenter?.post(
            name: Self.languageDidChangeNotification, object: self,
            userInfo: [Self.oldLanguageUserInfoKey: change.oldLanguage, Self.newLanguageUserInfoKey: change.newLanguage])
    }
}
