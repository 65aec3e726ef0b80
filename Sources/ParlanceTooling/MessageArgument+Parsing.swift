import Foundation
import Parlance

extension MessageArgument {
    /// An argument typed on a command line: an integer or a decimal number is passed as a
    /// number, anything else as a string.
    ///
    /// A negative zero (`-0`, `-0.0`) is passed as the `Double` `-0.0`: neither `Int64` nor
    /// `Decimal` has a negative zero, and `%f`, `%e` and `%g` print its sign, as C does.
    public static func parsing(_ text: String) -> MessageArgument {
        if let integer = Int64(text) {
            return integer == 0 && text.hasPrefix("-") ? .double(-0.0) : .int(integer)
        }
        if isDecimalNumber(text), let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) {
            return decimal.isZero && text.hasPrefix("-") ? .double(-0.0) : .decimal(decimal)
        }
        return .string(text)
    }

    /// `-12.50`, `+3`, `.5`: an optional sign, digits and at most one point, with a digit somewhere.
    /// (`Decimal(string:)` alone reads "1.2.3" as 1.2.)
    private static func isDecimalNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = parts.joined()
        return !digits.isEmpty && !parts.contains { $0.contains(".") }
            && digits.allSatisfy { ("0"..."9").contains($0) }
    }
}
