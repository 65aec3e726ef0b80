import Foundation
import ParlanceMessageFormat

/// Fuzzes the MF2 parser and formatter: any input either parses, validates and formats
/// (twice, to the same result) or fails with a syntax or data-model error that names a line
/// and column inside the input. Nothing may crash, hang or grow without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let source = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let message: MF2.Message
    do {
        message = try MF2.Message(parsing: source)
    } catch {
        require(error.kind.isStatic, "a parse failed with \(error.kind)")
        if let line = error.line, let column = error.column {
            let lines = source.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            require(line >= 1 && line <= max(lines.count, 1), "error line \(line) outside \(lines.count) lines")
            require(column >= 1, "error column \(column)")
        } else {
            require(error.kind != .syntaxError, "a syntax error without a place")
        }
        return 0
    }
    let arguments: [String: MF2.Argument] = ["count": 3, "name": "Ada", "x": 1.5, "when": .date(Date(timeIntervalSince1970: 1e9)), "flag": true]
    for locale in ["en", "ar", "fr"] {
        let formatter = MF2.Formatter(locale: locale)
        let first = formatter.format(message, arguments: arguments)
        let second = formatter.format(message, arguments: arguments)
        require(first.string == second.string, "formatting is not deterministic")
        require(first.errors.allSatisfy { !$0.kind.isStatic }, "a valid message formatted with a static error")
    }
    return 0
}
