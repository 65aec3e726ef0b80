// Defines `webFolder`: a folder of JSON message catalogs as a web app keeps them (FormatJS's
// lang/xx.json and an i18next namespace, locales/xx/common.json), written to a scratch folder.
import Foundation

let webFolder: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-web-\(UUID().uuidString)")
    let files: [String: String] = [
        "lang/en.json": #"{"inbox.count": "{count, plural, =0 {No messages} one {# message} other {# messages}}", "position": "{0} of {1}"}"#,
        "lang/fr.json": #"{"inbox.count": "{count, plural, =0 {Aucun message} one {# message} other {# messages}}", "position": "{0} sur {1}"}"#,
        "locales/en/common.json": #"{"home": {"title": "Welcome"}}"#,
        "locales/fr/common.json": #"{"home": {"title": "Bienvenue"}}"#,
    ]
    for (path, text) in files {
        let url = folder.appendingPathComponent(path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: url)
    }
    return folder
}()
