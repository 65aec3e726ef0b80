extension String {
    /// Calls `body` with the string's UTF-8 bytes: in place for a native string, with no copy
    /// of the string (`withUTF8` needs a mutable one, a retain and a release, which showed in
    /// lookups and per-request reads), else from a contiguous copy (a bridged or lazily made
    /// string). `body` runs exactly once.
    @inlinable
    package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
