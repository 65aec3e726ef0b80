import Parlance

/// Text from catalogs written into generated Swift: string literals and doc comments.
///
/// Keys, values and comments are untrusted; whatever they hold must neither break the
/// generated file nor inject code into it.
enum SwiftLiteral {
    /// A double-quoted Swift string literal for `text`.
    static func string(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// `text` with backslashes, quotes and control characters escaped, so it fits on one line.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value):
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The lines of an accessor's doc comment: the source-language value (each form of a
    /// variation on its own line), then the key, its table and the translators' comment.
    static func documentation(
        key: String, table: String, source: Localization?, sourceLanguage: String, comment: String?
    ) -> [String] {
        var lines: [String] = []
        if let source {
            lines += values(of: source, prefix: "")
            for (name, substitution) in source.substitutions ?? [:] {
                guard case .plural(let forms)? = substitution.variations else { continue }
                for category in forms.keys.sorted() {
                    if let value = forms[category]?.stringUnit?.value {
                        lines.append("- `\(escaped(name))` \(category): \(string(value))")
                    }
                }
            }
        }
        if lines.isEmpty { lines.append(string(key)) }
        lines.append("")
        var about = "The key \(string(key)) in \(table), in \(sourceLanguage)."
        if let comment, !comment.isEmpty { about += " " + escaped(comment) }
        lines.append(about)
        return lines
    }

    private static func values(of localization: Localization, prefix: String) -> [String] {
        var lines: [String] = []
        if let value = localization.stringUnit?.value { lines.append(prefix + string(value)) }
        if let set = localization.stringSet { lines += set.values.map { prefix + string($0) } }
        switch localization.variations {
        case .plural(let forms)?:
            for category in forms.keys.sorted() {
                if let form = forms[category] { lines += values(of: form, prefix: "- \(category): ") }
            }
        case .device(let forms)?:
            for device in forms.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
                if let form = forms[device] { lines += values(of: form, prefix: "- \(device): ") }
            }
        case .width(let forms)?:
            for width in forms.keys.sorted() {
                if let form = forms[width] { lines += values(of: form, prefix: "- width \(width): ") }
            }
        case nil:
            break
        }
        return lines
    }
}
