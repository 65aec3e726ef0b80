#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
        do {
            try writeFlushed(bytes, to: temporary)
        } catch {
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = posixError(url)
            unlink(temporary.path)
            throw error
        }
        // Make the rename itself durable.
        flushDirectory(directory)
        removeAbandonedTemporaryFiles(of: url)
    }

    /// Creates or truncates `url`, writes `bytes` and flushes them to disk before returning.
    /// Not atomic by itself: for files written into a folder that is renamed into place whole
    /// (live updates' release folders), or as the first step of ``replace(_:with:)``.
    public static func writeFlushed(_ bytes: [UInt8], to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw posixError(url) }
        do {
            try writeAll(bytes, to: descriptor, file: url)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw posixError(url) }
    }

    /// Flushes a folder's entries (a rename or a new file in it) to disk; failures are ignored,
    /// as some file systems cannot open a folder for it.
    public static func flushDirectory(_ url: URL) {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
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
        guard flushToDisk(descriptor) else { throw posixError(file) }
    }

    /// Flushes a file's bytes to the disk itself. Apple's fsync(2) hands them to the drive,
    /// which may keep them in its cache across a power loss; its documented remedy is
    /// `fcntl(F_FULLFSYNC)`, taken there, with fsync where a file system refuses it.
    private static func flushToDisk(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
        #endif
        return fsync(descriptor) == 0
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
        // Foundation's key constants are not FoundationEssentials'; FileSystem spells them once.
        CocoaError(.fileWriteUnknown, userInfo: [
            FileSystem.filePathKey: file.path,
            FileSystem.underlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO),
        ])
    }
}

/// Numbers each write's temporary file, so concurrent writes in one process never share one.
private let writeCounter = Atomic<UInt64>(0)
