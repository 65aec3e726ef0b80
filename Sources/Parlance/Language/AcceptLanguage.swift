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
        var header = header
        // The header's bytes in place (a header from a server is already contiguous UTF-8).
        let weighted = header.withUTF8 { entries(in: $0) }
        return weighted.sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.index < $1.index }.map(\.language)
    }

    /// The first ``maximumEntries`` entries' languages and weights, in header order. Commas
    /// are found by `memchr`, so a 4 KB entry is passed over in about a hundred nanoseconds.
    private static func entries(in bytes: UnsafeBufferPointer<UInt8>) -> [(language: Language, weight: Double, index: Int)] {
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
                if length <= maximumEntryLength {
                    let text = String(decoding: UnsafeBufferPointer(start: base + start, count: length), as: UTF8.self)
                    if let entry = entry(Substring(text)), !weighted.contains(where: { $0.language == entry.language }) {
                        weighted.append((entry.language, entry.weight, index - 1))
                    }
                }
            }
            start = end + 1
        }
        return weighted
    }

    /// One entry's language and weight; `nil` for the wildcard, a weight of zero, or anything malformed.
    private static func entry(_ item: Substring) -> (language: Language, weight: Double)? {
        let parameters = item.split(separator: ";")
        guard let tagText = parameters.first?.trimmingCharacters(in: " \t"), tagText != "*",
            let language = Language(String(tagText))
        else { return nil }
        var weight = 1.0
        for parameter in parameters.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: " \t").lowercased() == "q" else { continue }
            guard let value = Double(pair[1].trimmingCharacters(in: " \t")), (0...1).contains(value) else { return nil }
            weight = value
        }
        guard weight > 0 else { return nil }
        return (language, weight)
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var text = self
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
