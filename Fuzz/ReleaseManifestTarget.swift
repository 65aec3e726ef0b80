import Foundation
import Parlance

/// Fuzzes what a live-update client reads from the network before any signature is checked:
/// the release manifest and the signature envelope (ParlanceRemote's `ReleaseManifest` and
/// `ReleaseSignature`, compiled into this target from Integrations/ParlanceRemote). Any bytes
/// either read or fail with an error placed inside the input; what reads writes back to text
/// that reads as the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let body = bytes.dropFirst()
    let lines = body.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    if bytes[0] & 1 == 0 {
        do {
            let manifest = try ReleaseManifest.read(body)
            let again = try ReleaseManifest.read(manifest.encoded())
            require(again == manifest, "the manifest does not read back as written")
            require(manifest.payloads.count <= ReleaseManifest.maximumPayloads, "\(manifest.payloads.count) payloads")
            for payload in manifest.payloads {
                require(ManifestField.isSafeRelativePath(payload.path), "an unsafe path was accepted: \(payload.path.debugDescription)")
            }
        } catch {
            check(error, lines: lines)
        }
    } else {
        do {
            let signature = try ReleaseSignature.read(body)
            let again = try ReleaseSignature.read(signature.encoded())
            require(again == signature, "the envelope does not read back as written")
            require(signature.signature.count == 64, "a signature of \(signature.signature.count) bytes")
        } catch {
            check(error, lines: lines)
        }
    }
    return 0
}

private func check(_ error: ReleaseError, lines: Int) {
    guard let location = error.location else { return }
    require(location.line >= 1 && location.line <= lines, "an error on line \(location.line) of \(lines): \(error)")
    require(location.column >= 1, "an error at column \(location.column): \(error)")
}
