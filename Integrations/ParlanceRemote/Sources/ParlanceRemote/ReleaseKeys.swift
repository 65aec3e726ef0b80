import Foundation
#if canImport(CryptoKit)
import CryptoKit
#else
import Crypto
#endif

/// A public key a client trusts to sign releases: Ed25519, written as the base64 of its 32
/// raw bytes (what `parlance-release keygen` prints and writes to `<name>.pub`).
///
/// An app ships the public keys it trusts. To rotate keys, ship the next key beside the
/// current one, then sign with the next: a manifest's envelope names the key that signed it.
public struct ReleasePublicKey: Hashable, Sendable, CustomStringConvertible {
    /// The key's 32 bytes.
    public let rawRepresentation: Data
    /// The first eight bytes of the key's SHA-256, in hexadecimal: how an envelope names it.
    public let identifier: String

    /// The key from its 32 raw bytes.
    /// - Throws: ``ReleaseError`` (``ReleaseError/Kind/key``) when they are no Ed25519 key.
    public init(rawRepresentation: some ContiguousBytes) throws(ReleaseError) {
        let data = rawRepresentation.withUnsafeBytes { Data($0) }
        do {
            _ = try Curve25519.Signing.PublicKey(rawRepresentation: data)
        } catch {
            throw ReleaseError(.key, "an Ed25519 public key is 32 bytes; found \(data.count)")
        }
        self.rawRepresentation = data
        self.identifier = ReleaseDigest.hex(SHA256.hash(data: data)).prefix(16).description
    }

    /// The key from its base64 text, surrounding white space ignored.
    /// - Throws: ``ReleaseError`` (``ReleaseError/Kind/key``) when the text is no base64 of 32 bytes.
    public init(base64 text: String) throws(ReleaseError) {
        guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ReleaseError(.key, "the public key is not base64 text")
        }
        try self.init(rawRepresentation: data)
    }

    /// The key as base64 text.
    public var base64: String { rawRepresentation.base64EncodedString() }

    public var description: String { "ed25519:\(identifier)" }

    /// Whether `signature` signs `message` with this key.
    public func isValidSignature(_ signature: Data, for message: some DataProtocol) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: rawRepresentation) else { return false }
        return key.isValidSignature(signature, for: message)
    }
}

extension ReleaseSignature {
    /// Checks that this signs `manifest` with one of `keys`.
    /// - Throws: ``ReleaseError/Kind/untrustedKey`` when no key has the named identifier;
    ///   ``ReleaseError/Kind/badSignature`` when the signature does not verify.
    public func verify(_ manifest: some DataProtocol, trusting keys: [ReleasePublicKey]) throws(ReleaseError) {
        guard let key = keys.first(where: { $0.identifier == keyIdentifier }) else {
            throw ReleaseError(
                .untrustedKey,
                "the manifest is signed by key \(keyIdentifier), which this app does not trust (it trusts \(keys.map(\.identifier).joined(separator: ", ")))")
        }
        guard key.isValidSignature(signature, for: manifest) else {
            throw ReleaseError(.badSignature, "the signature does not verify over the manifest with key \(keyIdentifier)")
        }
    }
}

/// SHA-256 as the manifest writes it.
public enum ReleaseDigest {
    /// The SHA-256 of `bytes` as 64 lowercase hexadecimal digits.
    public static func sha256(_ bytes: some DataProtocol) -> String { hex(SHA256.hash(data: bytes)) }

    static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var result: [UInt8] = []
        for byte in digest {
            result.append(digits[Int(byte >> 4)])
            result.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: result, as: UTF8.self)
    }
}
