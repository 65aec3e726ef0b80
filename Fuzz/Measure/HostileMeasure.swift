import Foundation
import Parlance

/// Writes the big hostile inputs of `HostileCatalogTests` to files and reads them back, so
/// `Scripts/fuzz.sh measure` can time each read and take its peak memory with `/usr/bin/time`.
///
///     hostile-measure write <case> <size> <file>   writes one input
///     hostile-measure read <file>                  reads it with the reader its extension names
///
/// Cases: `value` (one value of <size> bytes), `keys` (<size> keys), `deep` (<size> levels),
/// `stray` (one `.strings` entry, then <size> stray `;`), `duplicates` (one key <size> times),
/// `specifiers` (a template of <size> `%d`, read as a `.stringsdict` format key and rendered).
@main
struct HostileMeasure {
    static func main() throws {
        let arguments = CommandLine.arguments
        switch (arguments.count, arguments.dropFirst().first) {
        case (5, "write"):
            let data = input(arguments[2], size: Int(arguments[3]) ?? 0, file: arguments[4])
            try data.write(to: URL(fileURLWithPath: arguments[4]))
        case (3, "read"):
            let data = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
            let start = ContinuousClock.now
            let summary = read(data, file: arguments[2])
            let elapsed = (ContinuousClock.now - start).components
            let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            print("\(arguments[2]): \(summary), read in \(String(format: "%.3f", seconds)) s")
        default:
            FileHandle.standardError.write(Data("usage: hostile-measure write <case> <size> <file> | read <file>\n".utf8))
            exit(64)
        }
    }

    static func read(_ data: Data, file: String) -> String {
        do {
            switch file.split(separator: ".").last {
            case "strings":
                return "\(try StringsFileReader.read(data, path: file).entries.count) entries"
            case "stringsdict":
                let entries = try StringsDictReader.read(data, path: file).entries
                let arguments = (0...10_000).map { MessageArgument.int(Int64($0)) }
                let rendered = entries.values.map { MessageFormatter(language: "en").format($0, arguments).string.utf8.count }
                return "\(entries.count) entries rendering to \(rendered.reduce(0, +)) bytes"
            default:
                return "\(try XCStringsReader.read(data, path: file).entries.count) entries"
            }
        } catch {
            return "error \(String(error.description.prefix(160)))"
        }
    }

    static func input(_ kind: String, size: Int, file: String) -> Data {
        let format = file.split(separator: ".").last.map(String.init) ?? ""
        switch (kind, format) {
        case ("value", "strings"):
            return Data(("\"big\" = \"" + text(size) + "\";\n").utf8)
        case ("value", _):
            return catalog(#""big":{"localizations":{"en":{"stringUnit":{"state":"new","value":"\#(text(size))"}}}}"#)
        case ("stray", _):
            return Data(("\"a\" = \"b\";\n" + String(repeating: ";", count: size)).utf8)
        case ("duplicates", _):
            return Data(String(repeating: "\"a\" = \"b\";\n", count: size).utf8)
        case ("keys", "strings"):
            return Data((0..<size).map { "\"k\($0)\" = \"v\($0)\";\n" }.joined().utf8)
        case ("keys", _):
            let entries = (0..<size).map { #""k\#($0)":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"v\#($0)"}}}}"# }
            return catalog(entries.joined(separator: ","))
        case ("deep", "strings"):
            return Data((String(repeating: "{", count: size) + String(repeating: "}", count: size)).utf8)
        case ("deep", "stringsdict"):
            return plist("<key>k</key><dict>" + String(repeating: "<key>k</key><dict>", count: size) + String(repeating: "</dict>", count: size + 1))
        case ("deep", _):
            return catalog("", extra: #""x":\#(String(repeating: "[", count: size) + String(repeating: "]", count: size)),"#)
        default:
            let format = String(repeating: "%d ", count: size) + "%#@n@"
            return plist("""
                <key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>\(format)</string>
                <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d</string></dict></dict>
                """)
        }
    }

    static func text(_ count: Int) -> String {
        let unit = "The quick brown fox jumps over the lazy dog. "
        return String(String(repeating: unit, count: count / unit.utf8.count + 1).utf8.prefix(count)) ?? ""
    }

    static func catalog(_ strings: String, extra: String = "") -> Data {
        Data(#"{"sourceLanguage":"en",\#(extra)"strings":{\#(strings)},"version":"1.0"}"#.utf8)
    }

    static func plist(_ body: String) -> Data {
        Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(body)</dict></plist>\n".utf8)
    }
}
