/// Splits BCP 47 tags into their subtags, rejecting what is not a tag.
enum LanguageTagParser {
    struct Parts {
        var language: String
        var script: String?
        var region: String?
        var variants: [String] = []
    }

    /// Tags longer than this are no real language tag, and untrusted input
    /// (an `Accept-Language` header) must not cost more than it.
    static let maximumLength = 64

    static func parse(_ tag: String) -> Parts? {
        guard !tag.isEmpty, tag.utf8.count <= maximumLength else { return nil }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = subtags.first, isAlpha(first), (2...3).contains(first.count) || (5...8).contains(first.count)
        else { return nil }
        var parts = Parts(language: first.lowercased())
        var index = 1
        // Extended language subtags (zh-yue) are rare; accept and drop nothing: they are variants here.
        if index < subtags.count, subtags[index].count == 4, isAlpha(subtags[index]) {
            let script = subtags[index]
            parts.script = script.prefix(1).uppercased() + script.dropFirst().lowercased()
            index += 1
        }
        if index < subtags.count {
            let candidate = subtags[index]
            if candidate.count == 2, isAlpha(candidate) {
                parts.region = candidate.uppercased()
                index += 1
            } else if candidate.count == 3, candidate.allSatisfy({ $0.isASCII && $0.isNumber }) {
                parts.region = String(candidate)
                index += 1
            }
        }
        while index < subtags.count {
            let subtag = subtags[index]
            // A singleton starts an extension or private use: the rest does not choose a catalog.
            if subtag.count == 1 {
                guard index + 1 < subtags.count, subtags[(index + 1)...].allSatisfy({ isAlphanumeric($0) && (1...8).contains($0.count) })
                else { return nil }
                break
            }
            let isVariant = ((5...8).contains(subtag.count) && isAlphanumeric(subtag))
                || (subtag.count == 4 && subtag.first?.isNumber == true && isAlphanumeric(subtag))
            guard isVariant else { return nil }
            parts.variants.append(subtag.lowercased())
            index += 1
        }
        return parts
    }

    private static func isAlpha(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isLetter }
    }

    private static func isAlphanumeric(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}
