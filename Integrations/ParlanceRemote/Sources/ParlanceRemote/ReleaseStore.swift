import Foundation
@_spi(Files) import Parlance
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The on-disk cache of the applied release, laid out so that a process killed at any point
/// leaves either the release applied before or the new one, complete:
///
/// ```
/// <cache>/state                         "current 42-1f3a…\nhighest 42\n", replaced atomically
/// <cache>/releases/42-1f3a…/manifest.txt, manifest.sig, payloads/…
/// <cache>/releases/.incoming-<pid>-<n>/ a release being written; swept when found later
/// ```
///
/// A new release is written whole into an incoming folder, every file flushed, then the
/// folder is renamed into place and flushed, and only then is `state` replaced to name it.
/// `highest` is the highest release ever applied, so a rollback to the bundled catalogs
/// does not let the same release (or an older one) be applied again.
struct ReleaseStore: Sendable {
    let directory: URL

    struct State: Equatable, Sendable {
        /// The folder under `releases/` of the applied release; `nil` for the bundled catalogs.
        var current: String?
        /// The highest release ever applied; `nil` before the first.
        var highest: Int?
    }

    private var stateURL: URL { directory.appendingPathComponent("state") }
    private var releasesURL: URL { directory.appendingPathComponent("releases") }

    func folder(named name: String) -> URL { releasesURL.appendingPathComponent(name) }

    /// The recorded state; an unreadable or malformed state file reads as no release applied.
    func readState() -> State {
        guard let data = try? Data(contentsOf: stateURL), data.count < 4096,
            let text = String(data: data, encoding: .utf8)
        else { return State() }
        var state = State()
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1)
            guard fields.count == 2 else { continue }
            switch fields[0] {
            case "current":
                let name = String(fields[1])
                state.current = name == "none" || !ManifestField.isSafeRelativePath(name) || name.contains("/") ? nil : name
            case "highest": state.highest = Int(fields[1])
            default: continue
            }
        }
        return state
    }

    func writeState(_ state: State) throws(ReleaseError) {
        var text = "current \(state.current ?? "none")\n"
        if let highest = state.highest { text += "highest \(highest)\n" }
        do {
            try AtomicFile.replace(stateURL, with: Array(text.utf8))
        } catch {
            throw ReleaseError(.cache, "cannot record the applied release: \(error.localizedDescription)", at: SourceLocation(file: stateURL.path, line: 1, column: 1))
        }
    }

    /// The folder name a release is stored under: its number and the start of its manifest's hash.
    static func folderName(_ verified: VerifiedManifest) -> String {
        "\(verified.manifest.release)-\(ReleaseDigest.sha256(verified.manifestBytes).prefix(16))"
    }

    /// Writes a release's files into place (not yet current) and returns the folder's name.
    func save(_ verified: VerifiedManifest, payloads: [ReleaseManifest.Payload: [UInt8]]) throws(ReleaseError) -> String {
        let name = Self.folderName(verified)
        let final = folder(named: name)
        let incoming = releasesURL.appendingPathComponent(".incoming-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try FileManager.default.createDirectory(at: incoming.appendingPathComponent("payloads"), withIntermediateDirectories: true)
            try AtomicFile.writeFlushed(verified.manifestBytes, to: incoming.appendingPathComponent(ReleaseManifest.fileName))
            try AtomicFile.writeFlushed(verified.signatureBytes, to: incoming.appendingPathComponent(ReleaseSignature.fileName))
            for payload in verified.manifest.payloads {
                guard let bytes = payloads[payload] else { continue }
                try AtomicFile.writeFlushed(bytes, to: incoming.appendingPathComponent("payloads/\(payload.sha256).pcat"))
            }
            AtomicFile.flushDirectory(incoming.appendingPathComponent("payloads"))
            AtomicFile.flushDirectory(incoming)
            // A folder of the same name holds the same manifest; it may be a kill's leftover
            // or the release applied before a rollback: replace it with what was just checked.
            if FileManager.default.fileExists(atPath: final.path) {
                let current = readState().current
                if current == name { try? FileManager.default.removeItem(at: incoming); return name }
                try FileManager.default.removeItem(at: final)
            }
            guard rename(incoming.path, final.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: final.path])
            }
            AtomicFile.flushDirectory(releasesURL)
        } catch let error as ReleaseError {
            try? FileManager.default.removeItem(at: incoming)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: incoming)
            throw ReleaseError(.cache, "cannot write the release to the cache: \(error.localizedDescription)", at: SourceLocation(file: final.path, line: 1, column: 1))
        }
        return name
    }

    /// Reads a stored release's files back; `nil` when the folder is missing or incomplete.
    func read(_ name: String) -> (manifest: [UInt8], signature: [UInt8], payload: (String) -> [UInt8]?)? {
        let base = folder(named: name)
        guard let manifest = try? Data(contentsOf: base.appendingPathComponent(ReleaseManifest.fileName)),
            manifest.count <= ReleaseManifest.maximumSize,
            let signature = try? Data(contentsOf: base.appendingPathComponent(ReleaseSignature.fileName)),
            signature.count <= ReleaseSignature.maximumSize
        else { return nil }
        return (Array(manifest), Array(signature), { sha256 in
            (try? Data(contentsOf: base.appendingPathComponent("payloads/\(sha256).pcat"))).map(Array.init)
        })
    }

    /// Removes every stored release but `keep`, and incoming folders of processes that are gone.
    func sweep(keeping keep: String?) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: releasesURL.path) else { return }
        for name in names where name != keep {
            if name.hasPrefix(".incoming-") {
                let pidText = name.dropFirst(".incoming-".count).split(separator: "-").first.map(String.init) ?? ""
                if let pid = pid_t(pidText), pid == getpid() || kill(pid, 0) == 0 { continue }
            }
            try? FileManager.default.removeItem(at: releasesURL.appendingPathComponent(name))
        }
    }
}
