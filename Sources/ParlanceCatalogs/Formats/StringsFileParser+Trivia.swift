#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension StringsFileParser {
    /// Skips whitespace and comments, as Foundation's `advanceToNonSpace` does.
    ///
    /// Whitespace is U+0009…U+000D, space, U+2028 and U+2029. `//` comments end at a line
    /// break; `/* */` comments do not nest. A `/` that starts no comment is a token (it may
    /// start an unquoted string).
    ///
    /// - Parameters:
    ///   - collectingComment: Whether to set `leadingComment` to the comments directly before
    ///     the next token: those starting on a later line than the previous token, with no
    ///     blank line after them.
    ///   - afterToken: Whether a token precedes, so a comment on its line trails that token.
    /// - Returns: Whether a token follows; `false` at the end of the text.
    mutating func skipTrivia(collectingComment: Bool = false, afterToken: Bool = true) throws(ParseError) -> Bool {
        var block: [String] = []
        var breaksSinceToken = afterToken ? 0 : 1
        var breaksSinceComment = 0
        func lineBreak() {
            breaksSinceToken += 1
            breaksSinceComment += 1
            if breaksSinceComment >= 2 { block.removeAll() }
        }
        let count = bytes.count
        defer {
            if collectingComment { leadingComment = block.isEmpty ? nil : block.joined(separator: "\n") }
        }
        while index < count {
            switch bytes[index] {
            case 0x0A:
                index += 1
                lineBreak()
            case 0x0D:
                index += 1
                if index < count, bytes[index] == 0x0A { index += 1 }
                lineBreak()
            case 0x09, 0x0B, 0x0C, 0x20:
                index += 1
            case 0xE2 where isLineOrParagraphSeparator(at: index):
                index += 3
                lineBreak()
            case UInt8(ascii: "/"):
                guard let comment = try skipComment() else { return true }
                if collectingComment, breaksSinceToken > 0 {
                    let text = String(decoding: bytes[comment], as: UTF8.self).trimmingWhitespaceAndNewlines()
                    if !text.isEmpty { block.append(text) }
                    breaksSinceComment = 0
                }
            default:
                return true
            }
        }
        return false
    }

    /// U+2028 and U+2029 are `E2 80 A8` and `E2 80 A9` in UTF-8.
    private func isLineOrParagraphSeparator(at offset: Int) -> Bool {
        offset + 2 < bytes.count && bytes[offset + 1] == 0x80
            && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9)
    }

    /// Skips the comment at `index` and returns where its text is, or returns `nil` and stays
    /// put when the `/` starts no comment.
    private mutating func skipComment() throws(ParseError) -> Range<Int>? {
        let start = index
        guard start + 1 < bytes.count else { return nil }
        let textStart = start + 2
        var end = textStart
        switch bytes[start + 1] {
        case UInt8(ascii: "/"):
            while end < bytes.count {
                let byte = bytes[end]
                if byte == 0x0A || byte == 0x0D || (byte == 0xE2 && isLineOrParagraphSeparator(at: end)) { break }
                end += 1
            }
            index = end
        case UInt8(ascii: "*"):
            while true {
                guard end + 1 < bytes.count else {
                    throw error("unterminated comment; expected '*/' before the end of the file.", at: start)
                }
                if bytes[end] == UInt8(ascii: "*"), bytes[end + 1] == UInt8(ascii: "/") { break }
                end += 1
            }
            index = end + 2
        default:
            return nil
        }
        return textStart..<end
    }
}
