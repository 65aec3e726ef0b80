import Foundation

/// The option values each number option accepts; a digit-size option accepts `0` to `99`.
enum MF2NumberOptions {
    static let enumerated: [String: Set<String>] = [
        "signDisplay": ["auto", "always", "exceptZero", "negative", "never"],
        "useGrouping": ["auto", "always", "never", "min2"],
        "trailingZeroDisplay": ["auto", "stripIfInteger"],
        "roundingPriority": ["auto", "morePrecision", "lessPrecision"],
        "roundingIncrement": ["1", "2", "5", "10", "20", "25", "50", "100", "200", "250", "500", "1000", "2000", "2500", "5000"],
        "roundingMode": ["ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven"],
        "currencySign": ["accounting", "standard"],
        "currencyDisplay": ["narrowSymbol", "symbol", "name", "code", "never"],
    ]
    static let digitSizes: Set<String> = [
        "minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits", "maximumSignificantDigits",
    ]
    /// Rounding modes Foundation's formatting cannot apply: reported, and `halfExpand` used.
    static let unsupportedRoundingModes: Set<String> = ["halfCeil", "halfFloor", "halfTrunc"]

    /// Validates `name=value`: the value to keep, or `nil` after reporting a bad option.
    static func validated(_ name: String, _ value: String, context: MF2.FunctionContext) -> String? {
        if digitSizes.contains(name) || name == "fractionDigits" && value != "auto" {
            guard MF2NumberFormatting.digitSize(value) != nil else {
                context.report(MF2.Error(.badOption, "\(name) takes a digit count from 0 to 99, not \(value)"))
                return nil
            }
            return value
        }
        if let allowed = enumerated[name] {
            guard allowed.contains(value) else {
                context.report(MF2.Error(.badOption, "\(name) takes one of \(allowed.sorted().joined(separator: ", ")), not \(value)"))
                return nil
            }
            if name == "roundingMode", unsupportedRoundingModes.contains(value) {
                context.report(MF2.Error(.unsupportedOperation, "roundingMode \(value) is not supported; halfExpand is used"))
                return nil
            }
        }
        return value
    }
}

/// `:number`, `:integer` and `:percent`.
struct NumberFunction: MF2Function {
    let style: MF2.NumberValue.Style

    var name: String {
        switch style {
        case .number: "number"
        case .integer: "integer"
        case .percent: "percent"
        case .currency: "currency"
        }
    }

    /// The options the function reads; others are ignored.
    var accepted: Set<String> {
        switch style {
        case .integer:
            ["select", "signDisplay", "useGrouping", "minimumIntegerDigits", "maximumSignificantDigits"]
        case .percent:
            ["signDisplay", "useGrouping", "minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits",
             "maximumSignificantDigits", "trailingZeroDisplay", "roundingPriority", "roundingMode"]
        default:
            ["select", "signDisplay", "useGrouping", "minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits",
             "minimumSignificantDigits", "maximumSignificantDigits", "trailingZeroDisplay", "roundingPriority", "roundingIncrement",
             "roundingMode"]
        }
    }

    /// Options of a number operand that this function drops.
    var discardedFromOperand: Set<String> {
        switch style {
        case .integer: ["minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits"]
        case .percent: ["minimumIntegerDigits", "roundingIncrement", "select"]
        default: []
        }
    }

    func resolve(_ operand: (any MF2Value)?, options: MF2.Options, context: MF2.FunctionContext) throws(MF2.Error) -> any MF2Value {
        guard let operand else { throw MF2.Error(.badOperand, ":\(name) needs a number operand") }
        var number: MF2.NumberValue
        var selection: MF2.NumberValue.Selection? = .plural
        if let base = operand as? MF2.NumberValue {
            number = base
            number.style = style
            number.localeTag = context.locale
            for discarded in discardedFromOperand { number.options[discarded] = nil }
            if case .currency = base.style { number.options = number.options.filter { accepted.contains($0.key) } }
            if number.options["select"] != nil {
                // A select set on the operand's own expression: the value no longer selects.
                context.report(MF2.Error(.badOption, "select must be written on the expression that selects, not inherited from its operand"))
                selection = nil
            }
        } else if let (value, whole) = MF2NumberFormatting.number(from: operand.argument) {
            number = MF2.NumberValue(value: value, style: style, options: [:], selection: .plural, localeTag: context.locale, wholeValue: whole)
        } else {
            throw MF2.Error(.badOperand, ":\(name) needs a number, or text that is a number literal; got \(operand.argument?.text ?? "no value")")
        }
        for (optionName, option) in options.values where accepted.contains(optionName) {
            guard let text = option.value.argument?.text else {
                context.report(MF2.Error(.badOption, "the option \(optionName) has no value"))
                continue
            }
            if optionName == "select" {
                guard option.isLiteral else {
                    context.report(MF2.Error(.badOption, "select must be a literal (plural, ordinal or exact), not a variable"))
                    selection = nil
                    number.options["select"] = text
                    continue
                }
                guard let mode = MF2.NumberValue.Selection(rawValue: text) else {
                    context.report(MF2.Error(.badOption, "select takes plural, ordinal or exact, not \(text)"))
                    continue
                }
                if selection != nil { selection = mode }
                number.options["select"] = text
                continue
            }
            if let kept = MF2NumberOptions.validated(optionName, text, context: context) {
                number.options[optionName] = kept
            }
        }
        if case .percent = style, selection != nil { selection = .plural }
        // :integer's value is the integer (rounded half away from zero, as its formatting is):
        // `{$x :number}` on it shows no fraction.
        if case .integer = style {
            // A whole value stays whole: keep its integer, which setting the value clears.
            let whole = number.wholeValue
            number.value = number.value.rounded(0)
            number.wholeValue = whole
        }
        number.selection = selection
        return number
    }
}

