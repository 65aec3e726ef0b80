import Foundation
import Testing
@testable import Parlance

/// One unsafe input: what it renders and every diagnostic it reports.
struct SafetyCase: CustomTestStringConvertible, Sendable {
    let template: String
    let arguments: [MessageArgument]
    let expected: String
    let diagnostics: [String]
    init(_ template: String, _ arguments: [MessageArgument], _ expected: String, _ diagnostics: [String]) {
        self.template = template
        self.arguments = arguments
        self.expected = expected
        self.diagnostics = diagnostics
    }
    var testDescription: String { template }
}

@Suite("Message formatter: untrusted templates and arguments")
struct MessageFormatterSafetyTests {
    let english = MessageFormatter(language: "en")

    static let cases: [SafetyCase] = [
        SafetyCase("%@ has %d files", ["Ada"], "Ada has ⟨?⟩ files", [
            "\"%d\" reads argument 2, but 1 argument was given.",
        ]),
        SafetyCase("%3$@", [], "⟨?⟩", ["\"%3$@\" reads argument 3, but 0 arguments were given."]),
        SafetyCase("%999999999$d", [1], "⟨?⟩", [
            "\"%999999999$d\" reads argument 999999999, but 1 argument was given.",
            "Argument 1 (1) is never used.",
        ]),
        SafetyCase("%@", ["a", "b"], "a", ["Argument 2 (the text \"b\") is never used."]),
        SafetyCase("%2$d %d", [1, 2, 3], "2 3", ["Argument 1 (1) is never used."]),
        SafetyCase("%d files", ["many"], "⟨?⟩ files", ["\"%d\" expects a number, but argument 1 is the text \"many\"."]),
        SafetyCase("%.1f", ["1,5"], "⟨?⟩", ["\"%.1f\" expects a number, but argument 1 is the text \"1,5\"."]),
        SafetyCase("%d", [3.99], "3", ["\"%d\" drops the fraction of argument 1 (3.99)."]),
        SafetyCase("%d", [1e300], "⟨?⟩", ["\"%d\" cannot show argument 1 (1e+300) as a 64-bit whole number."]),
        SafetyCase("%d", [.double(.nan)], "⟨?⟩", ["\"%d\" cannot show argument 1 (nan) as a 64-bit whole number."]),
        SafetyCase("%x", [-1], "ffffffffffffffff", ["\"%x\" shows the negative argument 1 (-1) as an unsigned number."]),
        SafetyCase("%u", [-1], "18446744073709551615", ["\"%u\" shows the negative argument 1 (-1) as an unsigned number."]),
        SafetyCase("%c", ["ab"], "⟨?⟩", ["\"%c\" expects a character or its code, but argument 1 is the text \"ab\"."]),
        SafetyCase("%c", [0x110000], "⟨?⟩", ["\"%c\" expects a character or its code, but argument 1 is 1114112."]),
        SafetyCase("%n%p", [1, 2], "⟨?⟩⟨?⟩", [
            "\"%n\" would write to memory and is not supported.",
            "\"%p\" would show a memory address and is not supported.",
        ]),
        SafetyCase("100%", [], "100%", ["\"%\" is not a valid conversion; it is shown as written."]),
        SafetyCase("%y and %0$d and %5%", [], "%y and %0$d and %5%", [
            "\"%y\" is not a valid conversion; it is shown as written.",
            "\"%0$\" is not a valid conversion; it is shown as written.",
            "\"%5\" is not a valid conversion; it is shown as written.",
            "\"%\" is not a valid conversion; it is shown as written.",
        ]),
        SafetyCase("%#@files@", [1], "⟨?⟩", ["\"%#@files@\" names no substitution."]),
        SafetyCase("%arg", [1], "⟨?⟩", [
            "\"%arg\" stands for a substitution's argument and means nothing outside a substitution.",
            "Argument 1 (1) is never used.",
        ]),
        SafetyCase("%*d|", ["wide", 1], "1|", [
            "The width of \"%*d\" must be a whole number, but argument 1 is the text \"wide\".",
        ]),
    ]

    @Test("Every problem renders a string and says what went wrong", arguments: cases)
    func unsafeInput(_ row: SafetyCase) {
        let message = english.format(row.template, row.arguments)
        #expect(message.string == row.expected)
        #expect(message.diagnostics.map(\.message) == row.diagnostics)
        #expect(message.diagnostics.allSatisfy { $0.severity == .warning && $0.location == nil })
    }

    @Test("Huge widths and precisions are capped at 1,000")
    func hugeWidths() {
        let wide = english.format("%5000d", [1])
        #expect(wide.string == String(repeating: " ", count: 999) + "1")
        #expect(wide.diagnostics.map(\.message) == ["The width 5000 of \"%5000d\" is more than 1000; 1000 is used."])

        let precise = english.format("%.99999f", [1])
        #expect(precise.string == "1." + String(repeating: "0", count: 1_000))
        #expect(precise.diagnostics.map(\.message) == ["The precision 99999 of \"%.99999f\" is more than 1000; 1000 is used."])

        let starred = english.format("%*d", [9_000_000_000_000, 7])
        #expect(starred.string == String(repeating: " ", count: 999) + "7")
        #expect(starred.diagnostics.map(\.message) == ["The width 9000000000000 of \"%*d\" is more than 1000; 1000 is used."])

        let largest = english.format("%.1000f", [.double(-.greatestFiniteMagnitude)])
        #expect(largest.string.count == 1 + 309 + 1 + 1_000)
        #expect(largest.diagnostics == [])
    }

