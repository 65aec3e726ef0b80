extension MF2.Message {
    /// The longest message the parser reads, in Unicode scalars: a message is one string of
    /// one catalog entry, and a longer one is refused before any work is done on it.
    public static let maximumLength = 65_536

    /// Parses and validates `source`.
    ///
    /// - Throws: ``MF2/Error`` with kind `syntax-error` and the line and column of the
    ///   first problem, or a data-model error (`duplicate-declaration`,
    ///   `missing-fallback-variant`, …) naming the first one found.
    public init(parsing source: String) throws(MF2.Error) {
        var parser = MF2Parser(source)
        let message = try parser.parseMessage()
        if let error = MF2Validation.firstError(in: message, source: parser) { throw error }
        self = message
    }
}

/// A recursive-descent parser of the MF2 syntax (the specification's ABNF, production by
/// production), over Unicode scalars. It does no work proportional to anything but the
/// input's length: every loop consumes at least one scalar or stops.
struct MF2Parser {
    let scalars: [Unicode.Scalar]
    var index = 0
    /// Where each declaration, selector and variant starts, for data-model errors' places.
    var declarationStarts: [Int] = []
    var selectorStarts: [Int] = []
    var variantStarts: [Int] = []
    /// The first option named twice in one expression or markup: a data-model error, reported
    /// once the whole message parsed (a syntax error anywhere comes first).
    var duplicateOption: MF2.Error?

    /// The source's UTF-8, and where each scalar starts in it (one more entry for the end), so
    /// a run of text or a name is made in one copy rather than a scalar at a time.
    let utf8: [UInt8]
    let utf8Offsets: [Int]

    init(_ source: String) {
        utf8 = Array(source.utf8)
        // One walk over the scalars gives both arrays (`Array(source.unicodeScalars)` would
        // count them first, a walk of its own); there are at most as many scalars as bytes.
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(utf8.count)
        var offsets: [Int] = []
        offsets.reserveCapacity(utf8.count + 1)
        var offset = 0
        for scalar in source.unicodeScalars {
            scalars.append(scalar)
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)
        self.scalars = scalars
        utf8Offsets = offsets
    }

    /// The source text of the scalars in `range`.
    func text(_ range: Range<Int>) -> String {
        String(decoding: utf8[utf8Offsets[range.lowerBound]..<utf8Offsets[range.upperBound]], as: UTF8.self)
    }

    // MARK: Errors and places

    /// The 1-based line and column of `offset`.
    func place(of offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        var position = 0
        let end = min(offset, scalars.count)
        while position < end {
            let scalar = scalars[position]
            if scalar == "\n" || (scalar == "\r" && (position + 1 >= scalars.count || scalars[position + 1] != "\n")) {
                line += 1
                column = 1
            } else if scalar != "\r" {
                column += 1
            }
            position += 1
        }
        return (line, column)
    }

    func error(_ message: String, at offset: Int? = nil) -> MF2.Error {
        let (line, column) = place(of: offset ?? index)
        return MF2.Error(.syntaxError, message, line: line, column: column)
    }

    /// What the scalar at `offset` is, for messages: `'x'`, `U+200E` or `the end`.
    func describe(at offset: Int) -> String {
        guard offset < scalars.count else { return "the end of the message" }
        let scalar = scalars[offset]
        if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || Self.isBidi(scalar) || Self.isSpace(scalar) {
            return "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
        }
        return "'\(Character(scalar))'"
    }

