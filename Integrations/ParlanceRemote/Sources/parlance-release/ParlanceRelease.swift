import ArgumentParser
import Foundation
import Parlance
import ParlanceReleaseTooling
import ParlanceRemote

@main
struct ParlanceRelease: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parlance-release",
        abstract: "Sign and publish catalog releases that apps apply live (ParlanceRemote).",
        discussion: "Integrations/ParlanceRemote/Sources/ParlanceRemote/ParlanceRemote.docc/LiveUpdates.md describes the release format, serving it, and key rotation.",
        subcommands: [Keygen.self, Publish.self, Verify.self]
    )
}

struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

struct Keygen: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make an Ed25519 key pair: <name>.key (private; keep it secret) and <name>.pub (what apps trust).")

    @Option(help: "The path of the key pair without extension.")
    var output: String = "parlance-release"

    @Flag(help: "Replace existing key files.")
    var force = false

    func run() throws {
        let privateURL = URL(fileURLWithPath: output + ".key")
        let publicURL = URL(fileURLWithPath: output + ".pub")
        for url in [privateURL, publicURL] where FileManager.default.fileExists(atPath: url.path) && !force {
            throw Failure("\(url.path) exists; pass --force to replace it (apps that trust its key would refuse new releases)")
        }
        let key = ReleaseSigningKey()
        try FileManager.default.createDirectory(at: privateURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard FileManager.default.createFile(
            atPath: privateURL.path, contents: Data(key.fileContents.utf8), attributes: [.posixPermissions: 0o600])
        else { throw Failure("cannot write \(privateURL.path)") }
        try Data((key.publicKey.base64 + "\n").utf8).write(to: publicURL)
        print("wrote \(privateURL.path) (private) and \(publicURL.path)")
        print("public key \(key.publicKey.identifier): \(key.publicKey.base64)")
    }
}

struct Publish: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compile catalogs into a signed release a static host serves as plain files.",
        discussion: """
            Writes <output>/payloads/<table>.<language>.<hash>.pcat, then <output>/manifest.sig and \
            <output>/manifest.txt. The same input writes the same bytes. Upload in that order.
            """)

    @Argument(help: "A .xcstrings file or a resources folder.")
    var catalogs: String

    @Option(help: "The private key file (from keygen).")
    var key: String

    @Option(help: "The release number: higher than every release published before.")
    var version: Int

    @Option(help: "The oldest app version the release applies to.")
    var minimumAppVersion: String = "0"

    @Option(help: "The newest app version the release applies to.")
    var maximumAppVersion: String?

    @Option(parsing: .upToNextOption, help: "Only these languages' payloads.")
    var languages: [String] = []

    @Option(help: "The language keys are written in, for tables read only from .lproj folders.")
    var sourceLanguage: String?

    @Option(help: "The folder to write the release into.")
    var output: String

    func run() throws {
        guard let minimum = AppVersion(minimumAppVersion) else { throw Failure("--minimum-app-version \(minimumAppVersion) is no app version") }
        let maximum: AppVersion?
        if let maximumAppVersion {
            guard let version = AppVersion(maximumAppVersion) else { throw Failure("--maximum-app-version \(maximumAppVersion) is no app version") }
            maximum = version
        } else {
            maximum = nil
        }
        var only: [Language]?
        if !languages.isEmpty {
            var list: [Language] = []
            for tag in languages {
                guard let language = Language(tag) else { throw Failure("--languages: \(tag) is no language tag") }
                list.append(language)
            }
            only = list
        }
        let folder: ResourceFolder
        do {
            folder = try ResourceFolderReader.read(at: URL(fileURLWithPath: catalogs), sourceLanguage: sourceLanguage)
        } catch {
            throw Failure("cannot read \(catalogs): \(error)")
        }
        for diagnostic in folder.diagnostics { FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8)) }
        if folder.hasErrors { throw ExitCode.failure }
        // A ReleaseError prints as "file:line:column: error: message".
        let signingKey = try ReleaseSigningKey(contentsOf: URL(fileURLWithPath: key))
        let result = try ReleasePublisher.publish(
            folder.catalogs, release: version, minimumAppVersion: minimum, maximumAppVersion: maximum,
            languages: only, key: signingKey, to: URL(fileURLWithPath: output))
        let bytes = result.manifest.payloads.reduce(0) { $0 + $1.size }
        print("release \(version): \(result.manifest.payloads.count) payloads, \(bytes) bytes, signed with key \(result.signature.keyIdentifier), in \(output)")
    }
}

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a release folder as a client would: signature, manifest, payload sizes and hashes.")

    @Argument(help: "The release folder.")
    var release: String

    @Option(help: "A public key file (.pub) or base64 key to trust; repeat for several.")
    var key: [String]

    func run() throws {
        let folder = URL(fileURLWithPath: release)
        var keys: [ReleasePublicKey] = []
        for text in key {
            keys.append(try ReleasePublicKey(base64: (try? String(contentsOfFile: text, encoding: .utf8)) ?? text))
        }
        guard let manifestBytes = try? Data(contentsOf: folder.appendingPathComponent(ReleaseManifest.fileName)),
            let signatureBytes = try? Data(contentsOf: folder.appendingPathComponent(ReleaseSignature.fileName))
        else { throw Failure("\(release) holds no \(ReleaseManifest.fileName) and \(ReleaseSignature.fileName)") }
        let signature = try ReleaseSignature.read(Array(signatureBytes), path: folder.appendingPathComponent(ReleaseSignature.fileName).path)
        try signature.verify(manifestBytes, trusting: keys)
        let manifest = try ReleaseManifest.read(Array(manifestBytes), path: folder.appendingPathComponent(ReleaseManifest.fileName).path)
        for payload in manifest.payloads {
            let url = folder.appendingPathComponent(payload.path)
            guard let bytes = try? Data(contentsOf: url) else { throw Failure("\(url.path): missing") }
            guard bytes.count == payload.size, ReleaseDigest.sha256(bytes) == payload.sha256 else {
                throw Failure("\(url.path): its size or SHA-256 differs from the manifest's")
            }
        }
        print("release \(manifest.release) verifies: signed with key \(signature.keyIdentifier), \(manifest.payloads.count) payloads match")
    }
}
