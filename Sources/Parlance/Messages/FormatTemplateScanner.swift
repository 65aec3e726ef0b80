/// Splits printf-style templates into ``FormatToken``s.
///
/// Scanning never fails: text that is not a valid conversion becomes
/// ``FormatToken/invalid(text:)`` so callers can report it and render on.
public enum FormatTemplateScanner {
    static let conversions: Set<Character> = ["@", "d", "D", "i", "u", "U", "o", "O", "x", "X", "f", "F", "e", "E", "g", "G", "a", "A", "c", "C", "s", "S", "p", "n"]
    static let flagCharacters: Set<Character> = ["-", "+", " ", "#", "0", "'"]

    /// The tokens of `template`, in order; adjacent literal text is joined.
    public static func tokens(in template: String) -> [FormatToken] {
        var tokens: [FormatToken] = []
        var literal = ""
        var index = template.startIndex
        func flush() {
            if !literal.isEmpty { tokens.append(.literal(literal)); literal = "" }
        }
        while index < template.endIndex {
            let character = template[index]
            guard character == "%" else {
                literal.append(character)
                index = template.index(after: index)
                continue
            }
            let (token, next) = scanConversion(template, from: index)
            flush()
            tokens.append(token)
            index = next
        }
        flush()
        return tokens
    }

    /// The names of the `%#@name@` substitutions in `template`, in order.
    public static func substitutionNames(in template: String) -> [String] {
        tokens(in: template).compactMap {
            if case .substitution(let name, _) = $0 { return name }
            return nil
        }
    }

    private static func scanConversion(_ s: String, from start: String.Index) -> (FormatToken, String.Index) {
        var index = s.index(after: start)
        func invalid() -> (FormatToken, String.Index) {
            (.invalid(text: String(s[start..<index])), index)
        }
        guard index < s.endIndex else { return invalid() }
        if s[index] == "%" { return (.percent, s.index(after: index)) }

        var position: Int?
        // A leading run of digits followed by `$` is a position.
        var lookahead = index
        var digits = 0
        while lookahead < s.endIndex, s[lookahead].isASCII, s[lookahead].isNumber, digits < 10 {
            lookahead = s.index(after: lookahead)
            digits += 1
        }
        if digits > 0, lookahead < s.endIndex, s[lookahead] == "$" {
            position = Int(s[index..<lookahead])
            index = s.index(after: lookahead)
            if position == 0 { return invalid() }
        }

        // `%#@name@`
        if s[index...].hasPrefix("#@") {
            let nameStart = s.index(index, offsetBy: 2)
            guard let end = s[nameStart...].firstIndex(of: "@") else {
                index = s.endIndex
                return invalid()
            }
            return (.substitution(name: String(s[nameStart..<end]), position: position), s.index(after: end))
        }

        var flags = ""
        while index < s.endIndex, flagCharacters.contains(s[index]) {
            flags.append(s[index]); index = s.index(after: index)
        }
        var hasStar = false
        var width: Int?
        (width, index, hasStar) = scanNumberOrStar(s, index, hasStar)
        var precision: Int?
        if index < s.endIndex, s[index] == "." {
            index = s.index(after: index)
            (precision, index, hasStar) = scanNumberOrStar(s, index, hasStar)
            if precision == nil, !hasStar { precision = 0 }
        }
        var length = ""
        for modifier in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] where s[index...].hasPrefix(modifier) {
            length = modifier
            index = s.index(index, offsetBy: modifier.count)
            break
        }
        guard index < s.endIndex, conversions.contains(s[index]) else {
            if index < s.endIndex { index = s.index(after: index) }
            return invalid()
        }
        let conversion = s[index]
        index = s.index(after: index)
        let specifier = FormatSpecifier(
            position: position, flags: flags, width: width, precision: precision, length: length,
            conversion: conversion, hasStarArgument: hasStar, text: String(s[start..<index]))
        return (.specifier(specifier), index)
    }

    private static func scanNumberOrStar(
        _ s: String, _ start: String.Index, _ hasStar: Bool
    ) -> (Int?, String.Index, Bool) {
        var index = start
        if index < s.endIndex, s[index] == "*" {
            index = s.index(after: index)
            // `*2$` reads the width from a positional argument.
            var lookahead = index
            while lookahead < s.endIndex, s[lookahead].isASCII, s[lookahead].isNumber { lookahead = s.index(after: lookahead) }
            if lookahead > index, lookahead < s.endIndex, s[lookahead] == "$" { index = s.index(after: lookahead) }
            return (nil, index, true)
        }
        var value = 0
        var digits = 0
        while index < s.endIndex, s[index].isASCII, let digit = s[index].wholeNumberValue {
            if value < 100_000 { value = value * 10 + digit }
            digits += 1
            index = s.index(after: index)
        }
        return (digits > 0 ? min(value, 100_000) : nil, index, hasStar)
    }
}
