#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a compiled file: a file mapped read-only, or bytes read or copied into memory;
/// unmapped or freed when the last reference goes. The catalogs cut from them keep them alive.
final class FileBytes: @unchecked Sendable {
    // @unchecked: the bytes are never written after init and are released only in deinit.
    let bytes: UnsafeRawBufferPointer
    let path: String
    /// The pages mapped, which `bytes` lies in (a pack member starts anywhere in its page);
    /// `nil` for bytes in memory.
    private let mapping: UnsafeRawBufferPointer?
    /// Whether the bytes are mapped from their file rather than read into memory.
    var isMapped: Bool { mapping != nil }

    /// A copy of `source`; `path` names it in errors.
    init(copying source: some Collection<UInt8>, path: String) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 8)
        // One copy of contiguous bytes (an Array, Data, a slice); element by element otherwise.
        let copied: Bool? = source.withContiguousStorageIfAvailable { contiguous in
            if let base = contiguous.baseAddress { copy.baseAddress!.copyMemory(from: base, byteCount: contiguous.count) }
            return true
        }
        if copied == nil { _ = copy.initializeMemory(as: UInt8.self, from: source) }
        // Rebased from offset 0, so the buffer's base address is the allocation's.
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[0..<source.count])
        self.path = path
        mapping = nil
    }

    /// Maps `url`, after checking its size lies in `minimum...maximum`.
    init(_ url: URL, minimum: Int, maximum: Int, describe: (Int) -> String) throws(CompiledCatalogError) {
        let file = try OpenFile(url, minimum: minimum, maximum: maximum, describe: describe)
        path = file.path
        guard let address = mmap(nil, file.size, PROT_READ, MAP_PRIVATE, file.descriptor, 0), address != MAP_FAILED else {
            throw CompiledCatalogError("cannot map the file: \(String(cString: strerror(errno)))", path: path, offset: 0)
        }
        // Lookups probe a hash index: random reads. Saying so keeps the kernel from mapping (and
        // counting as resident) the neighbouring pages of each page touched.
        _ = madvise(address, file.size, MADV_RANDOM)
        bytes = UnsafeRawBufferPointer(start: address, count: file.size)
        mapping = bytes
    }

    /// `count` bytes of `file` from `offset` (a pack's member), mapped read-only: only the pages
    /// a lookup touches (the header, the index bucket, the value) are read, so a key missing
    /// from every language probes each table's index and never reads a table whole. Read into
    /// memory instead when the system refuses the mapping.
    static func mapping(_ file: OpenFile, offset: Int, count: Int) throws(CompiledCatalogError) -> FileBytes {
        let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
        let start = offset - offset % page
        let length = offset - start + count
        guard count > 0, let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, file.descriptor, off_t(start)),
              address != MAP_FAILED
        else { return try FileBytes(reading: file, offset: offset, count: count) }
        _ = madvise(address, length, MADV_RANDOM)
        return FileBytes(
            mapping: UnsafeRawBufferPointer(start: address, count: length),
            bytes: UnsafeRawBufferPointer(start: address + (offset - start), count: count), path: file.path)
    }

    private init(mapping: UnsafeRawBufferPointer, bytes: UnsafeRawBufferPointer, path: String) {
        self.mapping = mapping
        self.bytes = bytes
        self.path = path
    }

    /// `count` bytes of `file` from `offset`, read into memory.
    init(reading file: OpenFile, offset: Int, count: Int) throws(CompiledCatalogError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 8)
        var done = 0
        while done < count {
            let read = pread(file.descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
            if read < 0, errno == EINTR { continue }
            guard read > 0 else {
                buffer.deallocate()
                let reason = read == 0 ? "the file ended early: it was truncated while being read" : String(cString: strerror(errno))
                throw CompiledCatalogError("cannot read \(count) bytes at byte \(offset): \(reason)", path: file.path, offset: offset + done)
            }
            done += read
        }
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<count])
        path = file.path
        mapping = nil
    }

    deinit {
        if let mapping {
            _ = munmap(UnsafeMutableRawPointer(mutating: mapping.baseAddress), mapping.count)
        } else {
            UnsafeMutableRawPointer(mutating: bytes.baseAddress!).deallocate()
        }
    }
}

/// An open regular file, closed when the last reference goes. A pack keeps one open, so every
/// member it hands out is read from the file it opened, even once another is renamed over it.
final class OpenFile: @unchecked Sendable {
    // @unchecked: the descriptor is only read from (pread, mmap) and closed in deinit.
    let descriptor: Int32
    let path: String
    let size: Int

    /// Opens `url`, after checking it is a regular file whose size lies in `minimum...maximum`.
    init(_ url: URL, minimum: Int, maximum: Int, describe: (Int) -> String) throws(CompiledCatalogError) {
        path = url.path
        // Non-blocking, so a FIFO or device named like a compiled file cannot hang the open; the
        // type is checked before anything is read.
        descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw CompiledCatalogError("cannot open the file: \(String(cString: strerror(errno)))", path: path, offset: 0)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw CompiledCatalogError("cannot read the file's size: \(reason)", path: path, offset: 0)
        }
        size = Int(status.st_size)
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw CompiledCatalogError("the path is no regular file", path: path, offset: 0)
        }
        guard size >= minimum else {
            close(descriptor)
            throw CompiledCatalogError(describe(size), path: path, offset: size)
        }
        guard size <= maximum else {
            close(descriptor)
            throw CompiledCatalogError("the file has \(size) bytes, more than the format's 4 GiB", path: path, offset: 0)
        }
    }

    deinit { close(descriptor) }
}
