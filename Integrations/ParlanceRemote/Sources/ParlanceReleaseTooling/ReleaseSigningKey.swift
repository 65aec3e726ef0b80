import Foundation
import Parlance
import ParlanceRemote
#if canImport(CryptoKit)
import CryptoKit
#else
import Crypto
#endif

/// The private half of a release key pair: what signs manifests. Keep it out of the app and
/// out of source control; CI reads it from a secret.
///
/// Its file, `<name>.key`, holds one line: `parlance-ed25519-private <base64 of 32 bytes>`.
public struct ReleaseSigningKey: Sendable {
    private let key: Curve25519.Signing.PrivateKey

    /// A new random key.
    public init() { key = Curve25519.Signing.PrivateKey() }

    /// The key from its 32 raw bytes.
    public init(rawRepresentation: some ContiguousBytes) throws(ReleaseError) {
        do {
            key = try Curve25519.Signing.PrivateKey(rawRepresentation: rawRepresentation)
        } catch {
            throw ReleaseError(.key, "an Ed25519 private key is 32 bytes")
        }
    }

    /// The public key apps trust.
    public var publicKey: ReleasePublicKey {
        // The public half of a valid private key is always a valid public key.
        try! ReleasePublicKey(rawRepresentation: key.publicKey.rawRepresentation)
    }

    /// The detached signature over `manifest`.
    public func sign(_ manifest: [UInt8]) throws(ReleaseError) -> ReleaseSignature {
        do {
            return ReleaseSignature(keyIdentifier: publicKey.identifier, signature: try key.signature(for: Data(manifest)))
        } catch {
            throw ReleaseError(.key, "cannot sign the manifest: \(error)")
        }
    }

    static let filePrefix = "parlance-ed25519-private "

    /// The key file's text.
    public var fileContents: String {
        Self.filePrefix + key.rawRepresentation.base64EncodedString() + "\n"
    }

    /// Reads a key file.
    /// - Throws: ``/ParlanceRemote/ReleaseError`` (``/ParlanceRemote/ReleaseError/Kind/key``) naming the file.
    public init(contentsOf url: URL) throws(ReleaseError) {
        guard let data = try? Data(contentsOf: url), data.count < 4096, let text = String(data: data, encoding: .utf8) else {
            throw ReleaseError(.key, "cannot read the private key", at: SourceLocation(file: url.path, line: 1, column: 1))
        }
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix(Self.filePrefix) else {
            throw ReleaseError(.key, "a private key file starts with \"\(Self.filePrefix)\"; is this the public key?", at: SourceLocation(file: url.path, line: 1, column: 1))
        }
        guard let raw = Data(base64Encoded: String(line.dropFirst(Self.filePrefix.count))) else {
            throw ReleaseError(.key, "the private key is not base64 text", at: SourceLocation(file: url.path, line: 1, column: Self.filePrefix.count + 1))
        }
        do {
            try self.init(rawRepresentation: raw)
        } catch {
            throw ReleaseError(.key, error.message, at: SourceLocation(file: url.path, line: 1, column: Self.filePrefix.count + 1))
        }
    }
}
