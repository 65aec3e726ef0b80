extension MessageFormatter {
    /// Fills `{name}` placeholders from `values`, as in `"Add {count} more legs at {minOdds}"`.
    ///
    /// `{{` and `}}` write a brace. A name with no value stays visible as `{name}`, so the
    /// gap is seen in the interface, and an unterminated `{` or a lone `}` is shown as written;
    /// each is reported in ``FormattedMessage/diagnostics``. Values are placed as
    /// ``MessageArgument/description`` writes them.
    public func format(named template: String, _ values: [String: MessageArgument]) -> FormattedMessage {
        Self.format(named: template, values)
    }

    /// Fills `{name}` placeholders; named templates need no language, so no formatter either.
    static func format(named template: String, _ values: [String: MessageArgument]) -> FormattedMessage {
        if let string = NamedTemplateWriter.write(template, values) { return FormattedMessage(string: string, diagnostics: []) }
        return formatInFull(named: template, values)
    }

    /// The general path: any template, with a diagnostic for each problem.
    static func formatInFull(named template: String, _ values: [String: MessageArgument]) -> FormattedMessage {
        var output = ""
        var diagnostics: [Diagnostic] = []
        func warn(_ message: String) {
            if diagnostics.count < Self.maximumDiagnostics {
                diagnostics.append(Diagnostic(.warning, message))
            } else if diagnostics.count == Self.maximumDiagnostics {
                diagnostics.append(Diagnostic(.warning, "More problems were found and not listed."))
            }
        }
        // Scanned as UTF-8: braces are ASCII, so a byte equal to one is one, and the text between
        // braces is copied in runs rather than a Character at a time.
        output.reserveCapacity(template.utf8.count + 16)
        let utf8 = template.utf8
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        var index = utf8.startIndex
        var literalStart = index
        while index < utf8.endIndex {
            let byte = utf8[index]
            guard byte == open || byte == close else {
                index = utf8.index(after: index)
                continue
            }
            if literalStart < index { output += template[literalStart..<index] }
            let next = utf8.index(after: index)
            if byte == open {
                if next < utf8.endIndex, utf8[next] == open {
                    output += "{"
                    index = utf8.index(after: next)
                    literalStart = index
                    continue
                }
                // The name runs to the next `}`; a `{` on the way means this one was never closed.
                guard let end = utf8[next...].firstIndex(where: { $0 == close || $0 == open }), utf8[end] == close else {
                    output += "{"
                    warn("The placeholder starting at \"\(Self.excerpt(template[index...]))\" has no closing '}'; it is shown as written.")
                    index = next
                    literalStart = index
                    continue
                }
                let name = String(template[next..<end])
                if let value = values[name] {
                    output += value.description
                } else {
                    output += "{" + name + "}"
                    warn("No value for the placeholder \"{\(name)}\"; it is shown as written.")
                }
                index = utf8.index(after: end)
            } else {
                output += "}"
                if next < utf8.endIndex, utf8[next] == close {
                    index = utf8.index(after: next)
                } else {
                    warn("A lone '}' is shown as written; write \"}}\" for a brace.")
                    index = next
                }
            }
            literalStart = index
        }
        if literalStart < utf8.endIndex { output += template[literalStart...] }
        return FormattedMessage(string: output, diagnostics: diagnostics)
    }

    /// The start of `text`, short enough to quote in a diagnostic.
    static func excerpt(_ text: Substring) -> String {
        text.count > 20 ? String(text.prefix(20)) + "…" : String(text)
    }
}
