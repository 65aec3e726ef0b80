import Foundation
@_spi(Files) import Parlance
import ParlanceRemote

/// Writes a release: what `parlance-release publish` does.
///
/// ```
/// <output>/manifest.txt
/// <output>/manifest.sig
/// <output>/payloads/<table>.<language>.<first 16 hex digits of SHA-256>.pcat
/// ```
///
/// The same catalogs, release number, versions and key give the same bytes in every file
/// (Ed25519 signatures are deterministic). Payloads are written first and the manifest
/// last, so a host that serves the folder while it is written never lists a payload that is
/// not there yet; upload in the same order (payloads, then `manifest.sig`, then `manifest.txt`).
/// Payloads of earlier releases in `output` are left in place for clients still reading the
/// manifest before; delete them once no client can.
public enum ReleasePublisher {
    /// What was written.
    public struct Result: Sendable {
        public var manifest: ReleaseManifest
        public var manifestBytes: [UInt8]
        public var signature: ReleaseSignature
    }

    /// Compiles every table of `catalogs` in every language into payloads, writes the
    /// manifest and signs it.
    /// - Parameters:
    ///   - catalogs: The catalogs to publish, one per table.
    ///   - release: The release number; clients refuse a number lower than the one they have.
    ///   - minimumAppVersion: The oldest app version the release is for.
    ///   - maximumAppVersion: The newest app version it is for; `nil` for every later one.
    ///   - languages: Only these languages' payloads; `nil` for every language the catalogs hold.
    ///   - key: The key the manifest is signed with.
    ///   - output: The folder the release is written to, as it will be served.
    /// - Throws: ``/ParlanceRemote/ReleaseError`` (``/ParlanceRemote/ReleaseError/Kind/publishing``) when a table cannot be compiled
    ///   or a file cannot be written.
    @discardableResult
    public static func publish(
        _ catalogs: [Catalog], release: Int, minimumAppVersion: AppVersion, maximumAppVersion: AppVersion? = nil,
        languages: [Language]? = nil, key: ReleaseSigningKey, to output: URL
    ) throws(ReleaseError) -> Result {
        guard release >= 0 else { throw ReleaseError(.publishing, "the release number must be 0 or more") }
        var payloads: [(ReleaseManifest.Payload, [UInt8])] = []
        var sourceLanguages: [Language] = []
        var tables: Set<String> = []
        for catalog in catalogs {
            guard tables.insert(catalog.table).inserted else {
                throw ReleaseError(.publishing, "two catalogs hold the table \(catalog.table)")
            }
            if let language = Language(catalog.sourceLanguage), !sourceLanguages.contains(language) { sourceLanguages.append(language) }
            for tag in catalog.languages {
                guard let language = Language(tag) else { continue }
                if let languages, !languages.contains(language) { continue }
                let bytes: [UInt8]
                do {
                    bytes = try CompiledCatalogWriter.bytes(for: catalog, language: language)
                } catch {
                    throw ReleaseError(.publishing, "cannot compile \(catalog.table) in \(language): \(error)")
                }
                let hash = ReleaseDigest.sha256(bytes)
                let path = "payloads/\(catalog.table).\(language.identifier).\(hash.prefix(16)).pcat"
                payloads.append((.init(language: language, table: catalog.table, size: bytes.count, sha256: hash, path: path), bytes))
            }
        }
        let manifest = ReleaseManifest(
            release: release, minimumAppVersion: minimumAppVersion, maximumAppVersion: maximumAppVersion,
            sourceLanguages: sourceLanguages, payloads: payloads.map(\.0))
        let manifestBytes = manifest.encoded()
        let signature = try key.sign(manifestBytes)
        do {
            let payloadFolder = output.appendingPathComponent("payloads")
            try FileManager.default.createDirectory(at: payloadFolder, withIntermediateDirectories: true)
            for (payload, bytes) in payloads {
                try AtomicFile.replace(output.appendingPathComponent(payload.path), with: bytes)
            }
            try AtomicFile.replace(output.appendingPathComponent(ReleaseSignature.fileName), with: signature.encoded())
            try AtomicFile.replace(output.appendingPathComponent(ReleaseManifest.fileName), with: manifestBytes)
        } catch {
            throw ReleaseError(.publishing, "cannot write the release: \(error.localizedDescription)", at: .init(file: output.path, line: 1, column: 1))
        }
        return Result(manifest: manifest, manifestBytes: manifestBytes, signature: signature)
    }
}
