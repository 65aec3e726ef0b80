#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The text of a `.strings` file as UTF-8 bytes, with a way back from byte offsets to lines
/// and columns.
///
/// Working on UTF-8 bytes keeps reading fast: every character the grammar cares about is
/// ASCII, and runs of ordinary text become strings with a single copy.
struct StringsFileText {
    /// The text as valid UTF-8, without a byte order mark.
    let bytes: [UInt8]
    let path: String
    /// The byte offset at which each line starts; a line ends at LF, CR or CR LF.
    private let lineStarts: [Int]

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                starts.append(index)
            } else if byte == 0x0D {
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                starts.append(index)
            }
        }
        lineStarts = starts
    }

    /// Decodes a file saved as UTF-8 (with or without a byte order mark) or as UTF-16 with a
    /// byte order mark, the encodings Foundation accepts for `.strings` files.
    init(decoding data: Data, path: String) throws(ParseError) {
        let raw = [UInt8](data)
        if raw.starts(with: [0xFF, 0xFE]) {
            try self.init(bytes: Self.transcodeUTF16(raw, bigEndian: false, path: path), path: path)
        } else if raw.starts(with: [0xFE, 0xFF]) {
            try self.init(bytes: Self.transcodeUTF16(raw, bigEndian: true, path: path), path: path)
        } else {
            let body = raw.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(raw.dropFirst(3)) : raw
            self.init(bytes: body, path: path)
            try validateUTF8()
        }
    }

    /// The location of the character that starts at `offset`; columns count Unicode scalars.
    ///
    /// - Parameter known: A location found earlier. When it is on the same line and not after
    ///   `offset`, counting starts there, so locating every entry of a file written on one
    ///   long line stays linear.
    func location(at offset: Int, after known: (offset: Int, location: SourceLocation)? = nil) -> SourceLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        if let known, known.location.line == low + 1, known.offset >= index, known.offset <= offset {
            column = known.location.column
            index = known.offset
        }
        let end = min(offset, bytes.count)
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(file: path, line: low + 1, column: column)
    }

    /// Whether `bytes` (UTF-8, with or without a byte order mark) start like an XML property
    /// list saved under the `.strings` name.
    static func looksLikeXML<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { [0x09, 0x0A, 0x0D, 0x20].contains($0) }
        return ["<?xml", "<!DOCTYPE", "<plist"].contains { rest.starts(with: $0.utf8) }
    }

    private static let encodingAdvice =
        ".strings files must be UTF-8 or UTF-16 with a byte order mark."

    private func validateUTF8() throws(ParseError) {
        if looksLikeUTF16WithoutByteOrderMark {
            throw ParseError(
                "the file looks like UTF-16 without a byte order mark; \(Self.encodingAdvice)",
                at: location(at: 0))
        }
        guard let offset = UTF8Validation.firstInvalidByte(in: bytes) else { return }
        let byte = "0x" + String(bytes[offset], radix: 16, uppercase: true)
        throw ParseError("invalid UTF-8 byte \(byte); \(Self.encodingAdvice)", at: location(at: offset))
    }

    /// UTF-16 text of mostly ASCII characters has a NUL in every other byte; real UTF-8 text
    /// has next to none.
    private var looksLikeUTF16WithoutByteOrderMark: Bool {
        guard bytes.count >= 2 else { return false }
        var nulsAtEven = 0
        var nulsAtOdd = 0
        for (offset, byte) in bytes.enumerated() where byte == 0 {
            if offset % 2 == 0 { nulsAtEven += 1 } else { nulsAtOdd += 1 }
        }
        let pairs = bytes.count / 2
        return max(nulsAtEven, nulsAtOdd) * 2 >= pairs
    }

    private static func transcodeUTF16(_ raw: [UInt8], bigEndian: Bool, path: String) throws(ParseError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = 2
        var pendingLead: UInt16?
        func fail(_ message: String) -> ParseError {
            ParseError(message, at: StringsFileText(bytes: output, path: path).location(at: output.count))
        }
        while index + 1 < raw.count {
            let first = UInt16(raw[index]), second = UInt16(raw[index + 1])
            let unit = bigEndian ? first << 8 | second : second << 8 | first
            index += 2
            if let lead = pendingLead {
                guard UTF16.isTrailSurrogate(unit) else { throw fail(unpaired(lead)) }
                pendingLead = nil
                let value = 0x10000 + (UInt32(lead - 0xD800) << 10) + UInt32(unit - 0xDC00)
                if let scalar = Unicode.Scalar(value) { UTF8.encode(scalar) { output.append($0) } }
            } else if UTF16.isLeadSurrogate(unit) {
                pendingLead = unit
            } else if let scalar = Unicode.Scalar(unit) {
                UTF8.encode(scalar) { output.append($0) }
            } else {
                throw fail(unpaired(unit))
            }
        }
        if let lead = pendingLead { throw fail(unpaired(lead)) }
        if index < raw.count {
            throw fail("the file ends in the middle of a UTF-16 code unit; UTF-16 text has an even number of bytes.")
        }
        return output
    }

    private static func unpaired(_ unit: UInt16) -> String {
        "unpaired UTF-16 surrogate 0x\(String(unit, radix: 16, uppercase: true)); the file is not valid UTF-16."
    }
}
