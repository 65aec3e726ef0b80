import Dispatch
import Parlance
import Synchronization

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
    ///
    /// Large sets are rendered in chunks on every core: a check over many catalogs can
    /// produce hundreds of thousands of findings.
    public func render(_ findings: [Finding]) -> String {
        if self == .json, findings.isEmpty { return "[]\n" }
        let chunkSize = 4096
        let chunkCount = (findings.count + chunkSize - 1) / chunkSize
        let chunks = Mutex<[String]>(Array(repeating: "", count: chunkCount))
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let range = chunk * chunkSize..<min(findings.count, (chunk + 1) * chunkSize)
            var output = ""
            output.reserveCapacity(range.count * 160)
            for index in range {
                render(findings[index], isLast: index == findings.count - 1, into: &output)
            }
            chunks.withLock { $0[chunk] = output }
        }
        let body = chunks.withLock { $0.joined() }
        return self == .json ? "[\n" + body + "]\n" : body
    }

    private func render(_ finding: Finding, isLast: Bool, into output: inout String) {
        switch self {
        case .text:
            output += finding.description
            output += "\n"
        case .json:
            renderJSON(finding, into: &output)
            output += isLast ? "\n" : ",\n"
        case .github:
            let location = finding.location
            output += "::\(finding.severity.rawValue) file=\(Self.githubProperty(location.file)),"
            output += "line=\(location.line),col=\(location.column),title=\(Self.githubProperty(finding.rule.rawValue))::"
            output += Self.githubMessage(finding.message)
            output += "\n"
        }
    }

    /// One object, members in code-point order. Written by hand rather than through
    /// ``JSONText``, which would build and sort a dictionary per finding.
    private func renderJSON(_ finding: Finding, into output: inout String) {
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
        output += "\n  }"
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
