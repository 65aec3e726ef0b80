#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import Parlance

/// `-0.0` keeps its sign under every floating-point conversion, as C's `printf` writes it.
@Suite("Message formatter: negative zero")
struct PrintfNegativeZeroTests {
    let english = MessageFormatter(language: "en")

    static let templates = [
        "%f", "%F", "%e", "%E", "%g", "%G", "%.0f", "%.2f", "%.3e", "%.0e", "%.3g", "%#g", "%#.0f", "%#.0e",
        "%+f", "% f", "%+e", "% e", "%+g", "% g", "%+ f", "%010f", "%-10f|", "%12.3e|", "%-+8.1g|",
        "%a", "%A", "%.2a", "%+a", "% a", "%#a", "%012a",
    ]

    @Test("-0.0 prints as the C library prints it", arguments: templates)
    func matchesTheCLibrary(_ template: String) {
        let expected = Self.cFormatted(template, -0.0)
        #expect(expected.hasPrefix("-") || expected.contains("-0"), "the C library itself drops the sign of \(template)")
        let message = english.format(template, [.double(-0.0)])
        #expect(message.string == expected)
        #expect(message.diagnostics == [])
    }

    @Test("Positive zero still prints without a sign")
    func positiveZero() {
        #expect(english.format("%f %e %g %a", [0.0, 0.0, 0.0, 0.0]).string == "0.000000 0.000000e+00 0 0x0p+0")
    }

    @Test("Negative zero read from text keeps its sign")
    func fromText() {
        #expect(english.format("%f", ["-0.0"]).string == "-0.000000")
    }

    @Test("A negative number that rounds to zero keeps its sign, as in C")
    func roundsToZero() {
        #expect(english.format("%.1f", [-0.01]).string == Self.cFormatted("%.1f", -0.01))
    }

    /// The C library's own output, in the POSIX locale Parlance formats in.
    static func cFormatted(_ template: String, _ value: Double) -> String {
        let posix = newlocale(LC_NUMERIC_MASK, "C", nil)
        let previous = uselocale(posix)
        defer {
            uselocale(previous)
            freelocale(posix)
        }
        return withVaList([value]) { arguments in
            var buffer = [CChar](repeating: 0, count: 256)
            let written = buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, 256, template, arguments) }
            return String(decoding: buffer.prefix(Int(max(written, 0))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
