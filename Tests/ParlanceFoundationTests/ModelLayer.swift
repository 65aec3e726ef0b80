import Foundation
import ParlanceFoundation

// An inbox screen's model layer, written as an iOS app writes it with Apple's API. On Linux
// `import ParlanceFoundation` provides what Foundation lacks; on Apple platforms it adds
// nothing and Foundation's own types are used. `AppleAPITests` runs it in two languages.

/// A message folder.
struct Folder {
    var name: String
    var unread: Int

    /// What a row shows; a value, not text, so it is resolved in the language shown then.
    var rowTitle: LocalizedStringResource {
        LocalizedStringResource("\(name) (\(unread))", comment: "A folder row: its name and unread count")
    }
}

/// The inbox screen's text.
struct InboxModel {
    var unread: Int
    var sender: String
    var downloads: Int
    var folders: [Folder]

    var title: String { String(localized: "Inbox", comment: "The screen's title") }

    var unreadLine: String {
        String(localized: "You have \(unread) new messages", comment: "Unread messages, above the list")
    }

    var fromLine: String { String(localized: "From \(sender)", table: "Inbox", comment: "The sender of the newest message") }

    var emptyLine: String {
        String(localized: "inbox.empty", defaultValue: "Nothing new since \(unread) days", table: "Inbox", comment: "No mail")
    }

    var archiveButton: String { String(localized: LocalizedStringResource("Archive", comment: "A button")) }

    var untranslated: String { String(localized: "Sent at \(unread) o'clock") }

    var settingsTitle: String { String(localized: "Settings", bundle: .module, comment: "This module's own catalog") }

    var downloadsLine: String { String(localized: "\(downloads) downloads", bundle: .module) }

    var folderRows: [String] { folders.map { String(localized: $0.rowTitle) } }
}
