import Foundation
import Parlance
import ParlanceReleaseTooling
import ParlanceRemote
import QuizKit

// A live update, end to end, in one process: the team publishes a signed release that fixes
// the French title, the running app checks, verifies and shows it without a restart, then
// rolls back to the bundle. The "host" is a folder (FileReleaseTransport); point `baseURL`
// at an nginx or a CDN and drop the transport argument for the real thing.
let work = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-live-\(getpid())")
defer { try? FileManager.default.removeItem(at: work) }
let host = work.appendingPathComponent("host")

// The team's side: a key pair, and release 1 with the French title reworded.
let key = ReleaseSigningKey()
var catalogs = try ResourceFolderReader.read(at: QuizApp.resources).catalogs
let index = catalogs.firstIndex { $0.table == "Localizable" }!
catalogs[index]["quiz.title"]?["fr"] = .string("Le grand quiz des serpents")
let published = try ReleasePublisher.publish(
    catalogs, release: 1, minimumAppVersion: "1.0", languages: ["fr"], key: key, to: host)
print("Published release 1 (\(published.manifest.payloads.count) payloads), signed with key \(key.publicKey.identifier).")

// The app's side: the bundled catalogs with the cached release laid over them.
let updater = ReleaseUpdater(
    bundled: QuizApp.bundledSource(),
    configuration: .init(
        baseURL: host, trustedKeys: [key.publicKey], appVersion: "1.0",
        cacheDirectory: work.appendingPathComponent("cache")),
    transport: FileReleaseTransport())
let app = try QuizApp(store: InMemoryPreferenceStore(), preferredLanguages: { ["fr"] }, source: updater.source)
updater.attach(app.localizer)
let changes = Task { () -> LanguageChange? in
    for await change in app.localizer.changes() where change.reason == .reload { return change }
    return nil
}

print("Before:   \(app.homeScreen(remaining: 3, correct: 1, total: 5, premiumPrice: 4.99)[0])")
let result = try await updater.check()
guard case .applied(let release, let rejected) = result else {
    print("error: the release was not applied: \(result)")
    exit(1)
}
print("Applied release \(release) live, \(rejected.count) values left out.")
print("After:    \(app.homeScreen(remaining: 3, correct: 1, total: 5, premiumPrice: 4.99)[0])")
if let change = await changes.value { print("Observers heard: \(change.reason) in \(change.newLanguage).") }
// Checks closer together than a minute make no request.
print("Checked again at once: \(try await updater.check())")
try updater.rollback()
print("Rolled back: \(app.homeScreen(remaining: 3, correct: 1, total: 5, premiumPrice: 4.99)[0])")
