#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A store in a small text file, for command-line tools and servers.
///
/// Writes are atomic: the tag goes to a temporary file beside the target, which is
/// flushed to disk and then renamed over it, so a process killed at any point leaves
/// either the old choice or the new one, never a torn file. Each save writes its own
/// temporary file (named by process and a per-process counter), so threads saving at
/// once never write into the same file.
public struct FilePreferenceStore: LanguagePreferenceStore {
    public let url: URL

    public init(url: URL) { self.url = url }

    public func load() throws -> String? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data = try Data(contentsOf: url)
        guard data.count <= 256 else { return String(decoding: data.prefix(256), as: UTF8.self) }
        let text = String(decoding: data, as: UTF8.self).trimmingWhitespaceAndNewlines()
        return text.isEmpty ? nil : text
    }

    public func save(_ tag: String?) throws {
        guard let tag else {
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            return
        }
        try AtomicFile.replace(url, with: Array((tag + "\n").utf8))
    }
}
