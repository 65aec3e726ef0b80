import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A store in a small text file, for command-line tools and servers.
///
/// Writes are atomic: the tag goes to a temporary file beside the target, which is
/// flushed to disk and then renamed over it, so a process killed at any point leaves
/// either the old choice or the new one, never a torn file.
public struct FilePreferenceStore: LanguagePreferenceStore {
    public let url: URL

    public init(url: URL) { self.url = url }

    public func load() throws -> String? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data = try Data(contentsOf: url)
        guard data.count <= 256 else { return String(decoding: data.prefix(256), as: UTF8.self) }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    public func save(_ tag: String?) throws {
        guard let tag else {
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            return
        }
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        let bytes = Array((tag + "\n").utf8)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw posixError(temporary) }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard result > 0 else {
                close(descriptor)
                throw posixError(temporary)
            }
            written += result
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0 else { throw posixError(temporary) }
        guard rename(temporary.path, url.path) == 0 else { throw posixError(url) }
        // Make the rename itself durable.
        let directoryDescriptor = open(directory.path, O_RDONLY)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private func posixError(_ file: URL) -> any Error {
        CocoaError(.fileWriteUnknown, userInfo: [
            NSFilePathErrorKey: file.path,
            NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(errno)),
        ])
    }
}
