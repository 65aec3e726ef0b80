/// A JSON value for the command line's output, written with sorted keys so output is stable.
public indirect enum JSONText: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case array([JSONText])
    case object([String: JSONText])

    /// Pretty-printed with two-space indentation, keys in code-point order, and a final newline.
    public var rendered: String {
        var output = ""
        render(into: &output, indent: "")
        return output + "\n"
    }

    private func render(into output: inout String, indent: String) {
        switch self {
        case .string(let value):
            Self.quote(value, into: &output)
        case .integer(let value):
            output += String(value)
        case .bool(let value):
            output += value ? "true" : "false"
        case .array(let elements):
            guard !elements.isEmpty else { output += "[]"; return }
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += indent + "  "
                element.render(into: &output, indent: indent + "  ")
                output += index < elements.count - 1 ? ",\n" : "\n"
            }
            output += indent + "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{\n"
            let keys = members.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            for (index, key) in keys.enumerated() {
                output += indent + "  "
                Self.quote(key, into: &output)
                output += ": "
                members[key]?.render(into: &output, indent: indent + "  ")
                output += index < keys.count - 1 ? ",\n" : "\n"
            }
            output += indent + "}"
        }
    }

    static func quote(_ value: String, into output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
