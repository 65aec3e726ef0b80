import Foundation
import Testing
@testable import ParlanceCatalogs

/// The operands UTS #35 expects for one written number.
struct ExpectedOperands: Sendable, CustomTestStringConvertible {
    let text: String
    let n: Double, i: UInt64, v: Int, w: Int, f: UInt64, t: UInt64, c: Int

    init(_ text: String, n: Double, i: UInt64, v: Int = 0, w: Int = 0, f: UInt64 = 0, t: UInt64 = 0, c: Int = 0) {
        (self.text, self.n, self.i, self.v, self.w, self.f, self.t, self.c) = (text, n, i, v, w, f, t, c)
    }

    var testDescription: String { "\"\(text)\"" }

    func matches(_ operands: PluralOperands) -> Bool {
        operands.n == n && operands.i == i && operands.v == v && operands.w == w
            && operands.f == f && operands.t == t && operands.c == c && operands.e == c
    }
}

private let limit = PluralOperands.exactLimit

@Suite("Plural operands")
struct PluralOperandsTests {
    @Test("Written numbers give the operands of UTS #35's table", arguments: [
        ExpectedOperands("1", n: 1, i: 1),
        ExpectedOperands("1.0", n: 1, i: 1, v: 1),
        ExpectedOperands("1.00", n: 1, i: 1, v: 2),
        ExpectedOperands("1.3", n: 1.3, i: 1, v: 1, w: 1, f: 3, t: 3),
        ExpectedOperands("1.30", n: 1.3, i: 1, v: 2, w: 1, f: 30, t: 3),
        ExpectedOperands("1.03", n: 1.03, i: 1, v: 2, w: 2, f: 3, t: 3),
        ExpectedOperands("1.230", n: 1.23, i: 1, v: 3, w: 2, f: 230, t: 23),
        ExpectedOperands("1200000", n: 1_200_000, i: 1_200_000),
        ExpectedOperands("1.2c6", n: 1_200_000, i: 1_200_000, c: 6),
        ExpectedOperands("123c6", n: 123_000_000, i: 123_000_000, c: 6),
        ExpectedOperands("123c5", n: 12_300_000, i: 12_300_000, c: 5),
        ExpectedOperands("1200.50", n: 1200.5, i: 1200, v: 2, w: 1, f: 50, t: 5),
        ExpectedOperands("1.20050c3", n: 1200.5, i: 1200, v: 2, w: 1, f: 50, t: 5, c: 3),
        ExpectedOperands("1.2e3", n: 1200, i: 1200, c: 3),
        ExpectedOperands("1.2C3", n: 1200, i: 1200, c: 3),
        ExpectedOperands("1.5c0", n: 1.5, i: 1, v: 1, w: 1, f: 5, t: 5),
        ExpectedOperands("1c+2", n: 100, i: 100, c: 2),
        ExpectedOperands("0c5", n: 0, i: 0, c: 5),
        ExpectedOperands("-1.50", n: 1.5, i: 1, v: 2, w: 1, f: 50, t: 5),
        ExpectedOperands("+7", n: 7, i: 7),
        ExpectedOperands("0.001", n: 0.001, i: 0, v: 3, w: 3, f: 1, t: 1),
        ExpectedOperands("007.0100", n: 7.01, i: 7, v: 4, w: 2, f: 100, t: 1),
        ExpectedOperands("1.0000001c6", n: 1_000_000.1, i: 1_000_000, v: 1, w: 1, f: 1, t: 1, c: 6),
        ExpectedOperands("123456789012345678901234567890", n: 1.2345678901234568e29,
                         i: limit + 345_678_901_234_567_890),
        ExpectedOperands("0.1234567890123456789012345", n: 0.12345678901234568, i: 0, v: 25, w: 25,
                         f: limit + 890_123_456_789_012_345, t: limit + 890_123_456_789_012_345),
        ExpectedOperands("1c100000000000", n: .infinity, i: limit, c: 100_000_000),
    ])
    func written(expected: ExpectedOperands) throws {
        let operands = try #require(PluralOperands(decimalString: expected.text))
        #expect(expected.matches(operands), "\(operands)")
    }

