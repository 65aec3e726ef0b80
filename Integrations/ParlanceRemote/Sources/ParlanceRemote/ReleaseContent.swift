import Foundation
import Parlance

/// A release whose manifest's signature verified, with the payloads read so far.
struct VerifiedManifest: Sendable {
    var manifest: ReleaseManifest
    var manifestBytes: [UInt8]
    var signatureBytes: [UInt8]

    /// Checks the signature over `manifestBytes`, then reads the manifest.
    static func verify(
        manifest manifestBytes: [UInt8], signature signatureBytes: [UInt8], trusting keys: [ReleasePublicKey], origin: String
    ) throws(ReleaseError) -> VerifiedManifest {
        let signature = try ReleaseSignature.read(signatureBytes, path: origin + "/" + ReleaseSignature.fileName)
        try signature.verify(manifestBytes, trusting: keys)
        let manifest = try ReleaseManifest.read(manifestBytes, path: origin + "/" + ReleaseManifest.fileName)
        return VerifiedManifest(manifest: manifest, manifestBytes: manifestBytes, signatureBytes: signatureBytes)
    }

    /// Checks that `bytes` are the payload the manifest lists, by size and SHA-256.
    static func check(_ bytes: [UInt8], against payload: ReleaseManifest.Payload, origin: String) throws(ReleaseError) {
        guard bytes.count == payload.size else {
            throw ReleaseError(
                .payloadMismatch, "the payload is \(bytes.count) bytes; the manifest says \(payload.size)",
                at: SourceLocation(file: origin + "/" + payload.path, line: 1, column: 1))
        }
        let hash = ReleaseDigest.sha256(bytes)
        guard hash == payload.sha256 else {
            throw ReleaseError(
                .payloadMismatch, "the payload's SHA-256 is \(hash); the manifest says \(payload.sha256)",
                at: SourceLocation(file: origin + "/" + payload.path, line: 1, column: 1))
        }
    }
}

/// Turns verified payloads into the values laid over the bundled catalogs, checking each
/// value against the bundled source.
struct OverlayBuilder {
    let bundled: any LocalizationSource
    let checker: UpdateChecker
    /// The values of the release applied before: a rejected value keeps the earlier one.
    let previous: ReleaseOverlay

    /// The overlay of `manifest`, and the values left out.
    /// - Throws: ``ReleaseError/Kind/malformedPayload`` when a payload is no compiled catalog
    ///   or holds another table or language than the manifest lists.
    func overlay(
        of manifest: ReleaseManifest, payloads: [ReleaseManifest.Payload: [UInt8]], origin: String
    ) throws(ReleaseError) -> (ReleaseOverlay, [RejectedValue]) {
        let sourceLanguage = (try? bundled.sourceLanguages().first) ?? manifest.sourceLanguages.first ?? Language("en")
        var sources: [String: Catalog] = [:]
        if let catalogs = try? bundled.catalogs(for: sourceLanguage) {
            for catalog in catalogs { sources[catalog.table] = catalog }
        }
        // Each key's source shape is worked out once, whichever languages the release holds.
        var shapes: [String: [String: ArgumentShape]] = [:]
        var overlay = ReleaseOverlay(release: manifest.release)
        var rejected: [RejectedValue] = []
        for payload in manifest.payloads {
            guard let bytes = payloads[payload] else { continue }
            let location = SourceLocation(file: origin + "/" + payload.path, line: 1, column: 1)
            let compiled: CompiledCatalog
            do {
                compiled = try CompiledCatalog(bytes: bytes, path: location.file)
                try compiled.validate()
            } catch {
                throw ReleaseError(.malformedPayload, "the payload is no compiled catalog: \(error.diagnostic.message)", at: location)
            }
            guard compiled.table == payload.table, compiled.language == payload.language.identifier else {
                throw ReleaseError(
                    .malformedPayload,
                    "the payload holds \(compiled.table) in \(compiled.language); the manifest lists it as \(payload.table) in \(payload.language)",
                    at: location)
            }
            let source = sources[payload.table]
            var values: [String: Localization] = [:]
            do throws(CompiledCatalogError) {
                for key in try compiled.keys() {
                    guard let value = try compiled.value(forKey: key)?.localization else { continue }
                    let reason: RejectedValue.Reason?
                    if let source, let entry = source[key] {
                        let expected = shapes[payload.table]?[key] ?? {
                            let shape = ArgumentShape(source: entry[sourceLanguage.identifier], key: key)
                            shapes[payload.table, default: [:]][key] = shape
                            return shape
                        }()
                        reason = checker.problem(with: value, expected: expected)
                    } else {
                        reason = .unknownKey
                    }
                    if let reason {
                        rejected.append(RejectedValue(table: payload.table, language: payload.language, key: key, reason: reason))
                        if let earlier = previous.values[payload.language]?[payload.table]?[key] { values[key] = earlier }
                    } else {
                        values[key] = value
                    }
                }
            } catch {
                throw ReleaseError(.malformedPayload, "the payload is no compiled catalog: \(error.diagnostic.message)", at: location)
            }
            if !values.isEmpty { overlay.values[payload.language, default: [:]][payload.table] = values }
        }
        return (overlay, rejected)
    }
}
