import Foundation
import Parlance
import ParlanceReleaseTooling
import ParlanceRemote
import QuizKit
import Testing

// In the quiz app's suite, which runs its tests one at a time: each app configures the
// process-wide LocalizationProvider, so a French app made here while another test reads the
// component library's labels in Italian would answer for it.
extension QuizAppTests {
    @Test("A signed release rewording the French title shows at once, and a rollback brings the bundled title back")
    func appliesAndRollsBack() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-live-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let key = ReleaseSigningKey()
        var catalogs = try ResourceFolderReader.read(at: QuizApp.resources).catalogs
        let index = try #require(catalogs.firstIndex { $0.table == "Localizable" })
        catalogs[index]["quiz.title"]?["fr"] = .string("Le grand quiz des serpents")
        // A value whose argument changed kind must not reach the screen.
        catalogs[index]["%lld questions restantes"]?["fr"] = .string("%@ questions restantes")
        try ReleasePublisher.publish(
            catalogs, release: 1, minimumAppVersion: "1.0", languages: ["fr"], key: key, to: work.appendingPathComponent("host"))

        let updater = ReleaseUpdater(
            bundled: QuizApp.bundledSource(),
            configuration: .init(
                baseURL: work.appendingPathComponent("host"), trustedKeys: [key.publicKey], appVersion: "1.0",
                cacheDirectory: work.appendingPathComponent("cache")),
            transport: FileReleaseTransport())
        let app = try QuizApp(store: InMemoryPreferenceStore(), preferredLanguages: { ["fr"] }, source: updater.source)
        updater.attach(app.localizer)
        // The app's own lines; the component library's come through the process-wide
        // LocalizationProvider.
        let before = Array(app.homeScreen(remaining: 3, correct: 1, total: 5, premiumPrice: 4.99).prefix(6))
        #expect(before[0] == "Quiz des serpents")

        let result = try await updater.check()
        guard case .applied(1, let rejected) = result else {
            Issue.record("not applied: \(result)")
            return
        }
        #expect(rejected.map(\.key) == ["%lld questions restantes"])
        let after = Array(app.homeScreen(remaining: 3, correct: 1, total: 5, premiumPrice: 4.99).prefix(6))
        #expect(after[0] == "Le grand quiz des serpents")
        #expect(after[2] == before[2])
        #expect(after.dropFirst() == before.dropFirst())

        try updater.rollback()
        #expect(Array(app.homeScreen(remaining: 3, correct: 1, total: 5, premiumPrice: 4.99).prefix(6)) == before)
    }
}