    // MARK: Character classes (the ABNF's)

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0D, 0x0A, 0x3000: true
        default: false
        }
    }

    static func isBidi(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x2066...0x2069: true
        default: false
        }
    }

    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch value {
        case 0x41...0x5A, 0x61...0x7A, 0x2B, 0x5F: return true
        case 0xA1...0x61B, 0x61D...0x167F, 0x1681...0x1FFF, 0x200B...0x200D, 0x2010...0x2027,
             0x2030...0x205E, 0x2060...0x2065, 0x206A...0x2FFF, 0x3001...0xD7FF, 0xE000...0xFDCF, 0xFDF0...0xFFFD:
            return true
        case 0x10000...0x10FFFF:
            // Every plane but its last two code points (non-characters).
            return value & 0xFFFF <= 0xFFFD
        default:
            return false
        }
    }

    static func isNameChar(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || (0x30...0x39).contains(scalar.value) || scalar == "-" || scalar == "."
    }

    // MARK: Scanning helpers

    var atEnd: Bool { index >= scalars.count }

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let position = index + offset
        return position < scalars.count ? scalars[position] : nil
    }

    func sees(_ text: String) -> Bool {
        var position = index
        for scalar in text.unicodeScalars {
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    /// Skips optional whitespace and bidi marks (`o`); returns whether any whitespace
    /// proper was among them (so the run can stand for the required `s`).
    @discardableResult
    mutating func skipOptionalSpace() -> Bool {
        var sawSpace = false
        while let scalar = peek() {
            if Self.isSpace(scalar) {
                sawSpace = true
            } else if !Self.isBidi(scalar) {
                break
            }
            index += 1
        }
        return sawSpace
    }

    mutating func expect(_ scalar: Unicode.Scalar, _ what: String) throws(MF2.Error) {
        guard peek() == scalar else { throw error("expected \(what), found \(describe(at: index))") }
        index += 1
    }

    // MARK: Message

    mutating func parseMessage() throws(MF2.Error) -> MF2.Message {
        guard scalars.count <= MF2.Message.maximumLength else {
            throw MF2.Error(.syntaxError, "the message is \(scalars.count) characters long; at most \(MF2.Message.maximumLength) are read", line: 1, column: 1)
        }
        let start = index
        skipOptionalSpace()
        if peek() == "." || sees("{{") {
            return try parseComplexMessage()
        }
        index = start
        let pattern = try parsePattern(quoted: false)
        return MF2.Message(body: .pattern(pattern))
    }

    mutating func parseComplexMessage() throws(MF2.Error) -> MF2.Message {
        var declarations: [MF2.Declaration] = []
        while true {
            skipOptionalSpace()
            if sees(".input") || sees(".local") { declarationStarts.append(index) }
            if sees(".input") {
                index += 6
                skipOptionalSpace()
                guard peek() == "{" else { throw error("expected '{' and a variable after .input, found \(describe(at: index))") }
                let start = index
                let expression = try parseExpression(allowMarkup: false)
                guard case .variable(let name)? = expression.operand else {
                    throw error(".input declares a variable: write {$name …}", at: start)
                }
                declarations.append(.input(name: name, expression: expression))
            } else if sees(".local") {
                index += 6
                guard skipOptionalSpace() else { throw error("expected a space after .local, found \(describe(at: index))") }
                guard peek() == "$" else { throw error("expected a variable ($name) after .local, found \(describe(at: index))") }
                index += 1
                let name = try parseName("variable name")
                skipOptionalSpace()
                try expect("=", "'=' after the variable of .local")
                skipOptionalSpace()
                guard peek() == "{" else { throw error("expected '{' and an expression after '=', found \(describe(at: index))") }
                declarations.append(.local(name: name, expression: try parseExpression(allowMarkup: false)))
            } else if sees(".match") {
                index += 6
                let body = try parseMatcher()
                try expectEnd()
                return MF2.Message(declarations: declarations, body: body)
            } else if sees("{{") {
                let pattern = try parseQuotedPattern()
                try expectEnd()
                return MF2.Message(declarations: declarations, body: .pattern(pattern))
            } else if peek() == "." {
                throw error("unknown keyword: expected .input, .local or .match")
            } else {
                throw error("expected a declaration, .match or a quoted pattern {{…}}, found \(describe(at: index))")
            }
        }
    }

    mutating func expectEnd() throws(MF2.Error) {
        skipOptionalSpace()
        guard atEnd else { throw error("expected the end of the message after its body, found \(describe(at: index))") }
    }

    mutating func parseMatcher() throws(MF2.Error) -> MF2.Body {
        var selectors: [String] = []
        while true {
            let before = index
            let spaced = skipOptionalSpace()
            guard peek() == "$" else {
                index = before
                break
            }
            guard spaced else { throw error("expected a space before the selector", at: before) }
            selectorStarts.append(index)
            index += 1
            selectors.append(try parseName("variable name"))
        }
        guard !selectors.isEmpty else { throw error("expected a selector ($name) after .match, found \(describe(at: index))") }
        guard skipOptionalSpace() else { throw error("expected a space before the first variant, found \(describe(at: index))") }
        var variants: [MF2.Variant] = []
        repeat {
            variantStarts.append(index)
            variants.append(try parseVariant())
            skipOptionalSpace()
        } while !atEnd
        return .matcher(selectors: selectors, variants: variants)
    }

    mutating func parseVariant() throws(MF2.Error) -> MF2.Variant {
        var keys: [MF2.Key] = []
        while true {
            guard !atEnd else { throw error("expected a variant's quoted pattern {{…}}, found \(describe(at: index))") }
            if peek() == "*" {
                index += 1
                keys.append(.catchAll)
            } else if peek() == "|" || peek().map(Self.isNameChar) == true {
                keys.append(.literal(try parseLiteral()))
            } else if sees("{{") {
                guard !keys.isEmpty else { throw error("a variant starts with its keys") }
                break
            } else {
                throw error("expected a key (a literal or *), found \(describe(at: index))")
            }
            let spaced = skipOptionalSpace()
            if sees("{{") { break }
            guard spaced else { throw error("expected a space between keys, found \(describe(at: index))") }
        }
        return MF2.Variant(keys: keys, pattern: try parseQuotedPattern())
    }

    // MARK: Patterns

    mutating func parseQuotedPattern() throws(MF2.Error) -> MF2.Pattern {
        guard sees("{{") else { throw error("expected a quoted pattern {{…}}, found \(describe(at: index))") }
        index += 2
        let pattern = try parsePattern(quoted: true)
        guard sees("}}") else { throw error("expected }} to close the quoted pattern, found \(describe(at: index))") }
        index += 2
        return pattern
    }

    /// Text and placeholders up to the end of the message, or to `}}` when `quoted`.
    mutating func parsePattern(quoted: Bool) throws(MF2.Error) -> MF2.Pattern {
        var parts: [MF2.PatternPart] = []
        var text = ""
        // Plain text since the last escape or placeholder, copied in one piece when it ends.
        var run = index
        func flush() {
            if run < index { text += self.text(run..<index) }
            if !text.isEmpty {
                parts.append(.text(text))
                text = ""
            }
        }
        while let scalar = peek() {
            switch scalar {
            case "\\":
                if run < index { text += self.text(run..<index) }
                text.unicodeScalars.append(try parseEscape())
                run = index
            case "{":
                flush()
                let placeholder = try parsePlaceholder()
                parts.append(placeholder)
                run = index
            case "}":
                if quoted && sees("}}") {
                    flush()
                    return MF2.Pattern(parts)
                }
                throw error("an unescaped '}' in text; write \\} for the character")
            case "\u{0}":
                throw error("text cannot hold U+0000")
            default:
                index += 1
            }
        }
        if quoted { throw error("expected }} to close the quoted pattern, found the end of the message") }
        flush()
        return MF2.Pattern(parts)
    }

    mutating func parsePlaceholder() throws(MF2.Error) -> MF2.PatternPart {
        let start = index
        index += 1
        skipOptionalSpace()
        if peek() == "#" || peek() == "/" {
            index = start
            return .markup(try parseMarkup())
        }
        index = start
        return .expression(try parseExpression(allowMarkup: false))
    }

    // MARK: Expressions and markup

    mutating func parseExpression(allowMarkup: Bool) throws(MF2.Error) -> MF2.Expression {
        let open = index
        try expect("{", "'{'")
        skipOptionalSpace()
        var expression = MF2.Expression()
        switch peek() {
        case "$"?:
            index += 1
            expression.operand = .variable(try parseName("variable name"))
        case ":"?:
            expression.function = try parseFunction()
        case "|"?:
            expression.operand = .literal(try parseLiteral())
        case let scalar? where Self.isNameChar(scalar):
            expression.operand = .literal(try parseLiteral())
        case "#"?, "/"?:
            throw error("markup cannot be used here, only in a pattern")
        case "}"?:
            throw error("an expression cannot be empty", at: open)
        default:
            throw error("expected a literal, a variable or a function in the expression, found \(describe(at: index))")
        }
        if expression.function == nil {
            let before = index
            let spaced = skipOptionalSpace()
            if peek() == ":" {
                guard spaced else { throw error("expected a space before the function", at: before) }
                expression.function = try parseFunction()
            } else {
                index = before
            }
        }
        expression.attributes = try parseAttributes()
        skipOptionalSpace()
        guard peek() == "}" else { throw error("expected '}' to close the expression, found \(describe(at: index))") }
        index += 1
        return expression
    }

    mutating func parseFunction() throws(MF2.Error) -> MF2.FunctionCall {
        try expect(":", "':'")
        let name = try parseIdentifier("function name")
        return MF2.FunctionCall(name: name, options: try parseOptions())
    }

    /// `*(s option)`: stops, leaving the space unread, at anything that is not an option.
    mutating func parseOptions() throws(MF2.Error) -> [MF2.Option] {
        var options: [MF2.Option] = []
        while true {
            let before = index
            let spaced = skipOptionalSpace()
            guard spaced, let scalar = peek(), Self.isNameStart(scalar) || Self.isBidi(scalar) else {
                index = before
                return options
            }
            let name = try parseIdentifier("option name")
            skipOptionalSpace()
            try expect("=", "'=' after the option name \(name)")
            skipOptionalSpace()
            let value: MF2.Operand
            if peek() == "$" {
                index += 1
                value = .variable(try parseName("variable name"))
            } else if peek() == "|" || peek().map(Self.isNameChar) == true {
                value = .literal(try parseLiteral())
            } else {
                throw error("expected the value of option \(name): a literal or a variable, found \(describe(at: index))")
            }
            if duplicateOption == nil, options.contains(where: { $0.name == name }) {
                let (line, column) = place(of: before)
                duplicateOption = MF2.Error(.duplicateOptionName, "the option \(name) is given twice", line: line, column: column + 1)
            }
            options.append(MF2.Option(name: name, value: value))
        }
    }

    mutating func parseAttributes() throws(MF2.Error) -> [MF2.Attribute] {
        var attributes: [MF2.Attribute] = []
        while true {
            let before = index
            let spaced = skipOptionalSpace()
            guard peek() == "@" else {
                index = before
                return attributes
            }
            guard spaced else { throw error("expected a space before the attribute", at: before) }
            index += 1
            let name = try parseIdentifier("attribute name")
            let afterName = index
            skipOptionalSpace()
            if peek() == "=" {
                index += 1
                skipOptionalSpace()
                guard peek() == "|" || peek().map(Self.isNameChar) == true else {
                    throw error("an attribute's value is a literal; found \(describe(at: index))")
                }
                attributes.append(MF2.Attribute(name: name, value: try parseLiteral()))
            } else {
                index = afterName
                attributes.append(MF2.Attribute(name: name))
            }
        }
    }

    mutating func parseMarkup() throws(MF2.Error) -> MF2.Markup {
        try expect("{", "'{'")
        skipOptionalSpace()
        let closing = peek() == "/"
        index += 1
        let name = try parseIdentifier("markup name")
        let options = try parseOptions()
        let attributes = try parseAttributes()
        skipOptionalSpace()
        var kind: MF2.Markup.Kind = closing ? .close : .open
        if !closing, peek() == "/" {
            index += 1
            kind = .standalone
        }
        guard peek() == "}" else { throw error("expected '}' to close the markup, found \(describe(at: index))") }
        index += 1
        return MF2.Markup(kind: kind, name: name, options: options, attributes: attributes)
    }

    // MARK: Names and literals

    /// `\\`, `\{`, `\|` or `\}`, in text and quoted literals alike: the escaped character.
    mutating func parseEscape() throws(MF2.Error) -> Unicode.Scalar {
        guard let escaped = peek(1), escaped == "\\" || escaped == "{" || escaped == "|" || escaped == "}" else {
            throw error("a backslash escapes only \\, {, | and }; found \(describe(at: index + 1)) after it")
        }
        index += 2
        return escaped
    }

    /// `[namespace ":"] name`.
    mutating func parseIdentifier(_ what: String) throws(MF2.Error) -> String {
        let first = try parseName(what)
        if peek() == ":" {
            index += 1
            return first + ":" + (try parseName(what))
        }
        return first
    }

    /// `[bidi] name-start *name-char [bidi]`: the name without its bidi marks.
    mutating func parseName(_ what: String) throws(MF2.Error) -> String {
        if let scalar = peek(), Self.isBidi(scalar) { index += 1 }
        guard let first = peek(), Self.isNameStart(first) else {
            throw error("expected a \(what), found \(describe(at: index))")
        }
        let start = index
        while let scalar = peek(), Self.isNameChar(scalar) { index += 1 }
        let name = text(start..<index)
        if let scalar = peek(), Self.isBidi(scalar) { index += 1 }
        return name
    }

    mutating func parseLiteral() throws(MF2.Error) -> String {
        if peek() == "|" {
            let open = index
            index += 1
            var value = String.UnicodeScalarView()
            while let scalar = peek() {
                switch scalar {
                case "|":
                    index += 1
                    return String(value)
                case "\\":
                    value.append(try parseEscape())
                case "\u{0}":
                    throw error("a literal cannot hold U+0000")
                default:
                    value.append(scalar)
                    index += 1
                }
            }
            throw error("the quoted literal is not closed with '|'", at: open)
        }
        let start = index
        while let scalar = peek(), Self.isNameChar(scalar) { index += 1 }
        guard index > start else { throw error("expected a literal, found \(describe(at: index))") }
        return text(start..<index)
    }
}

extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
