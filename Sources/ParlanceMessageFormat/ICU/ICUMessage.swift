/// ICU MessageFormat, the syntax ICU4J/ICU4C, FormatJS and Android read:
/// `{count, plural, =0 {no files} one {# file} other {# files}}`.
///
/// ```swift
/// let message = try ICUMessageFormat.Message(parsing: "{count, plural, one {# file} other {# files}}")
/// ICUMessageFormat.Formatter(locale: "en").format(message, arguments: ["count": 3]).string   // "3 files"
/// ```
public enum ICUMessageFormat {
    /// A parsed message: text and arguments, sub-messages nested in `plural`, `select` and
    /// `selectordinal` arguments.
    public struct Message: Hashable, Sendable {
        /// The message's text and arguments, in order.
        public var parts: [Part]

        /// Creates a message from its parts.
        public init(_ parts: [Part]) { self.parts = parts }
    }

    /// A piece of a message.
    public indirect enum Part: Hashable, Sendable {
        /// Text, its apostrophe quoting resolved.
        case text(String)
        /// `{name}`, `{name, number}`, `{name, date, short}`, `{name, number, ::percent}`.
        case argument(name: String, type: ArgumentType?, style: String?)
        /// `{name, plural, offset:1 =0 {…} one {…} other {…}}` (or `selectordinal`).
        case plural(name: String, ordinal: Bool, offset: Int, cases: [PluralCase])
        /// `{name, select, female {…} other {…}}`.
        case select(name: String, cases: [SelectCase])
        /// `#` in a plural's sub-message: the number less the offset.
        case pound
    }

    /// The types a simple argument names.
    public enum ArgumentType: String, Hashable, Sendable {
        /// `{name, number}`, `{name, date}` and `{name, time}`.
        case number, date, time
    }

    /// A plural case: `=N` (an exact value) or a CLDR category.
    public struct PluralCase: Hashable, Sendable {
        /// What a plural case matches.
        public enum Selector: Hashable, Sendable {
            /// `=N`: the number as written after `=`, compared with the value itself.
            case exact(String)
            /// A CLDR plural category: `zero`, `one`, `two`, `few`, `many` or `other`.
            case category(String)
        }

        /// What the case matches.
        public var selector: Selector
        /// The sub-message shown when the case is chosen.
        public var message: Message
    }

    /// A select case: a keyword and its sub-message; `other` is chosen when none matches.
    public struct SelectCase: Hashable, Sendable {
        /// The keyword the argument's text is compared with.
        public var keyword: String
        /// The sub-message shown when the case is chosen.
        public var message: Message
    }

    /// A syntax error, with its line and column (1-based, in Unicode scalars).
    public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        /// The line of the problem, from 1.
        public var line: Int
        /// The column of the problem, from 1, counted in Unicode scalars.
        public var column: Int
        /// The error as `line:column: syntax-error: message`.
        public var description: String { "\(line):\(column): syntax-error: \(message)" }
    }
}

extension ICUMessageFormat.Message {
    /// The deepest nesting of plural and select arguments read; deeper messages are refused.
    public static let maximumDepth = 16

    /// Parses `source`.
    /// - Throws: ``ICUMessageFormat/SyntaxError`` with the line and column of the first
    ///   problem. `choice` arguments and other ICU argument types are refused here, with a
    ///   message that names them, never skipped.
    public init(parsing source: String) throws(ICUMessageFormat.SyntaxError) {
        var parser = ICUParser(source)
        guard parser.scalars.count <= MF2.Message.maximumLength else {
            throw ICUMessageFormat.SyntaxError(message: "the message is longer than \(MF2.Message.maximumLength) characters", line: 1, column: 1)
        }
        self = try parser.parseMessage(depth: 0, inPlural: false)
        guard parser.atEnd else { throw parser.error("an unmatched '}'") }
    }
}

