import Foundation
import ParlanceTestSupport
import Testing
@testable import ParlanceMessageFormat

@Suite("MF2: formatting")
struct MF2FormatterTests {
    static let plain = MF2.Formatter(locale: "en", bidiIsolation: false)

    @Test("Plural selection follows CLDR's rules of the locale; an exact key wins over a category")
    func plurals() {
        let source = ".input {$n :number} .match $n 1 {{exactly one}} one {{one: {$n}}} few {{few: {$n}}} * {{other: {$n}}}"
        let english = Self.plain
        #expect(english.format(source, arguments: ["n": 1]).string == "exactly one")
        #expect(english.format(source, arguments: ["n": 3]).string == "other: 3")
        let russian = MF2.Formatter(locale: "ru", bidiIsolation: false)
        #expect(russian.format(source, arguments: ["n": 21]).string == "one: 21")
        #expect(russian.format(source, arguments: ["n": 3]).string == "few: 3")
        let ordinal = ".input {$n :number select=ordinal} .match $n one {{{$n}st}} two {{{$n}nd}} few {{{$n}rd}} * {{{$n}th}}"
        #expect([1, 2, 3, 4, 11, 22].map { english.format(ordinal, arguments: ["n": .int($0)]).string } == ["1st", "2nd", "3rd", "4th", "11th", "22nd"])
    }

    @Test("Numbers are written as the locale writes them, as Foundation's formatting does")
    func numbers() {
        #expect(MF2.Formatter(locale: "fr", bidiIsolation: false).format("{$x} et {12345.5 :number}", arguments: ["x": 1.3]).string
            == "1,3 et 12\u{202F}345,5")
        #expect(Self.plain.format("{4.2 :number minimumFractionDigits=2} {-4.20 :integer} {0.125 :percent maximumFractionDigits=1}").string
            == "4.20 -4 12.5%")
        #expect(Self.plain.format("{41 :integer signDisplay=always} {1234567 :number useGrouping=never}").string == "+41 1234567")
    }

    @Test("A failed placeholder shows its fallback and the rest of the message is formatted")
    func fallbacks() {
        let result = Self.plain.format("Hi {$name}, {|x| :nope} and {:gone} {horse :number}")
        #expect(result.string == "Hi {$name}, {|x|} and {:gone} {|horse|}")
        #expect(result.errors.map(\.kind) == [.unresolvedVariable, .unknownFunction, .unknownFunction, .badOperand])
        let broken = Self.plain.format("{{unclosed")
        #expect(broken.string == "{\u{FFFD}}")
        #expect(broken.errors.first?.kind == .syntaxError)
    }

    @Test("Bidi isolation by default: FSI around text of unknown direction, LRI/RLI where u:dir says, none around a number in its own direction")
    func bidi() {
        let english = MF2.Formatter(locale: "en")
        #expect(english.format("Hi {$name}! {42 :number}", arguments: ["name": "أحمد"]).string == "Hi \u{2068}أحمد\u{2069}! 42")
        #expect(english.format("{world :string u:dir=rtl}").string == "\u{2067}world\u{2069}")
        let arabic = MF2.Formatter(locale: "ar")
        #expect(arabic.format("{world :string u:dir=ltr}").string == "\u{2066}world\u{2069}")
    }

    @Test("An expression used twice is resolved once")
    func resolvedOnce() {
        struct Counting: MF2Function {
            let calls: Counter
            func resolve(_ operand: (any MF2Value)?, options: MF2.Options, context: MF2.FunctionContext) throws(MF2.Error) -> any MF2Value {
                calls.increment()
                return MF2.StringValue("x")
            }
        }
        let counter = Counter()
        let formatter = MF2.Formatter(locale: "en", functions: ["my:count": Counting(calls: counter)], bidiIsolation: false)
        #expect(formatter.format(".local $a = {:my:count} {{{$a}{$a}{$a}}}").string == "xxx")
        #expect(counter.value == 1)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

@Suite("MF2: what is kept of each locale")
struct MF2LocaleDataTests {
    /// Each new locale costs a `Locale`, a number style and six probe formats (about 0.15 ms),
    /// so the 100,000 run is a soak.
    @Test("The locale cache stays at its cap when 100,000 distinct locales format a number", .tags(.soak), .soakOnly)
    func bounded() {
        var overCap = 0
        for index in 0..<100_000 {
            // Distinct tags (a private-use subtag per index), as formatters for untrusted tags would be.
            let formatter = MF2.Formatter(locale: "fr-x-\(String(index, radix: 36))", bidiIsolation: false)
            _ = formatter.format("{$n}", arguments: ["n": 1234])
            if MF2LocaleData.count > MF2LocaleData.capacity { overCap += 1 }
        }
        #expect(overCap == 0)
        #expect(MF2LocaleData.count <= MF2LocaleData.capacity)
    }

    @Test("The locale cache refills past its cap and keeps formatting right")
    func refills() {
        for index in 0..<(MF2LocaleData.capacity * 3) {
            let formatter = MF2.Formatter(locale: "de-x-\(String(index, radix: 36))", bidiIsolation: false)
            #expect(formatter.format("{$n}", arguments: ["n": 1234567]).string == "1.234.567")
            #expect(MF2LocaleData.count <= MF2LocaleData.capacity)
        }
    }

    @Test("Whole numbers written without ICU agree with ICU, in locales with other separators and minimum grouping",
          arguments: ["en", "fr", "de", "es", "pl", "pt-PT", "de-CH", "sv", "hi", "ar", "ar-EG", "fa", "ja", "bn"])
    func integersAgreeWithICU(locale: String) throws {
        let style = Decimal.FormatStyle(locale: Locale(identifier: locale)).rounded(rule: .toNearestOrAwayFromZero)
            .precision(.integerAndFractionLength(integerLimits: 1..., fractionLimits: 0...3))
        for value: Int64 in [0, 1, -1, 12, 999, 1000, -1000, 9999, 10_000, 123_456, -7_654_321, 1_000_000_000, Int64.max, Int64.min + 1] {
            let shown = MF2.Formatter(locale: locale, bidiIsolation: false).format("{$n}", arguments: ["n": .int(value)]).string
            #expect(shown == Decimal(value).formatted(style), "\(value) in \(locale)")
        }
    }
}
