import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Parlance
import ParlanceReleaseTooling
import ParlanceRemote

// Publishes and applies releases, each one newer than the last:
//
//   ReleaseApplier <cache> <scratch folder>            until killed
//   ReleaseApplier soak <count> <cache> <scratch>      <count> times, printing resident memory
//
// Release n sets "greeting" to "Release n" in French. The crash-safety test kills this
// process with SIGKILL at random moments, then checks that the next start finds a complete
// release (or none) in the cache, never a mix. The memory test runs the soak and compares
// resident memory after the first 100 releases with that after the last.
var arguments = CommandLine.arguments
var soakCount: Int?
if arguments.count == 5, arguments[1] == "soak", let count = Int(arguments[2]) {
    soakCount = count
    arguments.removeSubrange(1...2)
}
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: ReleaseApplier [soak <count>] <cache> <scratch folder>\n".utf8))
    exit(64)
}
// The test that started it: when that is gone (killed, say), so is the point of going on.
let parent = getppid()
let key = try ReleaseSigningKey(rawRepresentation: [UInt8](repeating: 7, count: 32))
let scratch = URL(fileURLWithPath: arguments[2])
let configuration = ReleaseUpdater.Configuration(
    baseURL: scratch, trustedKeys: [key.publicKey], appVersion: "1.2",
    cacheDirectory: URL(fileURLWithPath: arguments[1]), minimumCheckInterval: .zero)
let updater = ReleaseUpdater(
    bundled: InMemoryLocalizationSource([ApplierCatalog.make("Bonjour", keys: soakCount == nil ? 2000 : 50)]),
    configuration: configuration, transport: FileReleaseTransport())
let localizer = try Localizer(
    source: updater.source, configuration: .init(defaultLanguage: "fr", preferredLanguages: { ["fr"] }, notificationCenter: nil))
updater.attach(localizer)
var release = (updater.currentRelease ?? 0) + 1
FileHandle.standardOutput.write(Data("ready\n".utf8))
var applied = 0
while soakCount.map({ applied < $0 }) ?? true {
    if getppid() != parent { exit(0) }
    try ReleasePublisher.publish(
        [ApplierCatalog.make("Release \(release)", keys: soakCount == nil ? 2000 : 50)], release: release, minimumAppVersion: "1.0",
        languages: ["fr"], key: key, to: scratch)
    guard case .applied = try await updater.check(), localizer.string("greeting") == "Release \(release)" else {
        FileHandle.standardError.write(Data("release \(release) was not applied\n".utf8))
        exit(1)
    }
    release += 1
    applied += 1
    if applied == 100 || applied == soakCount {
        FileHandle.standardOutput.write(Data("rss \(applied) \(residentKilobytes())\n".utf8))
    }
}

/// VmRSS from /proc/self/status, in kilobytes.
func residentKilobytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
}

enum ApplierCatalog {
    static func make(_ french: String, keys: Int) -> Catalog {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        var entry = CatalogEntry()
        entry["en"] = .string("Hello")
        entry["fr"] = .string(french)
        catalog["greeting"] = entry
        // Enough keys that writing a release takes a while, so kills land inside it.
        for index in 0..<keys {
            var filler = CatalogEntry()
            filler["en"] = .string("Key \(index)")
            filler["fr"] = .string("Clé \(index) — \(french)")
            catalog["key.\(index)"] = filler
        }
        return catalog
    }
}