    @Test("A substitution that names itself stops at the nesting limit")
    func selfReference() {
        let entry = substituting("%#@loop@", [("loop", pluralSubstitution([.one: "a%#@loop@", .other: "a%#@loop@"]))])
        let message = english.format(entry, [1])
        #expect(message.string == String(repeating: "a", count: 8) + "⟨?⟩")
        #expect(message.diagnostics.map(\.message) == [
            "\"%#@loop@\" is nested more than 8 substitutions deep; it is not expanded.",
        ])
    }

    @Test("Substitutions that multiply stop at 256 expansions, and diagnostics stop at 64")
    func exponentialExpansion() {
        let entry = substituting("%#@x@", [("x", pluralSubstitution([.one: "(%#@x@%#@x@%#@x@)", .other: "(%#@x@%#@x@%#@x@)"]))])
        let message = english.format(entry, [1])
        // 256 expansions write "(" and ")"; the other 513 references they hold write the marker.
        #expect(message.string.count == 256 * 2 + 513 * 3)
        #expect(message.string.filter { $0 == "(" }.count == 256)
        #expect(message.diagnostics.count == 65)
        #expect(message.diagnostics.first?.message == "\"%#@x@\" is nested more than 8 substitutions deep; it is not expanded.")
        #expect(message.diagnostics.last?.message == "More problems were found and not listed.")
    }

    @Test("A substitution counting a missing or non-numeric argument uses other")
    func pluralArgumentProblems() {
        let entry = substituting("%#@files@", [("files", pluralSubstitution(argNum: 3, [.one: "one file", .other: "%arg files"]))])
        #expect(english.format(entry, [1]).diagnostics.map(\.message) == [
            "\"%#@files@\" reads argument 3, but 1 argument was given.",
            "\"%lld\" reads argument 3, but 1 argument was given.",
            "Argument 1 (1) is never used.",
        ])
        #expect(english.format(entry, [1]).string == "⟨?⟩ files")
        let named = substituting("%#@files@", [("files", pluralSubstitution([.one: "one file", .other: "%arg files"]))])
        #expect(english.format(named, ["lots"]) == FormattedMessage(string: "⟨?⟩ files", diagnostics: [
            Diagnostic(.warning, "\"%#@files@\" counts argument 1, which is the text \"lots\", not a number; \"other\" is used."),
            Diagnostic(.warning, "\"%lld\" expects a number, but argument 1 is the text \"lots\"."),
        ]))
    }

    @Test("An argNum past every argument reads none and never overflows")
    func hugeArgumentNumber() {
        let entry = substituting("%#@n@ %@", [("n", pluralSubstitution(argNum: .max, [.one: "one", .other: "%arg %@"]))])
        #expect(english.format(entry, ["a"]) == FormattedMessage(string: "⟨?⟩ ⟨?⟩ ⟨?⟩", diagnostics: [
            Diagnostic(.warning, "\"%#@n@\" reads argument \(Int.max), but 1 argument was given."),
            Diagnostic(.warning, "\"%lld\" reads argument \(Int.max), but 1 argument was given."),
            Diagnostic(.warning, "\"%@\" reads argument \(Int.max), but 1 argument was given."),
            Diagnostic(.warning, "\"%@\" reads argument \(Int.max), but 1 argument was given."),
            Diagnostic(.warning, "Argument 1 (the text \"a\") is never used."),
        ]))
    }

    @Test("An argNum below 1 falls back to the substitution's place", arguments: [0, -5])
    func argumentNumberBelowOne(_ argNum: Int) {
        let entry = substituting("%@ %#@n@", [("n", pluralSubstitution(argNum: argNum, [.one: "%arg file", .other: "%arg files"]))])
        #expect(english.format(entry, ["a", 2]) == FormattedMessage(string: "a 2 files", diagnostics: [
            Diagnostic(.warning, "The substitution \"n\" has argNum \(argNum), but arguments count from 1; its place in the text is used."),
        ]))
    }

    @Test("A broken format specifier on a substitution shows the argument as text")
    func brokenSubstitutionType() {
        let entry = substituting("%#@n@", [("n", pluralSubstitution(type: "zz", [.other: "%arg!"]))])
        #expect(english.format(entry, [3]) == FormattedMessage(string: "3!", diagnostics: [
            Diagnostic(.warning, "The format specifier \"zz\" of \"%#@n@\" is not a single conversion; the argument is shown as text."),
        ]))
    }

    @Test("An empty localization renders the marker")
    func emptyLocalization() {
        #expect(english.format(Localization(), []) == FormattedMessage(string: "⟨?⟩", diagnostics: [
            Diagnostic(.warning, "The localization holds no string."),
        ]))
    }
}
