import Foundation
import Testing
@testable import ParlanceMessageFormat

/// The fast path answers only where it gives exactly what the general run gives: the same
/// string, parts and errors, for every shape it takes and in locales of both directions.
@Suite("MF2: the fast path agrees with the general run")
struct MF2FastPathTests {
    static let messages = [
        "Bonjour {$name} !",
        "{$name} a {$count} messages",
        "Plain text only",
        "",
        // A variable shown twice and side by side: placeholders share one name in the plan.
        "{$name}{$name} et {$count} puis {$name}",
        ".input {$count :number} .match $count one {{{$name}, {$count}, {$name}}} * {{{$count}{$count}}}",
        ".input {$count :number} .match $count one {{{$count} fichier}} * {{{$count} fichiers}}",
        ".input {$count :integer} .match $count 0 {{aucun}} one {{un {$name}}} * {{{$count} pour {$name}}}",
        ".input {$count :number} .match $count 1 {{exactement un}} one {{un}} few {{quelques}} many {{beaucoup}} * {{autre}}",
        ".input {$count :number} .match $count * {{toujours {$count}}}",
        ".input {$count :number} .match $count 1.0 {{un virgule zéro}} * {{{$count}}}",
        // Longer than the fast path's stack buffer (256 bytes): the text grows as it is written.
        String(repeating: "Très long message, ", count: 20) + "{$name} et {$count}",
    ]
    static let arguments: [[String: MF2.Argument]] = [
        ["name": "Ada", "count": 1],
        ["name": "علي", "count": 0],
        ["name": "Ada", "count": 1_234_567],
        ["name": "Ada", "count": -3],
        ["name": "Ada", "count": 21],
        // Either side of the small-count table the fast path selects from, and past it.
        ["name": "Ada", "count": 127],
        ["name": "Ada", "count": 128],
        ["name": "Ada", "count": 1_000_000],
        ["name": "Ada", "count": .int(.min)],
        // A value that alone fills the stack buffer.
        ["name": .string(String(repeating: "é", count: 200)), "count": 2],
    ]

    @Test("Every shape, every argument set, in en, fr, ar, ru and pl, with and without bidi isolation",
          arguments: messages)
    func agrees(source: String) throws {
        let message = try MF2.Message(parsing: source)
        for locale in ["en", "fr", "ar", "ru", "pl"] {
            for isolation in [true, false] {
                let formatter = MF2.Formatter(locale: locale, bidiIsolation: isolation)
                for arguments in Self.arguments {
                    let fast = try #require(MF2FastPath.format(message, arguments: arguments, formatter: formatter), "\(source)")
                    var run = MF2Run(formatter: formatter, message: message, arguments: arguments)
                    let general = run.format(run.selectPattern())
                    #expect(fast.string == general.string, "\(source) in \(locale) with \(arguments)")
                    #expect(fast.parts == general.parts, "\(source) in \(locale) with \(arguments)")
                    #expect(fast.parts == general.parts, "parts read a second time are the same")
                    #expect(fast.errors == general.errors)
                }
            }
        }
    }

    @Test("A message changed after it was parsed formats as changed: its plan is made again")
    func changedMessage() throws {
        var message = try MF2.Message(parsing: "Bonjour {$name} !")
        let formatter = MF2.Formatter(locale: "fr", bidiIsolation: false)
        #expect(formatter.format(message, arguments: ["name": "Ada"]).string == "Bonjour Ada !")
        message.body = .pattern(MF2.Pattern([.text("Salut "), .expression(MF2.Expression(operand: .variable("name")))]))
        #expect(formatter.format(message, arguments: ["name": "Ada"]).string == "Salut Ada")
        message.declarations = [.input(name: "name", expression: MF2.Expression(operand: .variable("name"), function: MF2.FunctionCall(name: "string")))]
        #expect(message.fastPlan == nil, "a declaration is a shape for the general run")
        #expect(formatter.format(message, arguments: ["name": "Ada"]).string == "Salut Ada")
        #expect(try MF2.Message(parsing: "Salut {$name}") == MF2.Message(body: message.body), "equality reads the message, not its plan")
    }

