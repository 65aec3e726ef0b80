extension MessageFormatter {
    /// Fills `{name}` placeholders from `values`, as in `"Add {count} more legs at {minOdds}"`.
    ///
    /// `{{` and `}}` write a brace. A name with no value stays visible as `{name}`, so the
    /// gap is seen in the interface, and an unterminated `{` or a lone `}` is shown as written;
    /// each is reported in ``FormattedMessage/diagnostics``. Values are placed as
    /// ``MessageArgument/description`` writes them.
    public func format(named template: String, _ values: [String: MessageArgument]) -> FormattedMessage {
        var output = ""
        var diagnostics: [Diagnostic] = []
        func warn(_ message: String) {
            if diagnostics.count < Self.maximumDiagnostics {
                diagnostics.append(Diagnostic(.warning, message))
            } else if diagnostics.count == Self.maximumDiagnostics {
                diagnostics.append(Diagnostic(.warning, "More problems were found and not listed."))
            }
        }
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            let next = template.index(after: index)
            switch character {
            case "{":
                if next < template.endIndex, template[next] == "{" {
                    output += "{"
                    index = template.index(after: next)
                    continue
                }
                // The name runs to the next `}`; a `{` on the way means this one was never closed.
                guard let close = template[next...].firstIndex(where: { $0 == "}" || $0 == "{" }), template[close] == "}" else {
                    output += "{"
                    warn("The placeholder starting at \"\(Self.excerpt(template[index...]))\" has no closing '}'; it is shown as written.")
                    index = next
                    continue
                }
                let name = String(template[next..<close])
                if let value = values[name] {
                    output += value.description
                } else {
                    output += "{" + name + "}"
                    warn("No value for the placeholder \"{\(name)}\"; it is shown as written.")
                }
                index = template.index(after: close)
            case "}":
                output += "}"
                if next < template.endIndex, template[next] == "}" {
                    index = template.index(after: next)
                } else {
                    warn("A lone '}' is shown as written; write \"}}\" for a brace.")
                    index = next
                }
            default:
                output.append(character)
                index = next
            }
        }
        return FormattedMessage(string: output, diagnostics: diagnostics)
    }

    /// The start of `text`, short enough to quote in a diagnostic.
    static func excerpt(_ text: Substring) -> String {
        text.count > 20 ? String(text.prefix(20)) + "…" : String(text)
    }
}
