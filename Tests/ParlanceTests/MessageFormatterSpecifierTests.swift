import Foundation
import Testing
@testable import Parlance

/// One row: a template, its arguments, and the exact text expected.
struct SpecifierCase: CustomTestStringConvertible, Sendable {
    let template: String
    let arguments: [MessageArgument]
    let expected: String
    init(_ template: String, _ arguments: [MessageArgument], _ expected: String) {
        self.template = template
        self.arguments = arguments
        self.expected = expected
    }
    var testDescription: String { "\(template) → \(expected)" }
}

@Suite("Message formatter: printf conversions")
struct MessageFormatterSpecifierTests {
    let english = MessageFormatter(language: "en")

    static let strings: [SpecifierCase] = [
        SpecifierCase("%@", ["Ada"], "Ada"),
        SpecifierCase("%s", ["abc"], "abc"),
        SpecifierCase("%S", ["abc"], "abc"),
        SpecifierCase("%10s|", ["abc"], "       abc|"),
        SpecifierCase("%-10@|", ["abc"], "abc       |"),
        SpecifierCase("%.2@", ["abcdef"], "ab"),
        SpecifierCase("%5.1s", ["héllo"], "    h"),
        SpecifierCase("%4@|", ["é"], "   é|"),
        SpecifierCase("%3@", ["👍🏽"], "  👍🏽"),
        SpecifierCase("%@ and %@", [2.5, 3.0], "2.5 and 3"),
        SpecifierCase("%@", [.decimal(Decimal(string: "1.50")!)], "1.5"),
        SpecifierCase("%c%c%C", [65, "é", 0x1F600], "Aé😀"),
        SpecifierCase("%3c|", [66], "  B|"),
        SpecifierCase("100%% sure", [], "100% sure"),
    ]

    static let integers: [SpecifierCase] = [
        SpecifierCase("%d", [42], "42"),
        SpecifierCase("%i", [-7], "-7"),
        SpecifierCase("%ld", [123_456_789_012], "123456789012"),
        SpecifierCase("%lld", [.int(.min)], "-9223372036854775808"),
        SpecifierCase("%u", [42], "42"),
        SpecifierCase("%lu", [.uint(.max)], "18446744073709551615"),
        SpecifierCase("%llu", [0], "0"),
        SpecifierCase("%d", [.uint(.max)], "18446744073709551615"),
        SpecifierCase("%hhd", [300], "300"),
        SpecifierCase("%x", [255], "ff"),
        SpecifierCase("%X", [255], "FF"),
        SpecifierCase("%#x", [255], "0xff"),
        SpecifierCase("%#X", [255], "0XFF"),
        SpecifierCase("%#x", [0], "0"),
        SpecifierCase("%o", [8], "10"),
        SpecifierCase("%#o", [8], "010"),
        SpecifierCase("%#o", [0], "0"),
        SpecifierCase("%5d", [42], "   42"),
        SpecifierCase("%-5d|", [42], "42   |"),
        SpecifierCase("%05d", [42], "00042"),
        SpecifierCase("%05d", [-42], "-0042"),
        SpecifierCase("%+d", [42], "+42"),
        SpecifierCase("% d", [42], " 42"),
        SpecifierCase("%+ d", [42], "+42"),
        SpecifierCase("%.3d", [7], "007"),
        SpecifierCase("%8.3d", [-7], "    -007"),
        SpecifierCase("%08.3d", [7], "     007"),
        SpecifierCase("%.0d", [0], ""),
        SpecifierCase("%-05d|", [1], "1    |"),
        SpecifierCase("%'d", [1_234_567], "1234567"),
        SpecifierCase("%d", ["42"], "42"),
        SpecifierCase("%#08x", [255], "0x0000ff"),
    ]

    static let floatingPoint: [SpecifierCase] = [
        SpecifierCase("%f", [3.14159], "3.141590"),
        SpecifierCase("%.2f", [2.675], "2.67"),
        SpecifierCase("%.0f %.0f %.0f", [0.5, 1.5, 2.5], "0 2 2"),
        SpecifierCase("%e", [12345.678], "1.234568e+04"),
        SpecifierCase("%E", [0.000123], "1.230000E-04"),
        SpecifierCase("%g %g %g", [0.0001, 100_000, 1_000_000], "0.0001 100000 1e+06"),
        SpecifierCase("%G", [1e-10], "1E-10"),
        SpecifierCase("%#g", [1.0], "1.00000"),
        SpecifierCase("%.3e %g %g %.3g", [0.0, 123_456_789.0, 0.1, 3.14159], "0.000e+00 1.23457e+08 0.1 3.14"),
        SpecifierCase("%10.4g|", [0.000012345], " 1.234e-05|"),
        SpecifierCase("%10.3f", [3.14159], "     3.142"),
        SpecifierCase("%-10.1f|", [2.25], "2.2       |"),
        SpecifierCase("%-+8.2f|", [2.5], "+2.50   |"),
        SpecifierCase("%010.2f", [-3.5], "-000003.50"),
        SpecifierCase("%+.1e", [12345], "+1.2e+04"),
        SpecifierCase("%#.0f", [3], "3."),
        SpecifierCase("% f", [1], " 1.000000"),
        SpecifierCase("%.20f", [0.1], "0.10000000000000000555"),
        SpecifierCase("%F %f", [.double(.infinity), .double(-.infinity)], "INF -inf"),
        SpecifierCase("%5.1f", [.double(.nan)], "  nan"),
        SpecifierCase("%f", [.double(-.nan)], "nan"),
        SpecifierCase("%f", [2], "2.000000"),
        SpecifierCase("%.2f", [.decimal(Decimal(string: "2.675")!)], "2.67"),
        SpecifierCase("%.1f", ["1.25"], "1.2"),
        SpecifierCase("%a %a %A", [1.0, 0.5, 255.5], "0x1p+0 0x1p-1 0X1.FFP+7"),
        SpecifierCase("%.2a %a %a", [.double(1.0 / 3), 0.0, -2.0], "0x1.55p-2 0x0p+0 -0x1p+1"),
        SpecifierCase("%.0a %.1a %#a", [1.5, 1.96875, 1.0], "0x2p+0 0x2.0p+0 0x1.p+0"),
        SpecifierCase("%010a", [1.0], "0x00001p+0"),
    ]

