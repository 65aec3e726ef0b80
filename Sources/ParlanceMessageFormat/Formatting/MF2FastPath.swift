import Foundation

/// The shapes most messages have, formatted without the general run's dictionaries, option
/// tables and function calls: a pattern of text and `{$name}` placeholders, and a single
/// `.input {$n :number}` (or `:integer`, no options) selecting on `$n`. It answers only when
/// it would give exactly what the general run gives, with no error; anything else (another
/// function, an option, an argument that is not text or a whole number, a key that is neither
/// a number nor a plural category) is left to the general run. `MF2FastPathTests` compares the
/// two on every shape, and the working group's suite runs through both.
enum MF2FastPath {
    static func format(_ message: MF2.Message, arguments: [String: MF2.Argument], formatter: MF2.Formatter) -> MF2.Formatter.Result? {
        switch message.body {
        case .pattern(let pattern):
            guard message.declarations.isEmpty else { return nil }
            return format(pattern, selector: nil, arguments: arguments, formatter: formatter)
        case .matcher(let selectors, let variants):
            guard message.declarations.count == 1, selectors.count == 1,
                  case .input(let name, let expression) = message.declarations[0], selectors[0] == name,
                  expression.attributes.isEmpty, expression.operand == .variable(name),
                  let call = expression.function, call.options.isEmpty,
                  formatter.defaultNumbers, call.name == "number" || call.name == "integer",
                  case .int(let whole)? = arguments[name]
            else { return nil }
            let value = MF2.NumberValue(
                value: Decimal(whole), style: call.name == "number" ? .number : .integer, options: [:], selection: .plural, localeTag: formatter.locale,
                localeData: formatter.localeData, wholeValue: whole)
            // Match and BetterThan for one selector: a matching literal key beats `*`, and of
            // two literals the value prefers (an exact number over a category).
            var best: MF2.Variant?
            for variant in variants {
                guard variant.keys.count == 1 else { return nil }
                switch variant.keys[0] {
                case .catchAll:
                    if best == nil { best = variant }
                case .literal(let key):
                    guard let matched = try? value.matches(key) else { return nil }
                    guard matched else { continue }
                    if case .literal(let current)? = best?.keys.first, !value.prefers(key, over: current) { continue }
                    best = variant
                }
            }
            guard let best else { return nil }
            return format(best.pattern, selector: (name, value), arguments: arguments, formatter: formatter)
        }
    }

    /// A pattern of text and `{$name}` placeholders, `selector` the declared number.
    private static func format(
        _ pattern: MF2.Pattern, selector: (name: String, value: MF2.NumberValue)?, arguments: [String: MF2.Argument],
        formatter: MF2.Formatter
    ) -> MF2.Formatter.Result? {
        var text = ""
        var parts: [MF2.Formatter.Part] = []
        parts.reserveCapacity(pattern.parts.count * (formatter.bidiIsolation ? 3 : 1))
        for part in pattern.parts {
            switch part {
            case .text(let value):
                text += value
                parts.append(.text(value))
            case .markup:
                return nil
            case .expression(let expression):
                guard expression.function == nil, expression.attributes.isEmpty, case .variable(let name)? = expression.operand
                else { return nil }
                let value: any MF2Value
                if let selector, name == selector.name {
                    value = selector.value
                } else {
                    switch arguments[name] {
                    case .string(let string)?:
                        value = MF2.StringValue(string, locale: formatter.locale)
                    case .int(let whole)?:
                        value = MF2.NumberValue(
                            value: Decimal(whole), style: .number, options: [:], selection: nil, localeTag: formatter.locale,
                            localeData: formatter.localeData, wholeValue: whole)
                    default:
                        return nil
                    }
                }
                guard let formatted = try? value.format() else { return nil }
                MF2Run.place(
                    formatted.text, .value(formatted, direction: nil, id: nil, locale: value.locale), direction: value.direction,
                    isolate: false, in: formatter.localeDirection, bidiIsolation: formatter.bidiIsolation, text: &text, parts: &parts)
            }
        }
        return MF2.Formatter.Result(string: text, parts: parts, errors: [])
    }
}