/// The parser: ICU's `MessagePattern` grammar, with apostrophes as ICU's default
/// (DOUBLE_OPTIONAL) mode reads them: `''` is one apostrophe, and a single one starts quoted
/// text only before `{`, `}`, or `#` in a plural's sub-message.
struct ICUParser {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ source: String) { scalars = Array(source.unicodeScalars) }

    var atEnd: Bool { index >= scalars.count }
    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    func error(_ message: String, at offset: Int? = nil) -> ICUMessageFormat.SyntaxError {
        var line = 1, column = 1
        for scalar in scalars.prefix(offset ?? index) {
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return ICUMessageFormat.SyntaxError(message: message, line: line, column: column)
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isPatternWhitespace }

    mutating func skipSpace() {
        while let scalar = peek(), Self.isSpace(scalar) { index += 1 }
    }

    /// Text and arguments up to an unmatched `}` or the end.
    mutating func parseMessage(depth: Int, inPlural: Bool) throws(ICUMessageFormat.SyntaxError) -> ICUMessageFormat.Message {
        var parts: [ICUMessageFormat.Part] = []
        var text = String.UnicodeScalarView()
        func flush() {
            if !text.isEmpty {
                parts.append(.text(String(text)))
                text = String.UnicodeScalarView()
            }
        }
        while let scalar = peek() {
            switch scalar {
            case "'":
                if peek(1) == "'" {
                    text.append("'")
                    index += 2
                } else if let next = peek(1), next == "{" || next == "}" || (inPlural && next == "#") {
                    // Quoted text up to the next single apostrophe ('' inside is one).
                    index += 1
                    while let quoted = peek() {
                        if quoted == "'" {
                            if peek(1) == "'" {
                                text.append("'")
                                index += 2
                                continue
                            }
                            index += 1
                            break
                        }
                        text.append(quoted)
                        index += 1
                    }
                } else {
                    text.append("'")
                    index += 1
                }
            case "{":
                flush()
                parts.append(try parseArgument(depth: depth))
            case "}":
                flush()
                return ICUMessageFormat.Message(parts)
            case "#" where inPlural:
                flush()
                parts.append(.pound)
                index += 1
            default:
                text.append(scalar)
                index += 1
            }
        }
        flush()
        return ICUMessageFormat.Message(parts)
    }

    mutating func parseIdentifier(_ what: String) throws(ICUMessageFormat.SyntaxError) -> String {
        skipSpace()
        var name = String.UnicodeScalarView()
        while let scalar = peek(), !Self.isSpace(scalar), scalar != ",", scalar != "{", scalar != "}",
              !scalar.properties.isPatternSyntax || scalar == "_" {
            name.append(scalar)
            index += 1
        }
        guard !name.isEmpty else { throw error("expected \(what)") }
        skipSpace()
        return String(name)
    }

    mutating func parseArgument(depth: Int) throws(ICUMessageFormat.SyntaxError) -> ICUMessageFormat.Part {
        let open = index
        index += 1
        guard depth < ICUMessageFormat.Message.maximumDepth else {
            throw error("arguments nest more than \(ICUMessageFormat.Message.maximumDepth) deep", at: open)
        }
        let name = try parseIdentifier("an argument name or number")
        if peek() == "}" {
            index += 1
            return .argument(name: name, type: nil, style: nil)
        }
        guard !atEnd else { throw error("the argument \(name) is not closed with '}'", at: open) }
        guard peek() == "," else { throw error("expected ',' or '}' after the argument name \(name)") }
        index += 1
        skipSpace()
        let typeStart = index
        let type = try parseIdentifier("an argument type (number, date, time, plural, select, selectordinal)")
        switch type {
        case "plural", "selectordinal":
            guard peek() == "," else { throw error("expected ',' and the cases of \(type)") }
            index += 1
            return try parsePlural(name: name, ordinal: type == "selectordinal", depth: depth, open: open)
        case "select":
            guard peek() == "," else { throw error("expected ',' and the cases of select") }
            index += 1
            return try parseSelect(name: name, depth: depth, open: open)
        case "number", "date", "time":
            var style: String?
            if peek() == "," {
                index += 1
                skipSpace()
                var text = String.UnicodeScalarView()
                var braces = 0
                while let scalar = peek(), scalar != "}" || braces > 0 {
                    if scalar == "{" { braces += 1 }
                    if scalar == "}" { braces -= 1 }
                    text.append(scalar)
                    index += 1
                }
                style = String(text).trimmingTrailingSpace()
                guard !(style ?? "").isEmpty else { throw error("expected a style after ','") }
            }
            guard peek() == "}" else { throw error("the argument \(name) is not closed with '}'", at: open) }
            index += 1
            return .argument(name: name, type: ICUMessageFormat.ArgumentType(rawValue: type), style: style)
        case "choice":
            throw error("choice arguments are not supported (ICU deprecates them): write a plural or select", at: typeStart)
        case "spellout", "ordinal", "duration":
            throw error("\(type) arguments are not supported: they need ICU's rule-based number formats", at: typeStart)
        default:
            throw error("unknown argument type \(type)", at: typeStart)
        }
    }

    mutating func parsePlural(name: String, ordinal: Bool, depth: Int, open: Int) throws(ICUMessageFormat.SyntaxError) -> ICUMessageFormat.Part {
        skipSpace()
        var offset = 0
        if scalars[index...].starts(with: "offset:".unicodeScalars) {
            index += 7
            skipSpace()
            var digits = ""
            while let scalar = peek(), ("0"..."9").contains(scalar) { digits.unicodeScalars.append(scalar); index += 1 }
            guard let value = Int(digits), value <= 1_000_000 else { throw error("expected a whole number after offset:") }
            offset = value
        }
        var cases: [ICUMessageFormat.PluralCase] = []
        while true {
            skipSpace()
            if peek() == "}" { index += 1; break }
            guard !atEnd else { throw error("the \(ordinal ? "selectordinal" : "plural") argument \(name) is not closed with '}'", at: open) }
            let selector: ICUMessageFormat.PluralCase.Selector
            if peek() == "=" {
                index += 1
                let value = try parseIdentifier("a number after '='")
                guard MF2NumberFormatting.decimal(fromLiteral: value) != nil || Double(value) != nil else {
                    throw error("expected a number after '=', found \(value)")
                }
                selector = .exact(value)
            } else {
                let keyword = try parseIdentifier("a plural category (zero, one, two, few, many, other) or =N")
                guard ["zero", "one", "two", "few", "many", "other"].contains(keyword) else {
                    throw error("\(keyword) is not a plural category; expected zero, one, two, few, many, other or =N")
                }
                selector = .category(keyword)
            }
            guard peek() == "{" else { throw error("expected '{' and the message for this case") }
            index += 1
            let message = try parseMessage(depth: depth + 1, inPlural: true)
            guard peek() == "}" else { throw error("the case's message is not closed with '}'") }
            index += 1
            cases.append(ICUMessageFormat.PluralCase(selector: selector, message: message))
        }
        guard cases.contains(where: { $0.selector == .category("other") }) else {
            throw error("the \(ordinal ? "selectordinal" : "plural") argument \(name) has no 'other' case", at: open)
        }
        return .plural(name: name, ordinal: ordinal, offset: offset, cases: cases)
    }

    mutating func parseSelect(name: String, depth: Int, open: Int) throws(ICUMessageFormat.SyntaxError) -> ICUMessageFormat.Part {
        var cases: [ICUMessageFormat.SelectCase] = []
        while true {
            skipSpace()
            if peek() == "}" { index += 1; break }
            guard !atEnd else { throw error("the select argument \(name) is not closed with '}'", at: open) }
            let keyword = try parseIdentifier("a select keyword")
            guard peek() == "{" else { throw error("expected '{' and the message for \(keyword)") }
            index += 1
            let message = try parseMessage(depth: depth + 1, inPlural: false)
            guard peek() == "}" else { throw error("the case's message is not closed with '}'") }
            index += 1
            cases.append(ICUMessageFormat.SelectCase(keyword: keyword, message: message))
        }
        guard cases.contains(where: { $0.keyword == "other" }) else {
            throw error("the select argument \(name) has no 'other' case", at: open)
        }
        return .select(name: name, cases: cases)
    }
}

extension String {
    func trimmingTrailingSpace() -> String {
        var scalars = unicodeScalars[...]
        while let last = scalars.last, last.properties.isPatternWhitespace { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
