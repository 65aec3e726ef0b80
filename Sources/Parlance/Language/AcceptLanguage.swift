/// Reads an HTTP `Accept-Language` header into languages, most wanted first.
///
/// `fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5` gives `fr-CH`, `fr`, `en`. Entries with `q=0`
/// and the wildcard are left out; malformed entries are skipped, never fatal. Equal
/// weights keep header order. At most ``maximumEntries`` entries are read, so a hostile
/// header costs little.
public enum AcceptLanguage {
    public static let maximumEntries = 32

    /// The languages the header names, by descending weight.
    public static func languages(from header: String) -> [Language] {
        var weighted: [(language: Language, weight: Double, index: Int)] = []
        for (index, item) in header.split(separator: ",", omittingEmptySubsequences: true).prefix(maximumEntries).enumerated() {
            let parameters = item.split(separator: ";")
            guard let tagText = parameters.first?.trimmingCharacters(in: " \t"), tagText != "*",
                let language = Language(String(tagText))
            else { continue }
            var weight = 1.0
            for parameter in parameters.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingCharacters(in: " \t").lowercased() == "q" else { continue }
                guard let value = Double(pair[1].trimmingCharacters(in: " \t")), (0...1).contains(value) else {
                    weight = -1
                    break
                }
                weight = value
            }
            guard weight > 0 else { continue }
            if !weighted.contains(where: { $0.language == language }) {
                weighted.append((language, weight, index))
            }
        }
        return weighted.sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.index < $1.index }.map(\.language)
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
