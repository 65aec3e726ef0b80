import Foundation
import ParlanceCore

extension Localizer {
    /// Posted after what lookups show changed (a switch, a pseudo-localization style, a
    /// ``/ParlanceCore/Localizer/reload()``), once lookups already see it. `userInfo` holds the
    /// old and new ``/ParlanceCatalogs/Language`` under ``oldLanguageUserInfoKey`` and
    /// ``newLanguageUserInfoKey`` and the whole ``/ParlanceCore/LanguageChange`` under
    /// ``changeUserInfoKey``; the object is the localizer.
    public static let languageDidChangeNotification = Notification.Name("ParlanceLanguageDidChange")
    public static let oldLanguageUserInfoKey = "oldLanguage"
    public static let newLanguageUserInfoKey = "newLanguage"
    public static let changeUserInfoKey = "change"
}

extension Localizer.Configuration.ChangeNotifications {
    /// The centre this names.
    var center: NotificationCenter? {
        switch self {
        case .processDefault: .default
        case .none: nil
        case .center(let center): center as? NotificationCenter
        }
    }
}

extension Localizer.Configuration {
    /// The centre ``ParlanceCore/Localizer/languageDidChangeNotification`` is posted to;
    /// `nil` posts nothing. `NotificationCenter.default` unless set.
    public var notificationCenter: NotificationCenter? {
        get { changeNotifications.center }
        set {
            changeNotifications = newValue.map { $0 === NotificationCenter.default ? .processDefault : .center($0) } ?? .none
        }
    }

    /// A configuration that posts ``ParlanceCore/Localizer/languageDidChangeNotification`` to
    /// `notificationCenter`, or nowhere when it is `nil` (a server that makes a localizer per
    /// tenant, a test); every other parameter as the core's initializer takes it.
    public init(
        defaultLanguage: Language = "en",
        preferenceStore: (any LanguagePreferenceStore)? = nil,
        preferredLanguages: @escaping @Sendable () -> [Language] = Localizer.devicePreferredLanguages,
        device: DeviceClass = .other,
        missingKeyHandler: (@Sendable (MissingKey) -> Void)? = nil,
        resourceDirectory: URL? = nil,
        notificationCenter: NotificationCenter?,
        timeZone: TimeZone = .autoupdatingCurrent,
        calendar: Calendar.Identifier? = nil
    ) {
        self.init(
            defaultLanguage: defaultLanguage, preferenceStore: preferenceStore, preferredLanguages: preferredLanguages,
            device: device, missingKeyHandler: missingKeyHandler, resourceDirectory: resourceDirectory,
            timeZone: timeZone, calendar: calendar)
        self.notificationCenter = notificationCenter
    }
}
