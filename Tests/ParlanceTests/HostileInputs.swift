import Foundation
import Parlance

/// Reading any of the three formats by file name, and building inputs too big to commit.
enum HostileInputs {
    /// `PARLANCE_HEAVY=1` runs the sizes `docs/ROBUSTNESS.md` names (a 100 MB value, a million
    /// keys); the default run uses a tenth of each so debug builds stay fast.
    static let isHeavy = ProcessInfo.processInfo.environment["PARLANCE_HEAVY"] == "1"
    static let valueBytes = isHeavy ? 100_000_000 : 10_000_000
    static let keyCount = isHeavy ? 1_000_000 : 100_000

    /// What reading `data` as the format of `name`'s extension gives: the number of entries,
    /// or the error.
    static func read(_ data: Data, as name: String) -> Result<Int, ParseError> {
        Result { () throws(ParseError) -> Int in
            switch name.split(separator: ".").last {
            case "strings": try StringsFileReader.read(data, path: name).entries.count
            case "stringsdict": try StringsDictReader.read(data, path: name).entries.count
            default: try XCStringsReader.read(data, path: name).entries.count
            }
        }
    }

    /// The error reading `data` as `name` gives, as tools print it; `nil` when it reads.
    static func error(reading data: Data, as name: String) -> String? {
        if case .failure(let error) = read(data, as: name) { return error.description }
        return nil
    }

    /// ASCII text of exactly `count` bytes, a sentence repeated.
    static func text(bytes count: Int) -> String {
        let unit = Array("The quick brown fox jumps over the lazy dog. ".utf8)
        var bytes = [UInt8]()
        bytes.reserveCapacity(count)
        while bytes.count < count { bytes.append(contentsOf: unit.prefix(count - bytes.count)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A String Catalog holding `strings` as the body of its `strings` object.
    static func catalog(strings body: String, extra: String = "") -> Data {
        Data(#"{"sourceLanguage":"en",\#(extra)"strings":{\#(body)},"version":"1.0"}"#.utf8)
    }

    /// A `.stringsdict` file holding one entry, `key`, whose dictionary is `body`.
    static func stringsDict(key: String = "k", _ body: String) -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            <key>\(key)</key>
            <dict>
            \(body)
            </dict>
            </dict>
            </plist>

            """.utf8)
    }

    /// `count` `.strings` entries, `"k0" = "v0";` and so on, one a line.
    static func manyStringsEntries(_ count: Int) -> Data {
        var text = ""
        text.reserveCapacity(count * 24)
        for index in 0..<count { text += "\"k\(index)\" = \"v\(index)\";\n" }
        return Data(text.utf8)
    }

    /// A String Catalog of `count` keys, each with one English string.
    static func manyCatalogEntries(_ count: Int) -> Data {
        var body = ""
        body.reserveCapacity(count * 80)
        for index in 0..<count {
            if index > 0 { body += "," }
            body += #""k\#(index)":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"v\#(index)"}}}}"#
        }
        return catalog(strings: body)
    }
}
