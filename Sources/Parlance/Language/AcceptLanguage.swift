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
    /// The longest entry read: a 64-byte tag (the longest ``Language`` reads) and a weight.
    public static let maximumEntryLength = 96

    /// The languages the header names, by descending weight.
    public static func languages(from header: String) -> [Language] {
        var weighted: [(language: Language, weight: Double, index: Int)] = []
        let utf8 = header.utf8
        var start = utf8.startIndex
        var index = 0
        while start < utf8.endIndex, index < maximumEntries {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: ",")) ?? utf8.endIndex
            let length = utf8.distance(from: start, to: end)
            if length > 0 {
                defer { index += 1 }
                if length <= maximumEntryLength, let entry = entry(Substring(utf8[start..<end])),
                    !weighted.contains(where: { $0.language == entry.language })
                {
                    weighted.append((entry.language, entry.weight, index))
                }
            }
            start = end == utf8.endIndex ? end : utf8.index(after: end)
        }
        return weighted.sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.index < $1.index }.map(\.language)
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
