import Foundation
import ParlanceCatalogs

/// The shapes most messages have, formatted without the general run's dictionaries, option
/// tables and function calls: a pattern of text and `{$name}` placeholders, and a single
/// `.input {$n :number}` (or `:integer`, no options) selecting on `$n`. It answers only when
/// it would give exactly what the general run gives, with no error; anything else (another
/// function, an option, an argument that is not text or a whole number, a key that is neither
/// a number nor a plural category) is left to the general run. `MF2FastPathTests` compares the
/// two on every shape, and the working group's suite runs through both.
///
/// The string is made at once; the parts are made only when the caller reads them, so the
/// common `.string` costs no part list, no formatted value and no number value.
enum MF2FastPath {
    /// The declared number a `.match` selected on: its name, value, and whether `:integer`
    /// declared it.
    typealias Selector = (name: String, whole: Int64, integer: Bool)

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
            // Match and BetterThan for one selector, as `NumberValue` does them for a plain
            // whole number: a number key matches the integer's digits, a category key the
            // cardinal category; a matching literal beats `*`, an exact number a category.
            var best: MF2.Variant?
            var bestIsExact = false
            var category: PluralCategory?
            var digits: String?
            for variant in variants {
                guard variant.keys.count == 1 else { return nil }
                switch variant.keys[0] {
                case .catchAll:
                    if best == nil { best = variant }
                case .literal(let key):
                    let isExact = MF2NumberFormatting.isNumberLiteral(key)
                    let matched: Bool
                    if isExact {
                        if digits == nil { digits = String(whole) }
                        matched = key == digits
                    } else {
                        switch key {
                        case "zero", "one", "two", "few", "many", "other": break
                        default: return nil
                        }
                        if category == nil { category = formatter.localeData.cardinalCategory(of: whole) }
                        matched = key == category?.rawValue
                    }
                    guard matched else { continue }
                    if let current = best, case .literal = current.keys[0], !(isExact && !bestIsExact) { continue }
                    best = variant
                    bestIsExact = isExact
                }
            }
            guard let best else { return nil }
            return format(best.pattern, selector: (name, whole, call.name == "integer"), arguments: arguments, formatter: formatter)
        }
    }

    /// A pattern of text and `{$name}` placeholders, `selector` the declared number.
    private static func format(
        _ pattern: MF2.Pattern, selector: Selector?, arguments: [String: MF2.Argument], formatter: MF2.Formatter
    ) -> MF2.Formatter.Result? {
        var text = ""
        let data = formatter.localeData
        // One allocation for the text: the literal runs, and room for short values and isolates.
        var capacity = 0
        for case .text(let value) in pattern.parts { capacity += value.utf8.count }
        text.reserveCapacity(capacity + 16 * pattern.parts.count)
        for part in pattern.parts {
            switch part {
            case .text(let value):
                text += value
            case .markup:
                return nil
            case .expression(let expression):
                guard expression.function == nil, expression.attributes.isEmpty, case .variable(let name)? = expression.operand
                else { return nil }
                let shown: String
                let direction: MF2.Direction
                if let selector, name == selector.name {
                    shown = number(selector.whole, in: data, formatter: formatter)
                    direction = data.direction
                } else {
                    switch arguments[name] {
                    case .string(let string)?:
                        shown = string
                        direction = .unknown
                    case .int(let whole)?:
                        shown = number(whole, in: data, formatter: formatter)
                        direction = data.direction
                    default:
                        return nil
                    }
                }
                guard formatter.bidiIsolation, let open = isolation(direction, in: data.direction) else {
                    text += shown
                    continue
                }
                text += open
                text += shown
                text += "\u{2069}"
            }
        }
        let locale = formatter.locale, bidiIsolation = formatter.bidiIsolation
        return MF2.Formatter.Result(string: text, errors: []) {
            parts(of: pattern, selector: selector, arguments: arguments, locale: locale, data: data, bidiIsolation: bidiIsolation)
        }
    }

    /// The isolating control before a placeholder, as `MF2Run.place` chooses it.
    private static func isolation(_ direction: MF2.Direction, in messageDirection: MF2.Direction) -> String? {
        switch direction {
        case .ltr: messageDirection == .ltr ? nil : "\u{2066}"
        case .rtl: "\u{2067}"
        case .unknown: "\u{2068}"
        }
    }

    /// A whole number as `:number` shows it in the formatter's locale.
    private static func number(_ whole: Int64, in data: MF2LocaleData, formatter: MF2.Formatter) -> String {
        if let integers = data.integers { return integers.format(whole) }
        return (try? numberValue(whole, locale: formatter.locale, data: data, selects: false).formattedText()) ?? String(whole)
    }

    private static func numberValue(_ whole: Int64, locale: String, data: MF2LocaleData, selects: Bool) -> MF2.NumberValue {
        MF2.NumberValue(
            value: Decimal(whole), style: .number, options: [:], selection: selects ? .plural : nil, localeTag: locale,
            localeData: data, wholeValue: whole)
    }

    /// The parts of a pattern the fast path formatted, made as the general run makes them.
    private static func parts(
        of pattern: MF2.Pattern, selector: Selector?, arguments: [String: MF2.Argument], locale: String, data: MF2LocaleData,
        bidiIsolation: Bool
    ) -> [MF2.Formatter.Part] {
        var text = ""
        var parts: [MF2.Formatter.Part] = []
        parts.reserveCapacity(pattern.parts.count * (bidiIsolation ? 3 : 1))
        for part in pattern.parts {
            switch part {
            case .text(let value):
                parts.append(.text(value))
            case .markup:
                continue
            case .expression(let expression):
                guard case .variable(let name)? = expression.operand else { continue }
                let value: any MF2Value
                if let selector, name == selector.name {
                    var number = numberValue(selector.whole, locale: locale, data: data, selects: true)
                    if selector.integer { number.style = .integer }
                    value = number
                } else {
                    switch arguments[name] {
                    case .string(let string)?: value = MF2.StringValue(string, locale: locale)
                    case .int(let whole)?: value = numberValue(whole, locale: locale, data: data, selects: false)
                    default: continue
                    }
                }
                guard let formatted = try? value.format() else { continue }
                MF2Run.place(
                    formatted.text, .value(formatted, direction: nil, id: nil, locale: value.locale), direction: value.direction,
                    isolate: false, in: data.direction, bidiIsolation: bidiIsolation, text: &text, parts: &parts)
            }
        }
        return parts
    }
}
