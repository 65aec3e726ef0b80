import Parlance

/// How `parlance check` prints findings: for people, for programs, or for GitHub Actions.
public enum FindingFormat: String, Sendable, CaseIterable {
    /// `path:line:column: error: message [rule-id]`, one per line.
    case text
    /// One JSON array of objects with sorted members, for other tools.
    case json
    /// GitHub workflow commands, `::error file=…,line=…,col=…,title=rule-id::message`,
    /// which a workflow shows as annotations on the pull request's lines.
    case github

    /// `findings` in this format, each line ending with a newline; `[]\n` for no findings in JSON.
    public func render(_ findings: [Finding]) -> String {
        var output = ""
        output.reserveCapacity(findings.count * 120)
        switch self {
        case .text:
            for finding in findings {
                output += finding.description
                output += "\n"
            }
        case .json:
            renderJSON(findings, into: &output)
        case .github:
            for finding in findings {
                let location = finding.location
                output += "::\(finding.severity.rawValue) file=\(Self.githubProperty(location.file)),"
                output += "line=\(location.line),col=\(location.column),title=\(Self.githubProperty(finding.rule.rawValue))::"
                output += Self.githubMessage(finding.message)
                output += "\n"
            }
        }
        return output
    }

    /// Written by hand rather than through ``JSONText`` because a large catalog set can
    /// produce hundreds of thousands of findings; members are in code-point order.
    private func renderJSON(_ findings: [Finding], into output: inout String) {
        guard !findings.isEmpty else { output = "[]\n"; return }
        output += "[\n"
        for (index, finding) in findings.enumerated() {
            output += "  {\n"
            output += "    \"column\": \(finding.location.column),\n"
            output += "    \"file\": "
            Self.quote(finding.location.file, into: &output)
            if let key = finding.key {
                output += ",\n    \"key\": "
                Self.quote(key, into: &output)
            }
            if let language = finding.language {
                output += ",\n    \"language\": "
                Self.quote(language, into: &output)
            }
            output += ",\n    \"line\": \(finding.location.line),\n    \"message\": "
            Self.quote(finding.message, into: &output)
            output += ",\n    \"rule\": "
            Self.quote(finding.rule.rawValue, into: &output)
            output += ",\n    \"severity\": "
            Self.quote(finding.severity.rawValue, into: &output)
            if let table = finding.table {
                output += ",\n    \"table\": "
                Self.quote(table, into: &output)
            }
            output += index < findings.count - 1 ? "\n  },\n" : "\n  }\n"
        }
        output += "]\n"
    }

    /// JSON quoting with a fast path for the common case, text that needs no escape.
    private static func quote(_ text: String, into output: inout String) {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            output += "\""
            output += text
            output += "\""
        } else {
            JSONText.quote(text, into: &output)
        }
    }

    /// GitHub's escaping for a command's message: `%`, carriage return and line feed.
    static func githubMessage(_ text: String) -> String {
        githubEscaped(text, property: false)
    }

    /// GitHub's escaping for a command's property value: the message's, plus `:` and `,`.
    static func githubProperty(_ text: String) -> String {
        githubEscaped(text, property: true)
    }

    private static func githubEscaped(_ text: String, property: Bool) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            case ":" where property: escaped += "%3A"
            case "," where property: escaped += "%2C"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
