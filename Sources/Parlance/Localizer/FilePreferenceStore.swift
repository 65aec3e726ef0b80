import Foundation
import Synchronization
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
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(saveCounter.wrappingAdd(1, ordering: .relaxed).oldValue).tmp")
        let bytes = Array((tag + "\n").utf8)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw posixError(temporary) }
        do {
            try writeAll(bytes, to: descriptor, file: temporary)
        } catch {
            close(descriptor)
            unlink(temporary.path)
            throw error
        }
        guard close(descriptor) == 0 else {
            let error = posixError(temporary)
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = posixError(url)
            unlink(temporary.path)
            throw error
        }
        // Make the rename itself durable.
        let directoryDescriptor = open(directory.path, O_RDONLY)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
        removeAbandonedTemporaryFiles(in: directory)
    }

    /// Writes all of `bytes` and flushes them to disk; the caller closes the descriptor.
    private func writeAll(_ bytes: [UInt8], to descriptor: Int32, file: URL) throws {
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { throw posixError(file) }
            written += result
        }
        guard fsync(descriptor) == 0 else { throw posixError(file) }
    }

    /// Removes temporary files left by writers that were killed mid-write; a live
    /// writer's file is left alone, and so is every file of this process (another
    /// thread may be writing it; a failed save removes its own).
    ///
    /// Temporary files are named `.<name>.<pid>.<counter>.tmp`; older versions wrote
    /// `.<name>.<pid>.tmp`, which are swept too.
    private func removeAbandonedTemporaryFiles(in directory: URL) {
        let prefix = ".\(url.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let middle = name.dropFirst(prefix.count).dropLast(4)
            let pidText = middle.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard let pid = pid_t(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// An error for the last failed call; read `errno` before anything else can change it.
    private func posixError(_ file: URL) -> any Error {
        CocoaError(.fileWriteUnknown, userInfo: [
            NSFilePathErrorKey: file.path,
            NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(errno)),
        ])
    }
}

/// Numbers each save's temporary file, so concurrent saves in one process never share one.
private let saveCounter = Atomic<UInt64>(0)
