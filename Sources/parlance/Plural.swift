import ArgumentParser
import Parlance

struct Plural: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the CLDR plural category of each number in a language, one per line.",
        discussion: """
            Numbers are read as written, so visible fraction digits count: in English 1 is "one" and 1.0 is "other". \
            Put -- before negative numbers.
            """
    )

    @Argument(help: "The language, such as ru or pt-PT.")
    var language: String

    @Argument(help: "The numbers, such as 1 2 5 1.5 or 1.2c6.")
    var numbers: [String]

    @Flag(help: "Use the ordinal rules (1st, 2nd, 3rd) instead of the cardinal ones.")
    var ordinal = false

    func validate() throws {
        if numbers.isEmpty { throw ValidationError("expected at least one number after the language.") }
    }

    func run() throws {
        let rules = ordinal ? PluralRules.ordinal(for: language) : PluralRules.cardinal(for: language)
        guard let rules else {
            throw CommandError("unknown language \"\(language)\"; CLDR has no \(ordinal ? "ordinal" : "cardinal") plural rules for it.")
        }
        var categories: [PluralCategory] = []
        for number in numbers {
            let text = number.hasPrefix("-") ? String(number.dropFirst()) : number
            guard let category = rules.category(forDecimalString: text) else {
                throw CommandError("\"\(number)\" is not a number; expected digits with an optional fraction, such as 1.50.")
            }
            categories.append(category)
        }
        print(categories.map(\.rawValue).joined(separator: "\n"))
    }
}
