import Foundation
import Parlance
import ParlanceReleaseTooling
import ParlanceRemote

// Publishes and applies releases in a loop, each one newer than the last, until killed:
//
//   ReleaseApplier <cache> <scratch folder>
//
// Release n sets "greeting" to "Release n" in French. The crash-safety test kills this
// process with SIGKILL at random moments, then checks that the next start finds a complete
// release (or none) in the cache, never a mix.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: ReleaseApplier <cache> <scratch folder>\n".utf8))
    exit(64)
}
let key = try ReleaseSigningKey(rawRepresentation: [UInt8](repeating: 7, count: 32))
let scratch = URL(fileURLWithPath: arguments[2])
let configuration = ReleaseUpdater.Configuration(
    baseURL: scratch, trustedKeys: [key.publicKey], appVersion: "1.2",
    cacheDirectory: URL(fileURLWithPath: arguments[1]), minimumCheckInterval: .zero)
let updater = ReleaseUpdater(bundled: InMemoryLocalizationSource([ApplierCatalog.make("Bonjour")]), configuration: configuration, transport: FolderTransport())
var release = (updater.currentRelease ?? 0) + 1
FileHandle.standardOutput.write(Data("ready\n".utf8))
while true {
    try ReleasePublisher.publish(
        [ApplierCatalog.make("Release \(release)")], release: release, minimumAppVersion: "1.0", languages: ["fr"],
        key: key, to: scratch)
    _ = try await updater.check()
    release += 1
}

enum ApplierCatalog {
    static func make(_ french: String) -> Catalog {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        var entry = CatalogEntry()
        entry["en"] = .string("Hello")
        entry["fr"] = .string(french)
        catalog["greeting"] = entry
        // Enough keys that writing a release takes a while, so kills land inside it.
        for index in 0..<2000 {
            var filler = CatalogEntry()
            filler["en"] = .string("Key \(index)")
            filler["fr"] = .string("Clé \(index) — \(french)")
            catalog["key.\(index)"] = filler
        }
        return catalog
    }
}

/// Reads release files from a folder, as a host would serve them.
struct FolderTransport: ReleaseTransport {
    func get(_ url: URL, etag: String?, limit: Int, timeout: Duration) async throws(ReleaseError) -> ReleaseResponse {
        guard let data = try? Data(contentsOf: url) else { throw ReleaseError(.httpStatus, "no such file", status: 404) }
        return ReleaseResponse(status: 200, body: Array(data), etag: nil)
    }
}
