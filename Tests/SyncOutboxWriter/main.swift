import Foundation
import Parlance
import ParlanceSync

// Signs `user` in against a profile server that cannot be reached, chooses `language`, and
// prints PENDING once the change is in the outbox; then waits to be killed. The outbox test
// kills it with SIGKILL and checks that the next start sends the change.
//
// usage: SyncOutboxWriter <outbox> <user> <project URL> <api key> <language>
let arguments = CommandLine.arguments
guard arguments.count == 6, let projectURL = URL(string: arguments[3]) else {
    FileHandle.standardError.write(Data("usage: SyncOutboxWriter <outbox> <user> <project URL> <api key> <language>\n".utf8))
    exit(2)
}
let localizer = Localizer(catalogs: [], configuration: .init(defaultLanguage: "en", preferenceStore: nil, preferredLanguages: { ["en"] }))
let store = SupabaseProfileStore(
    configuration: .init(projectURL: projectURL, apiKey: arguments[4], timeout: 2), accessToken: { nil })
let sync = ProfileSync(
    localizer: localizer, store: store, outbox: URL(fileURLWithPath: arguments[1]),
    retryPolicy: RetryPolicy(initialDelay: .seconds(30)))
await sync.signIn(userID: arguments[2])
localizer.select(.language(Language(arguments[5]) ?? "fr"))
while await sync.pendingChange == nil {
    try await Task.sleep(for: .milliseconds(5))
}
FileHandle.standardOutput.write(Data("PENDING\n".utf8))
try await Task.sleep(for: .seconds(600))
