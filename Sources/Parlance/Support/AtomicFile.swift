import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Replaces a file so that a process killed at any point leaves either the old contents
/// or the new ones, never a torn file: the bytes go to a temporary file beside the target,
/// are flushed to disk, and the temporary file is renamed over the target; the rename is
/// flushed too. Used by ``FilePreferenceStore`` and by profile sync's outbox.
///
/// Each write uses its own temporary file (named by process and a per-process counter), so
/// threads writing at once never write into the same file; temporary files of killed
/// writers are swept on the next write.
@_spi(Files)
public enum AtomicFile {
    public static func replace(_ url: URL, with bytes: [UInt8]) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(writeCounter.wrappingAdd(1, ordering: .relaxed).oldValue).tmp")
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
        removeAbandonedTemporaryFiles(of: url)
    }

    /// Writes all of `bytes` and flushes them to disk; the caller closes the descriptor.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, file: URL) throws {
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
    /// thread may be writing it; a failed write removes its own).
    ///
    /// Temporary files are named `.<name>.<pid>.<counter>.tmp`; older versions wrote
    /// `.<name>.<pid>.tmp`, which are swept too.
    private static func removeAbandonedTemporaryFiles(of url: URL) {
        let directory = url.deletingLastPathComponent()
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
    private static func posixError(_ file: URL) -> any Error {
        CocoaError(.fileWriteUnknown, userInfo: [
            NSFilePathErrorKey: file.path,
            NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(errno)),
        ])
    }
}

/// Numbers each write's temporary file, so concurrent writes in one process never share one.
private let writeCounter = Atomic<UInt64>(0)