    @Test("Text that is not a plain decimal number has no operands", arguments: [
        "", "-", "+", ".", "1.", ".5", "1e", "1c", "1e-3", "1c-", "1,5", "1 000", " 1", "1 ", "abc",
        "0x10", "1.5.2", "١", "1e3e3", "--1", "inf", "NaN", "1_000",
    ])
    func invalid(text: String) {
        #expect(PluralOperands(decimalString: text) == nil)
    }

    @Test("A long run of digits reads in one pass without trapping")
    func longInput() throws {
        let operands = try #require(PluralOperands(decimalString: String(repeating: "9", count: 10_000) + ".5"))
        #expect(operands.i == limit + 999_999_999_999_999_999)
        #expect(operands.v == 1 && operands.f == 5)
        #expect(operands.n == .infinity)
    }

    @Test("Whole numbers of every integer type give exact operands below 10^18")
    func integers() {
        #expect(PluralOperands(42) == PluralOperands(decimalString: "42"))
        #expect(PluralOperands(-42) == PluralOperands(decimalString: "42"))
        #expect(PluralOperands(UInt8(200)) == PluralOperands(decimalString: "200"))
        #expect(PluralOperands(Int.min).i == limit + 223_372_036_854_775_808)
        #expect(PluralOperands(UInt64.max).i == limit + 446_744_073_709_551_615)
        #expect(PluralOperands(999_999_999_999_999_999).i == 999_999_999_999_999_999)
        let wide = Int128(UInt64.max) * 1000 + 7
        #expect(PluralOperands(wide).i == limit + UInt64(wide % Int128(limit)))
        #expect(PluralOperands(wide).n == Double(wide))
    }

    @Test("Doubles are read in their shortest form, so 1.0 is the whole number 1", arguments: [
        (1.0, "1"), (-1.0, "1"), (1.5, "1.5"), (0.1, "0.1"), (1e-05, "0.00001"), (1.5e-07, "0.00000015"),
        (123456789.125, "123456789.125"), (0.30000000000000004, "0.30000000000000004"), (0.0, "0"),
    ])
    func doubles(value: Double, written: String) throws {
        let expected = try #require(PluralOperands(decimalString: written))
        let operands = PluralOperands(value)
        #expect(operands.i == expected.i && operands.v == expected.v && operands.w == expected.w)
        #expect(operands.f == expected.f && operands.t == expected.t && operands.c == 0)
        #expect(operands.n == value.magnitude)
    }

    @Test("The string-free reading of a Double agrees with its shortest description")
    func doubleFastPath() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var fastReadings = 0
        var mismatches: [Double] = []
        for round in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var scale = 1.0
            for _ in 0...(round % 15) { scale *= 10 }
            // Short decimals (1.25, 0.003) and arbitrary bit patterns, both non-integral.
            for value in [Double(state >> 11) / scale, Double(bitPattern: state >> 2)]
            where value.isFinite && value.rounded(.towardZero) != value {
                guard let fast = PluralOperands.fewFractionDigits(value) else { continue }
                fastReadings += 1
                if fast != PluralOperands(shortestDescriptionOf: value) { mismatches.append(value) }
            }
        }
        #expect(fastReadings > 10_000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("Doubles of 10^18 and more keep their last 18 digits; NaN and infinity count as huge")
    func hugeDoubles() {
        #expect(PluralOperands(1e20).i == limit)
        #expect(PluralOperands(1.2345678901234568e+20).i == limit + 456_789_012_345_680_000)
        #expect(PluralOperands(1e20).n == 1e20)
        #expect(PluralOperands(Double.nan).i == limit)
        #expect(PluralOperands(-Double.infinity).n == .infinity)
    }

    @Test("A Decimal has no trailing zeros, so 1.50 reads as 1.5")
    func decimals() throws {
        let value = try #require(Decimal(string: "-1.50"))
        #expect(PluralOperands(value) == PluralOperands(decimalString: "1.5"))
        #expect(PluralOperands(Decimal(1_000_000)) == PluralOperands(1_000_000))
        #expect(PluralOperands(Decimal.nan).i == limit)
    }
}
