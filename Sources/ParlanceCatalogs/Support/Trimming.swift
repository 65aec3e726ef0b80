extension StringProtocol {
    /// The text without white space and line breaks at either end: the scalars Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` removes (its set — the space
    /// separators, U+0009…U+000D, U+0085, U+2028, U+2029 — is Unicode's `White_Space`
    /// property), without needing Foundation.
    package func trimmingWhitespaceAndNewlines() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
