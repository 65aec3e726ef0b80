import Foundation
import Parlance

/// Reads releases from `file:` URLs: a folder on a shared drive, a release unpacked by a
/// device-management tool, or an example that needs no server. The `ETag` is the file's size
/// and modification time, as nginx makes it, so an unchanged manifest is a 304.
public struct FileReleaseTransport: ReleaseTransport {
    public init() {}

    public func get(_ url: URL, etag: String?, limit: Int, timeout: Duration) async throws(ReleaseError) -> ReleaseResponse {
        let location = SourceLocation(file: url.path, line: 1, column: 1)
        guard url.isFileURL else { throw ReleaseError(.network, "not a file URL", at: location) }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let size = (attributes[.size] as? NSNumber)?.intValue
        else { throw ReleaseError(.httpStatus, "no such file", at: location, status: 404) }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let tag = "\"\(String(Int(modified * 1000), radix: 16))-\(String(size, radix: 16))\""
        if let etag, etag == tag { return ReleaseResponse(status: 304, body: [], etag: tag) }
        guard size <= limit else { throw ReleaseError(.tooLarge, "the file is \(size) bytes; at most \(limit) are read", at: location) }
        guard let data = try? Data(contentsOf: url), data.count <= limit else {
            throw ReleaseError(.network, "cannot read the file", at: location)
        }
        return ReleaseResponse(status: 200, body: Array(data), etag: tag)
    }
}
