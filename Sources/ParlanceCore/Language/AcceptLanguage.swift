#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an HTTP `Accept-Language` header into languages, most wanted first.
///
/// `fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5` gives `fr-CH`, `fr`, `en`. Entries with `q=0`
/// and the wildcard are left out (a wildcard accepts any language, which the default
/// language already is); malformed entries are skipped, never fatal. Equal weights keep
/// header order.
///
/// A hostile header costs little: only the first ``maximumEntries`` entries are read, an entry
/// over ``maximumEntryLength`` bytes is skipped without being copied, and the rest of the
/// header is not looked at, so a 64 KB header or one of 10,000 ranges is read in the time of
/// 32 short entries.
public enum AcceptLanguage {
    public static let maximumEntries = 32
    /// The longest entry read: a 64-byte tag (the longest ``/ParlanceCatalogs/Language`` reads) and a weight.
    public static let maximumEntryLength = 96

    /// The languages the header names, by descending weight.
    public static func languages(from header: String) -> [Language] {
        weighted(from: header).map(\.language)
    }

    /// The languages the header names with their weights, by descending weight (equal weights
    /// in header order). `admitting` sees each entry's tag, trimmed, before it is read into a
    /// ``/ParlanceCatalogs/Language``; an entry it refuses is passed over as a malformed one is
    /// (``LanguageMatcher`` refuses the tags whose language it has nothing for, which would
    /// cost the most to read and can match nothing).
    package static func weighted(
        from header: String, admitting: (UnsafeBufferPointer<UInt8>) -> Bool = { _ in true }
    ) -> [(language: Language, weight: Double, index: Int)] {
        // The header's bytes in place (a header from a server is already contiguous UTF-8).
        let weighted = header.withUTF8Bytes { entries(in: $0, admitting: admitting) }
        // Headers nearly always list their ranges by descending weight already: then no sort.
        if weighted.indices.dropFirst().allSatisfy({ weighted[$0 - 1].weight >= weighted[$0].weight }) {
            return weighted
        }
        return weighted.sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.index < $1.index }
    }

    /// The first ``maximumEntries`` entries' languages and weights, in header order. Commas
    /// are found by `memchr`, so a 4 KB entry is passed over in about a hundred nanoseconds.
    private static func entries(
        in bytes: UnsafeBufferPointer<UInt8>, admitting: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> [(language: Language, weight: Double, index: Int)] {
        var weighted: [(language: Language, weight: Double, index: Int)] = []
        guard let base = bytes.baseAddress else { return weighted }
        var start = 0
        var index = 0
        while start < bytes.count, index < maximumEntries {
            var end = bytes.count
            if let comma = memchr(base + start, Int32(UInt8(ascii: ",")), bytes.count - start) {
                end = base.distance(to: comma.assumingMemoryBound(to: UInt8.self))
            }
            let length = end - start
            if length > 0 {
                index += 1
                if length <= maximumEntryLength,
                    let entry = entry(UnsafeBufferPointer(start: base + start, count: length), admitting: admitting),
                    !weighted.contains(where: { $0.language == entry.language })
                {
                    weighted.append((entry.language, entry.weight, index - 1))
                }
            }
            start = end + 1
        }
        return weighted
    }

    /// One entry's language and weight; `nil` for the wildcard, a weight of zero, a tag
    /// `admitting` refuses, or anything malformed. Read as bytes: `;` separates the tag (the
    /// first non-empty part) from its parameters, of which only `q` is read; spaces and tabs
    /// around each part are ignored.
    private static func entry(
        _ bytes: UnsafeBufferPointer<UInt8>, admitting: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> (language: Language, weight: Double)? {
        // The tag is read last, once its weight is known to be usable: most entries a matcher
        // refuses are refused before a `Language` is made.
        var tag: UnsafeBufferPointer<UInt8>?
        var weight = 1.0
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: ";") {
            defer { start = index + 1 }
            guard index > start else { continue }  // empty parts are skipped
            let part = UnsafeBufferPointer(rebasing: bytes[start..<index])
            guard tag != nil else {
                let trimmedTag = trimmed(part)
                guard !(trimmedTag.count == 1 && trimmedTag[0] == UInt8(ascii: "*")) else { return nil }
                tag = trimmedTag
                continue
            }
            guard let equals = part.firstIndex(of: UInt8(ascii: "=")), equals > 0, equals + 1 < part.count else { continue }
            let name = trimmed(UnsafeBufferPointer(rebasing: part[..<equals]))
            guard name.count == 1, name[0] | 0x20 == UInt8(ascii: "q") else { continue }
            let digits = trimmed(UnsafeBufferPointer(rebasing: part[(equals + 1)...]))
            guard let value = qvalue(digits) ?? Double(String(decoding: digits, as: UTF8.self)), (0...1).contains(value)
            else { return nil }
            weight = value
        }
        guard let tag, weight > 0, admitting(tag), let language = Language(String(decoding: tag, as: UTF8.self)) else {
            return nil
        }
        return (language, weight)
    }

    /// A weight as RFC 9110 writes it, `0` or `1` and up to three decimals (`0.8`, `0.125`),
    /// read without `strtod`; `nil` for any other spelling, which `Double` then reads. The
    /// value is the one `Double` reads: a quotient of two exactly held integers is rounded once.
    static func qvalue(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard (1...5).contains(bytes.count), bytes[0] == UInt8(ascii: "0") || bytes[0] == UInt8(ascii: "1") else { return nil }
        var numerator = Int(bytes[0] - UInt8(ascii: "0"))
        guard bytes.count > 1 else { return Double(numerator) }
        guard bytes.count > 2, bytes[1] == UInt8(ascii: ".") else { return nil }
        var denominator = 1
        for byte in bytes[2...] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            numerator = numerator * 10 + Int(byte - UInt8(ascii: "0"))
            denominator *= 10
        }
        return Double(numerator) / Double(denominator)
    }

    /// `bytes` without the spaces and tabs at either end.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var lower = 0
        var upper = bytes.count
        while lower < upper, bytes[lower] == UInt8(ascii: " ") || bytes[lower] == UInt8(ascii: "\t") { lower += 1 }
        while upper > lower, bytes[upper - 1] == UInt8(ascii: " ") || bytes[upper - 1] == UInt8(ascii: "\t") { upper -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[lower..<upper])
    }
}
