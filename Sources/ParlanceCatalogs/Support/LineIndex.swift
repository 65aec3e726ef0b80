/// Turns byte offsets in UTF-8 text into 1-based lines and columns.
///
/// Readers and checks record byte offsets while they scan and pay for line and column
/// arithmetic only when they report something: line starts are found once, then each
/// location costs a binary search and a walk along one line.
public struct LineIndex: Sendable {
    private let lineStarts: [Int]
    private let bytes: [UInt8]
    /// The path locations name.
    public let file: String

    /// Indexes `bytes`, the UTF-8 text of `file`; LF, CR and CRLF end lines.
    public init(bytes: [UInt8], file: String) {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                starts.append(index + 1)
            } else if byte == UInt8(ascii: "\r") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        self.lineStarts = starts
        self.bytes = bytes
        self.file = file
    }

    /// The location of the byte at `offset`; columns count Unicode scalars.
    public func location(ofByte offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        while index < clamped {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        // A continuation byte belongs to the scalar that started before it.
        if clamped < bytes.count, bytes[clamped] & 0xC0 == 0x80, column > 1 { column -= 1 }
        return SourceLocation(file: file, line: low + 1, column: column)
    }

    /// The locations of nondecreasing byte `offsets` in one pass over `bytes`, so that a
    /// hundred thousand units on one long line cost one walk, not one walk each.
    public static func locations(ofSorted offsets: [Int], in bytes: [UInt8], file: String) -> [SourceLocation] {
        var locations: [SourceLocation] = []
        locations.reserveCapacity(offsets.count)
        var line = 1
        var column = 1
        var index = 0
        for offset in offsets {
            guard offset >= index else {
                // Not sorted after all: fall back to one lookup each.
                let lines = LineIndex(bytes: bytes, file: file)
                return offsets.map { lines.location(ofByte: $0) }
            }
            while index < min(offset, bytes.count) {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (index + 1 >= bytes.count || bytes[index + 1] != UInt8(ascii: "\n"))) {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80, byte != UInt8(ascii: "\r") {
                    column += 1
                }
                index += 1
            }
            locations.append(SourceLocation(file: file, line: line, column: column))
        }
        return locations
    }
}
