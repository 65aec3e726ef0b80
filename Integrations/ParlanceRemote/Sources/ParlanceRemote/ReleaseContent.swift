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

/// Turns verified payloads into the files laid over the bundled catalogs, checking each value
/// against the bundled source. The payloads stay compiled: a value is decoded only to be
/// checked, and a rejected one is passed over in place (`ProbedTable/excludedKeys`).
struct OverlayBuilder {
    let source: UpdatableLocalizationSource
    let checker: UpdateChecker
    /// The release applied before: a rejected value keeps the value it showed.
    let previous: ReleaseOverlay

    /// The overlay of `manifest`, and the values left out.
    /// - Throws: ``ReleaseError/Kind/malformedPayload`` when a payload is no compiled catalog
    ///   or holds another table or language than the manifest lists.
    func overlay(
        of manifest: ReleaseManifest, payloads: [ReleaseManifest.Payload: [UInt8]], origin: String
    ) throws(ReleaseError) -> (ReleaseOverlay, [RejectedValue]) {
        let sourceLanguage = (try? source.bundled.sourceLanguages().first) ?? manifest.sourceLanguages.first ?? Language("en")
        var overlay = ReleaseOverlay(release: manifest.release)
        var rejected: [RejectedValue] = []
        for payload in manifest.payloads {
            guard let bytes = payloads[payload] else { continue }
            let location = SourceLocation(file: origin + "/" + payload.path, line: 1, column: 1)
            let compiled: CompiledCatalog
            let entries: [(key: String, value: CompiledValue)]
            do {
                compiled = try CompiledCatalog(bytes: bytes, path: location.file)
                entries = try compiled.validatedEntries()
            } catch {
                throw ReleaseError(.malformedPayload, "the payload is no compiled catalog: \(error.diagnostic.message)", at: location)
            }
            guard compiled.table == payload.table, compiled.language == payload.language.identifier else {
                throw ReleaseError(
                    .malformedPayload,
                    "the payload holds \(compiled.table) in \(compiled.language); the manifest lists it as \(payload.table) in \(payload.language)",
                    at: location)
            }
            var excluded: Set<String> = []
            var carried = Catalog(table: payload.table, sourceLanguage: sourceLanguage.identifier)
            let known = source.knownShapes(table: payload.table)
            for (key, value) in entries {
                let expected = known[key] ?? source.sourceShape(
                    table: payload.table, key: key, sourceLanguage: sourceLanguage, language: payload.language)
                let reason: RejectedValue.Reason? =
                    if let expected {
                        checker.problem(with: value, expected: expected, language: payload.language.identifier)
                    } else {
                        .unknownKey
                    }
                guard let reason else { continue }
                rejected.append(RejectedValue(table: payload.table, language: payload.language, key: key, reason: reason))
                excluded.insert(key)
                if let earlier = previous.value(of: key, table: payload.table, language: payload.language) {
                    var entry = CatalogEntry()
                    entry[payload.language.identifier] = earlier.localization
                    carried[key] = entry
                }
            }
            var files = [ProbedTable(compiled, excluding: excluded)]
            if !carried.entries.isEmpty {
                // The earlier values were checked when their release was applied.
                do {
                    let bytes = try CompiledCatalogWriter.bytes(for: carried, language: payload.language)
                    files.append(ProbedTable(try CompiledCatalog(bytes: bytes, path: location.file + " (values kept)")))
                } catch {
                    throw ReleaseError(.malformedPayload, "cannot keep the earlier values of rejected keys: \(error)", at: location)
                }
            }
            overlay.tables[payload.language, default: []] += files
        }
        return (overlay, rejected)
    }
}
