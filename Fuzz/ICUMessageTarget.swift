import Foundation
import ParlanceMessageFormat

/// Fuzzes the ICU MessageFormat parser and formatter: any input parses and formats (twice,
/// to the same result) or fails with a syntax error placed inside the input. Nesting is
/// bounded, so no input recurses without limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let source = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let message: ICUMessageFormat.Message
    do {
        message = try ICUMessageFormat.Message(parsing: source)
    } catch {
        // Lines as the parser counts them: by U+000A scalars (a CRLF is one Character in Swift).
        let lines = source.unicodeScalars.filter { $0 == "\n" }.count + 1
        require(error.line >= 1 && error.line <= max(lines, 1), "error line \(error.line) outside \(lines) lines")
        require(error.column >= 1, "error column \(error.column)")
        return 0
    }
    let arguments: [String: MF2.Argument] = ["count": 3, "n": 21, "name": "Ada", "gender": "female", "x": 1.5, "0": "zero"]
    for locale in ["en", "ru", "ar"] {
        let formatter = ICUMessageFormat.Formatter(locale: locale)
        let first = formatter.format(message, arguments: arguments)
        require(first.string == formatter.format(message, arguments: arguments).string, "formatting is not deterministic")
        require(first.errors.allSatisfy { $0.kind != .syntaxError }, "a parsed message formatted with a syntax error")
    }
    return 0
}
