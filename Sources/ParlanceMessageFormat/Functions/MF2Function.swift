import Foundation

/// A function a message calls (`:number`, `:string`, or one of the app's own): it turns an
/// operand and options into a value to format or select on.
public protocol MF2Function: Sendable {
    /// Resolves an expression.
    /// - Parameters:
    ///   - operand: The operand's value, or `nil` for `{:function}`. An operand that failed to
    ///     resolve (its error already reported) is an ``MF2/UnresolvedValue``: refuse it with
    ///     `bad-operand`, or return a value that selects; a placeholder shows it as its fallback.
    ///   - options: The options, `u:` options removed.
    ///   - context: The locale, and where to report errors that do not stop the function.
    /// - Throws: an ``MF2/Error`` (`bad-operand`, `bad-option`, …): the expression then shows
    ///   its fallback.
    func resolve(_ operand: (any MF2Value)?, options: MF2.Options, context: MF2.FunctionContext) throws(MF2.Error) -> any MF2Value
}

extension MF2 {
    /// The default functions of the specification, by name: `string`, `number`, `integer`,
    /// `percent`, `offset`, `currency`, `datetime`, `date` and `time`.
    public static let defaultFunctions: [String: any MF2Function] = [
        "string": StringFunction(),
        "number": NumberFunction(style: .number),
        "integer": NumberFunction(style: .integer),
        "percent": NumberFunction(style: .percent),
        "offset": OffsetFunction(),
        "currency": CurrencyFunction(),
        "datetime": DateTimeFunction(kind: .datetime),
        "date": DateTimeFunction(kind: .date),
        "time": DateTimeFunction(kind: .time),
    ]
}

/// `:string`: text that selects by exact (NFC) match.
struct StringFunction: MF2Function {
    func resolve(_ operand: (any MF2Value)?, options: MF2.Options, context: MF2.FunctionContext) throws(MF2.Error) -> any MF2Value {
        guard let operand else { throw MF2.Error(.badOperand, ":string needs an operand") }
        if operand is MF2.UnresolvedValue {
            // Its error is reported; the value still selects (only `*`), and shows as the fallback.
            return MF2.StringValue("", isSelectable: true, locale: context.locale)
        }
        guard let argument = operand.argument else {
            throw MF2.Error(.badOperand, ":string needs an operand that is text or has a text form")
        }
        let text: String = switch argument {
        case .decimal(let value): NSDecimalNumber(decimal: value).stringValue
        default: argument.text
        }
        return MF2.StringValue(text, isSelectable: true, locale: context.locale)
    }
}
