import Foundation
import Parlance
import ParlanceReleaseTooling
import Testing
@testable import ParlanceRemote

@Suite("Release manifest, signature envelope and app versions")
struct ManifestTests {
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    @Test("A published manifest reads back as written, and the same input publishes the same bytes")
    func roundTripAndDeterminism() throws {
        let one = try Fixture.publish(Fixture.bundled(), release: 4, minimum: "2.0", maximum: "2.9", languages: nil)
        let two = try Fixture.publish(Fixture.bundled(), release: 4, minimum: "2.0", maximum: "2.9", languages: nil)
        let bytes = try [UInt8](Data(contentsOf: one.appendingPathComponent("manifest.txt")))
        let manifest = try ReleaseManifest.read(bytes)
        #expect(manifest.release == 4)
        #expect(manifest.minimumAppVersion == "2.0" && manifest.maximumAppVersion == "2.9")
        #expect(manifest.payloads.map { "\($0.table).\($0.language)" } == ["Localizable.en", "Localizable.fr", "Settings.en", "Settings.fr"])
        #expect(manifest.encoded() == bytes)
        for name in ["manifest.txt", "manifest.sig"] + manifest.payloads.map(\.path) {
            #expect(try Data(contentsOf: one.appendingPathComponent(name)) == Data(contentsOf: two.appendingPathComponent(name)), "\(name)")
        }
    }

    @Test("Escaped table names and paths survive a round trip")
    func escaping() throws {
        let manifest = ReleaseManifest(
            release: 1, minimumAppVersion: "1", sourceLanguages: ["en"],
            payloads: [.init(language: "fr", table: "Mes chaînes%", size: 3, sha256: String(repeating: "a", count: 64), path: "payloads/Mes chaînes%.fr.pcat")])
        let text = String(decoding: manifest.encoded(), as: UTF8.self)
        #expect(text.contains("payload fr Mes%20cha%C3%AEnes%25 3 "))
        #expect(try ReleaseManifest.read(manifest.encoded()) == manifest)
    }

    /// Each file in Fixtures/bad-manifests must fail with the message and place its first line names.
    @Test("Malformed manifests fail at their line and column", arguments: try FileManager.default
        .contentsOfDirectory(atPath: fixtures.appendingPathComponent("bad-manifests").path).sorted())
    func malformed(_ name: String) throws {
        let url = Self.fixtures.appendingPathComponent("bad-manifests").appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        // The first line is "# expect <line>:<column> <words of the message>"; the manifest follows.
        let header = text.prefix { $0 != "\n" }
        let body = Array(text.dropFirst(header.count + 1).utf8)
        let parts = header.dropFirst("# expect ".count).split(separator: " ", maxSplits: 1)
        let error = try #require(throws: ReleaseError.self) { try ReleaseManifest.read(body, path: name) }
        #expect(error.kind == .malformedManifest)
        #expect("\(error.location!.line):\(error.location!.column)" == String(parts[0]), "\(error)")
        #expect(error.message.contains(String(parts[1])), "\(error)")
    }

    @Test("A manifest over the size limit or listing too many payloads is refused before it is parsed")
    func bounds() throws {
        let huge = [UInt8](repeating: 0x61, count: ReleaseManifest.maximumSize + 1)
        #expect(throws: ReleaseError.self) { try ReleaseManifest.read(huge) }
        var text = "parlance-release 1\nrelease 1\napp-version-minimum 1\n"
        for index in 0...ReleaseManifest.maximumPayloads {
            text += "payload fr T\(index) 1 \(String(repeating: "0", count: 64)) p/\(index)\n"
        }
        let error = try #require(throws: ReleaseError.self) { try ReleaseManifest.read(Array(text.utf8)) }
        #expect(error.message.contains("more than 4096 payloads"))
    }

    @Test("The signature envelope reads back and rejects each malformed line at its place")
    func envelope() throws {
        let signature = try Fixture.key.sign(Array("x\n".utf8))
        #expect(try ReleaseSignature.read(signature.encoded()) == signature)
        try signature.verify(Array("x\n".utf8), trusting: [Fixture.key.publicKey])
        #expect(throws: ReleaseError.self) { try signature.verify(Array("y\n".utf8), trusting: [Fixture.key.publicKey]) }
        let untrusted = try #require(throws: ReleaseError.self) { try signature.verify(Array("x\n".utf8), trusting: [Fixture.otherKey.publicKey]) }
        #expect(untrusted.kind == .untrustedKey)
        let cases: [(String, String)] = [
            ("parlance-signature 2\nalgorithm ed25519\nkey 0123456789abcdef\nsignature AA==\n", "1:20"),
            ("parlance-signature 1\nalgorithm rsa\nkey 0123456789abcdef\nsignature AA==\n", "2:11"),
            ("parlance-signature 1\nalgorithm ed25519\nkey XYZ\nsignature AA==\n", "3:5"),
            ("parlance-signature 1\nalgorithm ed25519\nkey 0123456789abcdef\nsignature AA==\n", "4:11"),
            ("parlance-signature 1\nalgorithm ed25519\n", "3:1"),
            ("parlance-signature 1\nalgo ed25519\nkey 0123456789abcdef\nsignature AA==\n", "2:1"),
            ("parlance-signature 1\nalgorithm ed25519\nkey 0123456789abcdef\nsignature AA==", "4:1"),
        ]
        for (text, place) in cases {
            let error = try #require(throws: ReleaseError.self) { try ReleaseSignature.read(Array(text.utf8)) }
            #expect(error.kind == .malformedSignature)
            #expect("\(error.location!.line):\(error.location!.column)" == place, "\(text.debugDescription): \(error)")
        }
    }

