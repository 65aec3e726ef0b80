import Foundation
import Parlance

/// The detached signature over a release's manifest, `manifest.sig`:
///
/// ```
/// parlance-signature 1
/// algorithm ed25519
/// key 3f1c9a0b7e2d4c61
/// signature <base64 of 64 bytes>
/// ```
///
/// The signature is over the manifest's bytes exactly as served; the manifest holds every
/// payload's SHA-256, so it covers the payloads too.
public struct ReleaseSignature: Hashable, Sendable {
    /// The envelope's file name in a release.
    public static let fileName = "manifest.sig"
    /// The largest envelope a client reads.
    public static let maximumSize = 4096

    /// The ``ReleasePublicKey/identifier`` of the key that signed.
    public var keyIdentifier: String
    /// The 64 signature bytes.
    public var signature: Data

    public init(keyIdentifier: String, signature: Data) {
        self.keyIdentifier = keyIdentifier
        self.signature = signature
    }

    /// The envelope's text.
    public func encoded() -> [UInt8] {
        Array("parlance-signature 1\nalgorithm ed25519\nkey \(keyIdentifier)\nsignature \(signature.base64EncodedString())\n".utf8)
    }

    /// Reads an envelope.
    /// - Throws: ``ReleaseError`` (``ReleaseError/Kind/malformedSignature``) naming `path`,
    ///   line and column.
    public static func read(_ bytes: some Collection<UInt8>, path: String = fileName) throws(ReleaseError) -> ReleaseSignature {
        func failure(_ message: String, line: Int, column: Int = 1) -> ReleaseError {
            ReleaseError(.malformedSignature, message, file: path, line: line, column: column)
        }
        guard bytes.count <= maximumSize else {
            throw ReleaseError(.malformedSignature, "the signature file is \(bytes.count) bytes; at most \(maximumSize) are read", file: path)
        }
        guard let text = String(validating: Array(bytes), as: UTF8.self) else { throw failure("the signature file is not UTF-8", line: 1) }
        let expected = ["parlance-signature", "algorithm", "key", "signature"]
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.last == "" else { throw failure("the signature file does not end with a newline", line: lines.count) }
        lines.removeLast()
        guard lines.count == expected.count else {
            throw failure("the signature file has \(lines.count) lines; expected \(expected.count): \(expected.joined(separator: ", "))", line: min(lines.count, expected.count) + 1)
        }
        var values: [String] = []
        for (index, line) in lines.enumerated() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count == 2, fields[0] == expected[index] else {
                throw failure("expected \"\(expected[index]) <value>\"", line: index + 1)
            }
            values.append(String(fields[1]))
        }
        let valueColumn = { (line: Int) in expected[line].count + 2 }
        guard values[0] == "1" else { throw failure("this client reads signature format 1", line: 1, column: valueColumn(0)) }
        guard values[1] == "ed25519" else {
            throw failure("the algorithm \(values[1].prefix(40)) is not supported; releases are signed with ed25519", line: 2, column: valueColumn(1))
        }
        guard values[2].utf8.count == 16, values[2].utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            throw failure("the key identifier must be 16 lowercase hexadecimal digits", line: 3, column: valueColumn(2))
        }
        guard let signature = Data(base64Encoded: values[3]), signature.count == 64 else {
            throw failure("the signature must be the base64 of 64 bytes", line: 4, column: valueColumn(3))
        }
        return ReleaseSignature(keyIdentifier: values[2], signature: signature)
    }
}