    static let starsAndPositions: [SpecifierCase] = [
        SpecifierCase("%*d", [5, 42], "   42"),
        SpecifierCase("%-*d|", [4, 7], "7   |"),
        SpecifierCase("%*d|", [-4, 7], "7   |"),
        SpecifierCase("%.*f", [2, 3.14159], "3.14"),
        SpecifierCase("%*.*f", [8, 3, 3.14159], "   3.142"),
        SpecifierCase("%.*f", [-1, 1.5], "1.500000"),
        SpecifierCase("%*2$d", [42, 5], "   42"),
        SpecifierCase("%*.f|", [4, 2.5], "   2|"),
        SpecifierCase("%2$@ %1$@", ["a", "b"], "b a"),
        SpecifierCase("%1$d %1$x", [255], "255 ff"),
        SpecifierCase("%1$@ %@", ["x", "y"], "x y"),
        SpecifierCase("%3$@ %1$@ %2$@", ["a", "b", "c"], "c a b"),
        SpecifierCase("%1$-5d|%2$05.1f", [7, 2.25], "7    |002.2"),
    ]

    @Test("Strings, characters and percent signs", arguments: strings)
    func stringConversions(_ row: SpecifierCase) { check(row) }

    @Test("Integers with flags, width and precision", arguments: integers)
    func integerConversions(_ row: SpecifierCase) { check(row) }

    @Test("Floating point matches C's printf", arguments: floatingPoint)
    func floatingPointConversions(_ row: SpecifierCase) { check(row) }

    @Test("Star widths and positional arguments", arguments: starsAndPositions)
    func starsAndPositionalArguments(_ row: SpecifierCase) { check(row) }

    private func check(_ row: SpecifierCase) {
        let message = english.format(row.template, row.arguments)
        #expect(message.string == row.expected)
        #expect(message.diagnostics == [])
    }

    @Test("Numbers agree with String(format:) for the C-compatible conversions")
    func agreesWithFoundation() {
        let rows: [(String, Double)] = [("%.3f", 1.0005), ("%12.4e", -0.00031415), ("%g", 1e15), ("%+08.2f", 3.14159)]
        for (template, value) in rows {
            #expect(english.format(template, [.double(value)]).string == String(format: template, value))
        }
    }
}

@Suite("Format template scanning")
struct FormatTemplateScannerTests {
    @Test("%arg is one token, not %a followed by rg")
    func substitutedArgument() {
        #expect(FormatTemplateScanner.tokens(in: "%arg files") == [.substitutedArgument, .literal(" files")])
    }

    @Test("A star width remembers which argument it reads")
    func starSources() throws {
        guard case .specifier(let specifier)? = FormatTemplateScanner.tokens(in: "%*3$.*d").first else {
            Issue.record("expected a specifier")
            return
        }
        #expect(specifier.widthArgument == .position(3))
        #expect(specifier.precisionArgument == .next)
        #expect(specifier.hasStarArgument)
    }

    @Test("An invalid conversion never swallows the % that follows it")
    func invalidKeepsNextPercent() {
        #expect(FormatTemplateScanner.tokens(in: "%5%d") == [.invalid(text: "%5"), .specifier(FormatSpecifier(
            position: nil, flags: "", width: nil, precision: nil, widthArgument: nil, precisionArgument: nil,
            length: "", conversion: "d", text: "%d"))])
    }

    @Test("Substitution names hold no spaces and are not empty", arguments: [
        ("%#@@", [FormatToken.invalid(text: "%#@"), .literal("@")]),
        ("%#@a b@", [.invalid(text: "%#@"), .literal("a b@")]),
        ("%2$#@total.strings@", [.substitution(name: "total.strings", position: 2)]),
    ])
    func substitutionNames(_ template: String, _ tokens: [FormatToken]) {
        #expect(FormatTemplateScanner.tokens(in: template) == tokens)
    }
}
