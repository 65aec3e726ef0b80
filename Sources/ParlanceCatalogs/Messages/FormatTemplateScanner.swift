/// Splits printf-style templates into ``FormatToken``s.
///
/// Scanning never fails: text that is not a valid conversion becomes
/// ``FormatToken/invalid(text:)`` so callers can report it and render on.
public enum FormatTemplateScanner {
    package static let conversions: Set<Character> = ["@", "d", "D", "i", "u", "U", "o", "O", "x", "X", "f", "F", "e", "E", "g", "G", "a", "A", "c", "C", "s", "S", "p", "n"]
    static let flagCharacters: Set<Character> = ["-", "+", " ", "#", "0", "'"]
    /// Digits read for a position, width or precision; more could only overflow.
    static let maximumDigits = 9

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
        if s[index...].hasPrefix("arg") { return (.substitutedArgument, s.index(index, offsetBy: 3)) }

        // A leading run of digits followed by `$` is a position.
        var position: Int?
        if let (number, afterDollar) = scanPosition(s, index) {
            guard number > 0 else { index = afterDollar; return invalid() }
            position = number
            index = afterDollar
        }

        // `%#@name@`: the name runs to the next `@` and holds no space or `%`.
        if s[index...].hasPrefix("#@") {
            let nameStart = s.index(index, offsetBy: 2)
            var end = nameStart
            while end < s.endIndex, s[end] != "@", s[end] != "%", !s[end].isWhitespace { end = s.index(after: end) }
            guard end < s.endIndex, s[end] == "@", end > nameStart else {
                index = nameStart
                return invalid()
            }
            return (.substitution(name: String(s[nameStart..<end]), position: position), s.index(after: end))
        }

        var flags = ""
        while index < s.endIndex, flagCharacters.contains(s[index]) {
            flags.append(s[index]); index = s.index(after: index)
        }
        let width = scanAmount(s, &index)
        var precision: Amount = (nil, nil)
        if index < s.endIndex, s[index] == "." {
            index = s.index(after: index)
            precision = scanAmount(s, &index)
            if precision.value == nil, precision.source == nil { precision.value = 0 }
        }
        var length = ""
        for modifier in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] where s[index...].hasPrefix(modifier) {
            length = modifier
            index = s.index(index, offsetBy: modifier.count)
            break
        }
        guard index < s.endIndex, conversions.contains(s[index]) else {
            // Swallow the offending character, but never a `%` that starts the next conversion.
            if index < s.endIndex, s[index] != "%" { index = s.index(after: index) }
            return invalid()
        }
        let conversion = s[index]
        index = s.index(after: index)
        let specifier = FormatSpecifier(
            position: position, flags: flags, width: width.value, precision: precision.value,
            widthArgument: width.source, precisionArgument: precision.source, length: length,
            conversion: conversion, text: String(s[start..<index]))
        return (.specifier(specifier), index)
    }

    private typealias Amount = (value: Int?, source: FormatSpecifier.ArgumentSource?)

    /// `digits$` at `start`: the number and the index after `$`.
    private static func scanPosition(_ s: String, _ start: String.Index) -> (Int, String.Index)? {
        var index = start
        var value = 0
        var digits = 0
        while index < s.endIndex, s[index].isASCII, let digit = s[index].wholeNumberValue {
            guard digits < maximumDigits else { return nil }
            value = value * 10 + digit
            digits += 1
            index = s.index(after: index)
        }
        guard digits > 0, index < s.endIndex, s[index] == "$" else { return nil }
        return (value, s.index(after: index))
    }

    /// A width or precision: digits, `*` or `*digits$`.
    private static func scanAmount(_ s: String, _ index: inout String.Index) -> Amount {
        if index < s.endIndex, s[index] == "*" {
            index = s.index(after: index)
            if let (number, afterDollar) = scanPosition(s, index), number > 0 {
                index = afterDollar
                return (nil, .position(number))
            }
            return (nil, .next)
        }
        var value = 0
        var digits = 0
        while index < s.endIndex, s[index].isASCII, let digit = s[index].wholeNumberValue {
            // Keep reading so the digits are consumed, but stop growing before overflow.
            if value < 100_000_000 { value = value * 10 + digit }
            digits += 1
            index = s.index(after: index)
        }
        return (digits > 0 ? value : nil, nil)
    }
}
