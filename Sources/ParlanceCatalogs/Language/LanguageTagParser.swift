/// Splits BCP 47 tags into their subtags, rejecting what is not a tag.
package enum LanguageTagParser {
    struct Parts {
        var language: String
        var script: String?
        var region: String?
        var variants: [String] = []
    }

    /// Tags longer than this are no real language tag, and untrusted input
    /// (an `Accept-Language` header) must not cost more than it.
    static let maximumLength = 64

    /// The parts of `tag`, or `nil` when it is no tag. Read as ASCII bytes: every valid subtag is
    /// ASCII letters and digits, so anything else rejects the tag, and no subtag is copied
    /// before it is known good (an `Accept-Language` header from anyone comes here).
    static func parse(_ tag: String) -> Parts? {
        guard !tag.isEmpty, tag.utf8.count <= maximumLength else { return nil }
        return tag.withUTF8Bytes { bytes in
            // Each separator ends a subtag, empty ones too (`----` is five): at most 65 in 64
            // bytes. Their bounds are kept on the stack.
            withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: maximumLength + 1) { subtags in
                var count = 0
                var start = 0
                for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x2D || bytes[index] == 0x5F {
                    subtags.initializeElement(at: count, to: start..<index)  // "-" or "_" ends a subtag; empty ones are kept
                    count += 1
                    start = index + 1
                }
                defer { subtags.baseAddress!.deinitialize(count: count) }
                return parse(bytes, UnsafeBufferPointer(rebasing: subtags[..<count]))
            }
        }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ subtags: UnsafeBufferPointer<Range<Int>>) -> Parts? {
        func all(_ range: Range<Int>, _ accept: (UInt8) -> Bool) -> Bool {
            !range.isEmpty && range.allSatisfy { accept(bytes[$0]) }
        }
        guard let first = subtags.first, all(first, isLetter), (2...3).contains(first.count) || (5...8).contains(first.count)
        else { return nil }
        var parts = Parts(language: text(bytes, first, .lower))
        var index = 1
        // Extended language subtags (zh-yue) are rare; accept and drop nothing: they are variants here.
        if index < subtags.count, subtags[index].count == 4, all(subtags[index], isLetter) {
            parts.script = text(bytes, subtags[index], .title)
            index += 1
        }
        if index < subtags.count {
            let candidate = subtags[index]
            if candidate.count == 2, all(candidate, isLetter) {
                parts.region = text(bytes, candidate, .upper)
                index += 1
            } else if candidate.count == 3, all(candidate, isDigit) {
                parts.region = text(bytes, candidate, .asIs)
                index += 1
            }
        }
        while index < subtags.count {
            let subtag = subtags[index]
            // A singleton starts an extension or private use: the rest does not choose a catalog.
            if subtag.count == 1 {
                guard all(subtag, isAlphanumeric), index + 1 < subtags.count,
                    subtags[(index + 1)...].allSatisfy({ all($0, isAlphanumeric) && (1...8).contains($0.count) })
                else { return nil }
                break
            }
            let isVariant = ((5...8).contains(subtag.count) && all(subtag, isAlphanumeric))
                || (subtag.count == 4 && isDigit(bytes[subtag.lowerBound]) && all(subtag, isAlphanumeric))
            guard isVariant else { return nil }
            parts.variants.append(text(bytes, subtag, .lower))
            index += 1
        }
        return parts
    }

    private enum Case { case lower, upper, title, asIs }

    /// The subtag's bytes as a string in `letterCase` (ASCII only: the subtag was checked).
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ letterCase: Case) -> String {
        String(unsafeUninitializedCapacity: range.count) { target in
            for (offset, index) in range.enumerated() {
                let byte = bytes[index]
                let upper = letterCase == .upper || (letterCase == .title && offset == 0)
                target[offset] = switch letterCase {
                case .asIs: byte
                default: upper ? (isLower(byte) ? byte - 0x20 : byte) : (isUpper(byte) ? byte + 0x20 : byte)
                }
            }
            return range.count
        }
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    /// Whether `byte` is an ASCII letter, as a subtag's letters are (shared with the matcher's keys).
    package static func isLetter(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }
}
