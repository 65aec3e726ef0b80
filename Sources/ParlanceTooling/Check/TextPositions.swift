import Parlance

/// Turns byte offsets in a UTF-8 file into the 1-based lines and columns findings print.
///
/// Line starts are found once per file; each location then costs a binary search and
/// a walk along one line, so a file with a finding on every key stays linear.
struct TextPositions: Sendable {
    let path: String
    private let lineStarts: [Int]
    private let bytes: [UInt8]

    init(bytes: [UInt8], path: String) {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where buffer[index] == UInt8(ascii: "\n") {
                starts.append(index + 1)
            }
        }
        self.lineStarts = starts
        self.bytes = bytes
        self.path = path
    }

    /// The location of the byte at `offset`; columns count Unicode scalars.
    func location(ofByte offset: Int) -> SourceLocation {
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
        return SourceLocation(file: path, line: low + 1, column: column)
    }
}