    @Test("Other shapes are left to the general run",
          arguments: [
              ".input {$count :number minimumFractionDigits=2} .match $count * {{{$count}}}",
              ".input {$count :percent} .match $count * {{{$count}}}",
              "{$count :number}",
              ".local $x = {$count} {{{$x}}}",
              "{#b}bold{/b}",
              ".input {$count :number} .match $count banana {{?}} * {{{$count}}}",
              "{|literal|}",
          ])
    func declines(source: String) throws {
        let message = try MF2.Message(parsing: source)
        #expect(MF2FastPath.format(message, arguments: ["count": 2], formatter: MF2.Formatter(locale: "en")) == nil)
    }

    @Test("Arguments it does not take (fractions, dates, a missing one) are left to the general run")
    func declinesArguments() throws {
        let message = try MF2.Message(parsing: ".input {$count :number} .match $count one {{un}} * {{{$count}}}")
        let formatter = MF2.Formatter(locale: "fr")
        #expect(MF2FastPath.format(message, arguments: ["count": 1.5], formatter: formatter) == nil)
        #expect(MF2FastPath.format(message, arguments: [:], formatter: formatter) == nil)
        let named = try MF2.Message(parsing: "Hi {$when}")
        #expect(MF2FastPath.format(named, arguments: ["when": .date(Date())], formatter: formatter) == nil)
        #expect(MF2FastPath.format(named, arguments: [:], formatter: formatter) == nil)
    }

    @Test("A formatter whose :number is the app's own is never stood in for")
    func customNumber() throws {
        struct Shout: MF2Function {
            func resolve(_ operand: (any MF2Value)?, options: MF2.Options, context: MF2.FunctionContext) throws(MF2.Error) -> any MF2Value {
                MF2.StringValue("NUMBER", isSelectable: true)
            }
        }
        let message = try MF2.Message(parsing: ".input {$count :number} .match $count * {{{$count}}}")
        let formatter = MF2.Formatter(locale: "en", functions: ["number": Shout()])
        #expect(MF2FastPath.format(message, arguments: ["count": 2], formatter: formatter) == nil)
        #expect(formatter.format(message, arguments: ["count": 2]).string.contains("NUMBER"))
    }
}

@Suite("MF2 and ICU: messages given as text are parsed once, in a bounded cache")
struct MessageParseCacheTests {
    @Test("100,000 distinct messages leave each cache at its cap, and each still formats right")
    func bounded() {
        let mf2 = MF2.Formatter(locale: "en", bidiIsolation: false)
        let icu = ICUMessageFormat.Formatter(locale: "en")
        for index in 0..<100_000 {
            #expect(mf2.format("m\(index) {$n}", arguments: ["n": 3]).string == "m\(index) 3")
            #expect(icu.format("i\(index) {n}", arguments: ["n": 3]).string == "i\(index) 3")
        }
        #expect(MessageParseCaches.mf2.count <= MessageParseCache<Result<MF2.Message, MF2.Error>>.capacity)
        #expect(MessageParseCaches.icu.count <= MessageParseCache<Result<ICUMessageFormat.Message, ICUMessageFormat.SyntaxError>>.capacity)
    }

    @Test("A message that does not parse gives the same error from the cache as the first time")
    func errorsAreKept() {
        let formatter = MF2.Formatter(locale: "en")
        let first = formatter.format("{$unclosed")
        let second = formatter.format("{$unclosed")
        #expect(first.errors == second.errors)
        #expect(first.errors.first?.kind == .syntaxError)
        #expect(second.string == "{\u{FFFD}}")
    }
}

@Suite("MF2: the parse cache keeps each text's own spelling")
struct MessageParseCacheSpellingTests {
    @Test("An NFD message after its NFC twin formats its own characters")
    func canonicalTwins() {
        let formatter = MF2.Formatter(locale: "fr", bidiIsolation: false)
        let composed = "Caf\u{E9} {$n}"
        let decomposed = "Cafe\u{301} {$n}"
        #expect(composed == decomposed)  // Swift's equality is canonical equivalence
        #expect(Array(formatter.format(composed, arguments: ["n": 1]).string.unicodeScalars).contains("\u{E9}"))
        #expect(Array(formatter.format(decomposed, arguments: ["n": 1]).string.unicodeScalars).contains("\u{301}"))
    }
}
