import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a compiled file: a file mapped read-only, or a copy in memory; unmapped or
/// freed when the last reference goes. Compiled catalogs cut from one pack keep it alive.
final class FileBytes: @unchecked Sendable {
    // @unchecked: the bytes are never written after init and are released only in deinit.
    let bytes: UnsafeRawBufferPointer
    let path: String
    private let isMapped: Bool

    /// A copy of `source`; `path` names it in errors.
    init(copying source: some Collection<UInt8>, path: String) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 8)
        _ = copy.initializeMemory(as: UInt8.self, from: source)
        // Rebased from offset 0, so the buffer's base address is the allocation's.
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[0..<source.count])
        self.path = path
        isMapped = false
    }

    /// Maps `url`, after checking its size lies in `minimum...maximum`.
    init(_ url: URL, minimum: Int, maximum: Int, describe: (Int) -> String) throws(CompiledCatalogError) {
        path = url.path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CompiledCatalogError("cannot open the file: \(String(cString: strerror(errno)))", path: path, offset: 0)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw CompiledCatalogError("cannot read the file's size: \(String(cString: strerror(errno)))", path: path, offset: 0)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw CompiledCatalogError("the path is no regular file", path: path, offset: 0)
        }
        let size = Int(status.st_size)
        guard size >= minimum else { throw CompiledCatalogError(describe(size), path: path, offset: size) }
        guard size <= maximum else {
            throw CompiledCatalogError("the file has \(size) bytes, more than the format's 4 GiB", path: path, offset: 0)
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw CompiledCatalogError("cannot map the file: \(String(cString: strerror(errno)))", path: path, offset: 0)
        }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
        isMapped = true
    }

    deinit {
        if isMapped {
            _ = munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        } else {
            UnsafeMutableRawPointer(mutating: bytes.baseAddress!).deallocate()
        }
    }
}
