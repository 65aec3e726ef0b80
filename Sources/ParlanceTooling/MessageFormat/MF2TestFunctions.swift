import Foundation
import ParlanceMessageFormat

/// The functions the working group's suite defines for tests only (its README, "Test
/// Functions"): `:test:function` selects and formats, `:test:select` only selects,
/// `:test:format` only formats. Their behaviour is fixed, so the suite can test selection,
/// fallbacks and errors without depending on locale data.
public enum MF2TestFunctions {
    /// The test functions by name: `test:function`, `test:select` and `test:format`.
    public static let all: [String: any MF2Function] = [
        "test:function": TestFunction(canFormat: true, canSelect: true),
        "test:select": TestFunction(canFormat: false, canSelect: true),
        "test:format": TestFunction(canFormat: true, canSelect: false),
    ]

    struct TestValue: MF2Value {
        var input: Decimal
        var decimalPlaces: Int
        var failsFormat: Bool
        var failsSelect: Bool
        var canFormat: Bool
        var canSelect: Bool

        var argument: MF2.Argument? { .decimal(input) }
        var selects: Bool { canSelect }

        func format() throws(MF2.Error) -> MF2.FormattedValue {
            guard canFormat else { throw MF2.Error(.notFormattable, ":test:select cannot be formatted") }
            guard !failsFormat else { throw MF2.Error(.badOption, "the test function was told to fail formatting") }
            let magnitude = input.isSignMinus ? -input : input
            let whole = Self.floor(magnitude)
            var text = (input.isSignMinus ? "-" : "") + NSDecimalNumber(decimal: whole).stringValue
            if decimalPlaces == 1 {
                let tenth = Self.floor((magnitude - whole) * 10)
                text += "." + NSDecimalNumber(decimal: tenth).stringValue
            }
            return MF2.FormattedValue(type: "test", text: text)
        }

        func matches(_ key: String) throws(MF2.Error) -> Bool {
            guard canSelect else { throw MF2.Error(.badSelector, ":test:format cannot select") }
            guard !failsSelect else { throw MF2.Error(.badOption, "the test function was told to fail selection") }
            guard input == 1 else { return false }
            return decimalPlaces == 1 ? key == "1.0" || key == "1" : key == "1"
        }

        func prefers(_ key: String, over other: String) -> Bool { key == "1.0" }

        static func floor(_ value: Decimal) -> Decimal {
            var value = value
            var result = Decimal()
            NSDecimalRound(&result, &value, 0, .down)
            return result
        }
    }

    struct TestFunction: MF2Function {
        let canFormat: Bool
        let canSelect: Bool

        func resolve(_ operand: (any MF2Value)?, options: MF2.Options, context: MF2.FunctionContext) throws(MF2.Error) -> any MF2Value {
            var value: TestValue
            if let base = operand as? TestValue {
                value = base
                value.canFormat = canFormat
                value.canSelect = canSelect
            } else {
                let number: Decimal? = switch operand?.argument {
                case .int(let integer)?: Decimal(integer)
                case .double(let double)?: Decimal(string: String(double))
                case .decimal(let decimal)?: decimal
                case .string(let text)?: MF2Literal.number(text)
                default: nil
                }
                guard let number else { throw MF2.Error(.badOperand, "the test function needs a number") }
                value = TestValue(input: number, decimalPlaces: 0, failsFormat: false, failsSelect: false, canFormat: canFormat, canSelect: canSelect)
            }
            if let places = options["decimalPlaces"] {
                switch places.value.argument?.text {
                case "0"?: value.decimalPlaces = 0
                case "1"?: value.decimalPlaces = 1
                default: throw MF2.Error(.badOption, "decimalPlaces takes 0 or 1")
                }
            }
            if let fails = options.text("fails") {
                switch fails {
                case "always": (value.failsFormat, value.failsSelect) = (true, true)
                case "format": value.failsFormat = true
                case "select": value.failsSelect = true
                case "never": break
                default: context.report(MF2.Error(.badOption, "fails takes never, select, format or always"))
                }
            }
            return value
        }
    }
}