    @Test("App versions compare by number, missing parts being zero; bad ones do not parse")
    func appVersions() {
        #expect(AppVersion("2.4") == AppVersion("2.4.0"))
        #expect(AppVersion("2.10") > AppVersion("2.9"))
        #expect(AppVersion("10") > AppVersion("9.9.9"))
        for bad in ["", "2.", ".2", "2..3", "v2", "2.4-beta", "1.2.3.4.5.6.7.8.9", "1234567890"] {
            #expect(AppVersion(bad) == nil, "\(bad)")
        }
        let manifest = ReleaseManifest(release: 1, minimumAppVersion: "2.0", maximumAppVersion: "2.9", sourceLanguages: [], payloads: [])
        #expect(manifest.applies(to: "2.0") && manifest.applies(to: "2.9.0") && manifest.applies(to: "2.5.1"))
        #expect(!manifest.applies(to: "1.9.9") && !manifest.applies(to: "2.9.1") && !manifest.applies(to: "3"))
    }

    @Test("Key files: a private key reads back; a public key where a private one is expected says so")
    func keyFiles() throws {
        let folder = Fixture.temporaryFolder("keys")
        let url = folder.appendingPathComponent("k.key")
        try Data(Fixture.key.fileContents.utf8).write(to: url)
        #expect(try ReleaseSigningKey(contentsOf: url).publicKey == Fixture.key.publicKey)
        try Data((Fixture.key.publicKey.base64 + "\n").utf8).write(to: url)
        let error = try #require(throws: ReleaseError.self) { try ReleaseSigningKey(contentsOf: url) }
        #expect(error.description.hasPrefix(url.path + ":1:1: "))
        #expect(throws: ReleaseError.self) { try ReleasePublicKey(base64: "AAAA") }
        #expect(try ReleasePublicKey(base64: " \(Fixture.key.publicKey.base64)\n") == Fixture.key.publicKey)
    }
}

@Suite("Transports without a server")
struct FileTransportTests {
    @Test("A folder serves a release; an unchanged manifest is a 304, a missing file a 404, a large one refused")
    func folder() async throws {
        let release = try Fixture.publish(Fixture.bundled(), release: 1)
        let transport = FileReleaseTransport()
        let manifest = release.appendingPathComponent("manifest.txt")
        let first = try await transport.get(manifest, etag: nil, limit: 1 << 20, timeout: .seconds(1))
        let bytes = try Data(contentsOf: manifest)
        #expect(first.status == 200 && first.body == Array(bytes))
        let second = try await transport.get(manifest, etag: first.etag, limit: 1 << 20, timeout: .seconds(1))
        #expect(second.status == 304 && second.body.isEmpty)
        let missing = try await #require(throws: ReleaseError.self) {
            try await transport.get(release.appendingPathComponent("nope"), etag: nil, limit: 10, timeout: .seconds(1))
        }
        #expect(missing.status == 404)
        let large = try await #require(throws: ReleaseError.self) { try await transport.get(manifest, etag: nil, limit: 10, timeout: .seconds(1)) }
        #expect(large.kind == .tooLarge)
    }

    @Test("Retry-After reads seconds and HTTP dates, capped at a day; anything else is ignored")
    func retryAfter() {
        #expect(RetryAfter.seconds("7") == 7)
        #expect(RetryAfter.seconds(" 120 ") == 120)
        #expect(RetryAfter.seconds("999999999") == 86_400)
        #expect(RetryAfter.seconds("soon") == nil)
        #expect(RetryAfter.seconds("-3") == nil)
        #expect(RetryAfter.seconds("Wed, 21 Oct 2015 07:28:00 GMT") == 0)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let later = RetryAfter.seconds(formatter.string(from: Date().addingTimeInterval(300)))
        #expect(later.map { $0 > 290 && $0 <= 300 } == true, "\(String(describing: later))")
    }

    @Test("Backoff doubles per failure from the initial wait, caps at the maximum, and adds at most half again")
    func backoff() {
        for failures in 1...12 {
            let wait = ReleaseUpdater.backoff(failures: failures, initial: .seconds(2), maximum: .seconds(60))
            let base = min(2 * (1 << (failures - 1)), 60)
            #expect(wait >= .seconds(base) && wait <= .seconds(Double(base) * 1.5), "\(failures): \(wait)")
        }
    }
}
