extension Diagnostic {
    /// Text as diagnostics quote it: in double quotes, line breaks and tabs visible, and
    /// shortened with `…` after `limit` characters, since keys are often whole sentences.
    public static func quoted(_ text: String, limit: Int = 40) -> String {
        var shown = ""
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count == limit {
                shown += "…"
                break
            }
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return "\"\(shown)\""
    }
}