/// `:offset add=n` / `subtract=n`: a number moved by a small integer, for `PluralFormat`'s offset.
struct OffsetFunction: MF2Function {
    func resolve(_ operand: (any MF2Value)?, options: MF2.Options, context: MF2.FunctionContext) throws(MF2.Error) -> any MF2Value {
        guard let operand else { throw MF2.Error(.badOperand, ":offset needs a number operand") }
        var number: MF2.NumberValue
        if let base = operand as? MF2.NumberValue {
            number = base
        } else if let (value, whole) = MF2NumberFormatting.number(from: operand.argument) {
            number = MF2.NumberValue(value: value, style: .number, options: [:], selection: .plural, localeTag: context.locale, wholeValue: whole)
        } else {
            throw MF2.Error(.badOperand, ":offset needs a number, or text that is a number literal")
        }
        let add = options.text("add"), subtract = options.text("subtract")
        guard (add == nil) != (subtract == nil) else {
            throw MF2.Error(.badOption, ":offset takes exactly one of add and subtract")
        }
        guard let amount = (add ?? subtract).flatMap(MF2NumberFormatting.digitSize) else {
            throw MF2.Error(.badOption, ":offset takes a digit count from 0 to 99")
        }
        number.value += add != nil ? Decimal(amount) : -Decimal(amount)
        number.localeTag = context.locale
        return number
    }
}

/// `:currency currency=EUR`: an amount of money, formatted with the currency's digits.
struct CurrencyFunction: MF2Function {
    let accepted: Set<String> = [
        "currency", "currencySign", "currencyDisplay", "useGrouping", "minimumIntegerDigits", "fractionDigits",
        "minimumSignificantDigits", "maximumSignificantDigits", "trailingZeroDisplay", "roundingPriority", "roundingIncrement",
        "roundingMode",
    ]

    func resolve(_ operand: (any MF2Value)?, options: MF2.Options, context: MF2.FunctionContext) throws(MF2.Error) -> any MF2Value {
        guard let operand else { throw MF2.Error(.badOperand, ":currency needs a number operand and a currency") }
        var number: MF2.NumberValue
        var code: String?
        if let base = operand as? MF2.NumberValue {
            number = base
            if case .currency(let existing) = base.style {
                code = existing
                if options["currency"] != nil {
                    context.report(MF2.Error(.badOption, "the operand is already an amount in \(existing); currency cannot change it"))
                }
            } else {
                number.options = [:]
            }
        } else if let (value, whole) = MF2NumberFormatting.number(from: operand.argument) {
            number = MF2.NumberValue(value: value, style: .number, options: [:], selection: nil, localeTag: context.locale, wholeValue: whole)
        } else {
            throw MF2.Error(.badOperand, ":currency needs a number, or text that is a number literal")
        }
        if code == nil {
            guard let given = options.text("currency") else {
                throw MF2.Error(.badOperand, ":currency needs a currency: write currency=EUR, say")
            }
            guard given.count == 3, given.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw MF2.Error(.badOption, "currency takes a three-letter code such as EUR, not \(given)")
            }
            code = given.uppercased()
        }
        for (name, option) in options.values where accepted.contains(name) && name != "currency" {
            guard let text = option.value.argument?.text else { continue }
            if let kept = MF2NumberOptions.validated(name, text, context: context) { number.options[name] = kept }
        }
        number.style = .currency(code ?? "XXX")
        number.selection = nil
        number.localeTag = context.locale
        return number
    }
}
