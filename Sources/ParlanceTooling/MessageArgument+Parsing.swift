import Foundation
import Parlance

extension MessageArgument {
    /// An argument typed on a command line: an integer or a decimal number is passed as a
    /// number, anything else as a string.
    public static func parsing(_ text: String) -> MessageArgument {
        if let integer = Int64(text) { return .int(integer) }
        if text.contains(where: \.isNumber), let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
            text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" })
        {
            return .decimal(decimal)
        }
        return .string(text)
    }
}
