import Foundation
import ParlanceCatalogs

/// Writes `.strings` files in the layout genstrings and Xcode use, so that diffs against
/// generated files stay small:
///
/// ```
/// /* Shown on the start screen. */
/// "Welcome" = "Welcome, %@!";
///
/// "Quit" = "Quit";
/// ```
///
/// The output is UTF-8 without a byte order mark, which every Foundation reads. Keys keep the
/// order given, so callers decide how to sort.
public enum StringsFileWriter {
    /// Writes entries as a `.strings` file.
    ///
    /// Quotes, backslashes, line breaks and tabs are escaped (`\"`, `\\`, `\n`, `\r`, `\t`),
    /// and other control characters become `\U00XX`; all other characters are written as
    /// themselves. ``/ParlanceCatalogs/StringsFileReader`` reads the result back to exactly the same pairs.
    ///
    /// - Parameter entries: The pairs in the order to write them. A `nil` or empty comment
    ///   writes no comment line; a `*/` inside a comment is written as `* /` so it cannot end
    ///   the comment early, and a NUL as U+FFFD, since comments have no escapes and a file with
    ///   many NULs would read as UTF-16 without a byte order mark.
    /// - Returns: The file's bytes.
    public static func write(_ entries: [(key: String, value: String, comment: String?)]) -> Data {
        var text = ""
        for (number, entry) in entries.enumerated() {
            if number > 0 { text += "\n" }
            if let comment = entry.comment, !comment.isEmpty {
                text += "/* \(comment.replacing("*/", with: "* /").replacing("\0", with: "\u{FFFD}")) */\n"
            }
            text += "\(quoted(entry.key)) = \(quoted(entry.value));\n"
        }
        return Data(text.utf8)
    }

    private static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
