import Foundation
import Parlance
import Testing
@testable import ParlanceTooling

@Suite("Arguments typed on a command line")
struct MessageArgumentParsingTests {
    @Test("Integers, decimals and text", arguments: [
        ("42", MessageArgument.int(42)), ("-7", .int(-7)), ("0", .int(0)), ("1.50", .decimal(Decimal(string: "1.50")!)),
        ("Ada", .string("Ada")), ("1.2.3", .string("1.2.3")),
    ])
    func kinds(_ text: String, _ expected: MessageArgument) {
        #expect(MessageArgument.parsing(text) == expected)
    }

    @Test("A negative zero keeps its sign under %f, %e and %g, as C prints it", arguments: ["-0", "-0.0", "-0.000", "-00"])
    func negativeZero(_ text: String) {
        let argument = MessageArgument.parsing(text)
        let message = MessageFormatter(language: "en").format("%f %e %g %+.1f %d", Array(repeating: argument, count: 5))
        #expect(message.string == "-0.000000 -0.000000e+00 -0 -0.0 0")
        #expect(message.diagnostics == [])
    }

    @Test("A positive zero stays unsigned", arguments: ["0", "0.0", "+0"])
    func positiveZero(_ text: String) {
        #expect(MessageFormatter(language: "en").format("%f %g", [MessageArgument.parsing(text), MessageArgument.parsing(text)]).string
            == "0.000000 0")
    }
}
