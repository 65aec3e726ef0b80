/// CLDR's likely subtags, looked up without ICU: the usual script and region of a language
/// (`zh-TW` is written in Hant, `sr` in Cyrl, `pt` is spoken in BR).
///
/// The table (``table``, generated from CLDR 48's `likelySubtags.xml` by
/// `Tools/generate-likely-subtags.py`) is text compiled into the binary, one `from to` line per
/// entry sorted by `from`; a lookup is a binary search over that text, so nothing is built at
/// launch, nothing is allocated per lookup, and nothing is kept per tag a client sends. The
/// algorithm is UTS #35's "Add Likely Subtags": look up `language_script_region`,
/// `language_region`, `language_script`, `language`, then `und_script`, and keep every
/// subtag the input named. `LikelySubtagsTests` checks every entry against Foundation.
package enum LikelySubtags {
    /// A language, script and region, as CLDR spells them (`zh`, `Hant`, `TW`).
    package struct Subtags: Equatable, Sendable, CustomStringConvertible {
        package var language: String
        package var script: String
        package var region: String

        package var description: String { "\(language)-\(script)-\(region)" }
    }

    /// The input with CLDR's likely script and region added, or `nil` when the table knows
    /// neither the language nor the script. `language` is lower case (`und` for none),
    /// `script` title case, `region` upper case or three digits.
    package static func maximize(language: String, script: String?, region: String?) -> Subtags? {
        for key in lookupKeys(language: language, script: script, region: region) {
            guard let value = value(for: key) else { continue }
            var found = value.split(separator: "_", omittingEmptySubsequences: false)
            guard found.count == 3 else { return nil }
            if language != "und" { found[0] = Substring(language) }
            if let script { found[1] = Substring(script) }
            if let region { found[2] = Substring(region) }
            return Subtags(language: String(found[0]), script: String(found[1]), region: String(found[2]))
        }
        return nil
    }

    /// The keys UTS #35 looks up, most specific first.
    static func lookupKeys(language: String, script: String?, region: String?) -> [String] {
        var keys: [String] = []
        if let script, let region { keys.append("\(language)_\(script)_\(region)") }
        if let region { keys.append("\(language)_\(region)") }
        if let script { keys.append("\(language)_\(script)") }
        keys.append(language)
        if let script, language != "und" { keys.append("und_\(script)") }
        return keys
    }

    /// The table's value for `key` (`aa_Latn_ET` for `aa`), by binary search over its lines.
    static func value(for key: String) -> String? {
        var key = key
        return key.withUTF8 { key in
            table.withUTF8Buffer { text -> String? in
                var low = 0
                var high = text.count
                while low < high {
                    // The line around the middle: back to its start, on to the space and its end.
                    var start = (low + high) / 2
                    while start > low, text[start - 1] != 0x0A { start -= 1 }
                    var space = start
                    while space < high, text[space] != 0x20, text[space] != 0x0A { space += 1 }
                    var end = space
                    while end < text.count, text[end] != 0x0A { end += 1 }
                    switch compare(UnsafeBufferPointer(rebasing: text[start..<space]), key) {
                    case 0:
                        guard space < end else { return nil }
                        return String(decoding: UnsafeBufferPointer(rebasing: text[(space + 1)..<end]), as: UTF8.self)
                    case ..<0:
                        low = end + 1
                    default:
                        high = start
                    }
                }
                return nil
            }
        }
    }

    /// Byte order, a prefix first: the order the generator sorts in.
    private static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        for (a, b) in zip(left, right) where a != b { return a < b ? -1 : 1 }
        return left.count - right.count
    }

    /// Every entry, in table order: for the tests that compare the table with Foundation.
    static var entries: [(from: String, to: String)] {
        table.withUTF8Buffer { text in
            text.split(separator: 0x0A).compactMap { line in
                guard let space = line.firstIndex(of: 0x20) else { return nil }
                return (String(decoding: line[..<space], as: UTF8.self), String(decoding: line[(space + 1)...], as: UTF8.self))
            }
        }
    }
}
