import Testing
@testable import ParlanceMessageFormat

@Suite("MF2: parsing into the data model")
struct MF2ParserTests {
    @Test("A simple message keeps its whitespace; escapes resolve; placeholders parse")
    func simple() throws {
        let message = try MF2.Message(parsing: "  Hi \\{there\\} {$name :string} {|a b| @note=x}{#b}!{/b}")
        guard case .pattern(let pattern) = message.body else { Issue.record("not a pattern"); return }
        #expect(pattern.parts == [
            .text("  Hi {there} "),
            .expression(MF2.Expression(operand: .variable("name"), function: MF2.FunctionCall(name: "string"))),
            .text(" "),
            .expression(MF2.Expression(operand: .literal("a b"), attributes: [MF2.Attribute(name: "note", value: "x")])),
            .markup(MF2.Markup(kind: .open, name: "b")),
            .text("!"),
            .markup(MF2.Markup(kind: .close, name: "b")),
        ])
    }

    @Test("A complex message: declarations, selectors, variants and options")
    func complex() throws {
        let message = try MF2.Message(parsing: """
            .input {$count :number minimumFractionDigits=1}
            .local $others = {$count :offset subtract=1}
            .match $count $others
            0 * {{none}}
            one * {{one}}
            * * {{{$others} more}}
            """)
        #expect(message.declarations.map(\.name) == ["count", "others"])
        guard case .matcher(let selectors, let variants) = message.body else { Issue.record("not a matcher"); return }
        #expect(selectors == ["count", "others"])
        #expect(variants.map(\.keys) == [[.literal("0"), .catchAll], [.literal("one"), .catchAll], [.catchAll, .catchAll]])
        #expect(message.declarations[0].expression.function?.options == [MF2.Option(name: "minimumFractionDigits", value: .literal("1"))])
    }

    @Test("Syntax errors name the line and column of the first problem", arguments: [
        ("{{Missing end braces", 1, 21),
        ("Unknown {{expression}}", 1, 10),
        (".local $var = {|no message body|}", 1, 34),
        ("hello }", 1, 7),
        (".input {$x}\n.match $x\n1 {{one}}\n* {{other}", 4, 10),
        ("{$x :number a=}", 1, 15),
        ("\\q", 1, 1),
        (".local $x = {1}\n.bogus {{}}", 2, 1),
        ("{|unclosed}", 1, 2),
    ])
    func syntaxErrors(source: String, line: Int, column: Int) {
        #expect {
            _ = try MF2.Message(parsing: source)
        } throws: { error in
            guard let error = error as? MF2.Error else { return false }
            return error.kind == .syntaxError && error.line == line && error.column == column
        }
    }

    @Test("Data-model errors name their kind and place", arguments: [
        (".input {$foo :x} .match $foo 1 {{_}}", MF2.Error.Kind.missingFallbackVariant),
        (".input {$foo} .match $foo one {{one}} * {{other}}", .missingSelectorAnnotation),
        (".local $foo = {$bar} .local $bar = {42} {{_}}", .duplicateDeclaration),
        ("bad {:placeholder option=x option=x}", .duplicateOptionName),
        (".input {$var :string} .match $var * {{a}} * {{b}}", .duplicateVariant),
        (".input {$foo :x} .match $foo * * {{foo}}", .variantKeyMismatch),
    ])
    func dataModelErrors(source: String, kind: MF2.Error.Kind) {
        #expect {
            _ = try MF2.Message(parsing: source)
        } throws: { error in
            guard let error = error as? MF2.Error else { return false }
            return error.kind == kind && error.line != nil && error.column != nil
        }
    }

    @Test("A message longer than the limit is refused before it is read")
    func tooLong() {
        let source = String(repeating: "a", count: MF2.Message.maximumLength + 1)
        #expect(throws: MF2.Error.self) { _ = try MF2.Message(parsing: source) }
    }

    @Test("Deeply repeated constructs parse in linear work: 20,000 placeholders and 5,000 variants")
    func manyParts() throws {
        let placeholders = String(repeating: "{$x}", count: 16_000)
        let parsed = try MF2.Message(parsing: placeholders)
        guard case .pattern(let pattern) = parsed.body else { Issue.record("not a pattern"); return }
        #expect(pattern.parts.count == 16_000)
        let variants = (0..<5_000).map { "\($0) {{v}}" }.joined(separator: " ")
        let matcher = try MF2.Message(parsing: ".input {$n :number} .match $n \(variants) * {{other}}")
        let formatted = MF2.Formatter(locale: "en", bidiIsolation: false).format(matcher, arguments: ["n": 4_999])
        #expect(formatted.string == "v")
    }
}
