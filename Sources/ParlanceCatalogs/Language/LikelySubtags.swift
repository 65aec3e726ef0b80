/// CLDR's likely subtags, looked up without ICU: the usual script and region of a language
/// (`zh-TW` is written in Hant, `sr` in Cyrl, `pt` is spoken in BR).
///
/// The table (``table``, generated from CLDR 48's `likelySubtags.xml` by
/// `Tools/generate-likely-subtags.py`) is text compiled into the binary: fixed-width records
/// sorted by key, so a lookup is a binary search over the text itself. Nothing is built at
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

    /// The bytes of a record's key and of its value; each record is both and a line break.
    static let fieldWidth = 12  // the generator's WIDTH, and the key buffer's literal capacity
    static let recordWidth = 2 * fieldWidth + 1

    /// The input with CLDR's likely script and region added, or `nil` when the table knows
    /// neither the language nor the script. `language` is lower case (`und` for none),
    /// `script` title case, `region` upper case or three digits.
    package static func maximize(language: String, script: String?, region: String?) -> Subtags? {
        func found(_ keyScript: String?, _ keyRegion: String?, language keyLanguage: String = language) -> Subtags? {
            guard let value = record(language: keyLanguage, script: keyScript, region: keyRegion) else { return nil }
            return Subtags(
                language: language == "und" ? value.language : language, script: script ?? value.script, region: region ?? value.region)
        }
        if let script, let region, let match = found(script, region) { return match }
        if let region, let match = found(nil, region) { return match }
        if let script, let match = found(script, nil) { return match }
        if let match = found(nil, nil) { return match }
        if let script, language != "und", let match = found(script, nil, language: "und") { return match }
        return nil
    }

    /// The value of the record whose key is `language[_script][_region]`, split into its
    /// three subtags.
    static func record(language: String, script: String?, region: String?) -> Subtags? {
        // A literal capacity, so the buffer is on the stack.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 12) { key -> Subtags? in
            var count = 0
            /// Appends `_part` (`part` first); `false` when the key outgrows every key in the table.
            func append(_ part: String?) -> Bool {
                guard let part else { return true }
                if count > 0 {
                    guard count < fieldWidth else { return false }
                    key[count] = UInt8(ascii: "_")
                    count += 1
                }
                for byte in part.utf8 {
                    guard count < fieldWidth else { return false }
                    key[count] = byte
                    count += 1
                }
                return true
            }
            guard append(language), append(script), append(region) else { return nil }
            guard let value = search(UnsafeBufferPointer(rebasing: key[..<count])),
                  let first = value.firstIndex(of: UInt8(ascii: "_")),
                  let second = value[(first + 1)...].firstIndex(of: UInt8(ascii: "_"))
            else { return nil }
            return Subtags(
                language: String(decoding: value[..<first], as: UTF8.self),
                script: String(decoding: value[(first + 1)..<second], as: UTF8.self),
                region: String(decoding: value[(second + 1)...], as: UTF8.self))
        }
    }

    /// The table's value for `key` (`aa_Latn_ET` for `aa`), by binary search over the records.
    static func value(for key: String) -> String? {
        key.withUTF8Bytes { key in search(key).map { String(decoding: $0, as: UTF8.self) } }
    }

    /// The value bytes of the record keyed `key`, or `nil`. The bytes live in the binary.
    private static func search(_ key: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard !key.isEmpty, key.count < fieldWidth else { return nil }
        let text = UnsafeBufferPointer(start: table.utf8Start, count: table.utf8CodeUnitCount)
        var low = 0
        var high = (text.count + 1) / recordWidth
        while low < high {
            let middle = (low + high) / 2
            let start = middle * recordWidth
            switch compare(text, at: start, with: key) {
            case 0:
                var end = start + 2 * fieldWidth
                while text[end - 1] == UInt8(ascii: ".") { end -= 1 }
                return UnsafeBufferPointer(rebasing: text[(start + fieldWidth)..<end])
            case ..<0:
                low = middle + 1
            default:
                high = middle
            }
        }
        return nil
    }

    /// The record's key at `start` against `key`, in byte order, a prefix first; the key ends
    /// at its first space.
    private static func compare(_ text: UnsafeBufferPointer<UInt8>, at start: Int, with key: UnsafeBufferPointer<UInt8>) -> Int {
        for index in 0..<fieldWidth {
            let byte = text[start + index]
            let keyEnded = index == key.count
            if byte == 0x20 { return keyEnded ? 0 : -1 }
            if keyEnded { return 1 }
            if byte != key[index] { return byte < key[index] ? -1 : 1 }
        }
        return 1
    }

    /// Every entry, in table order: for the tests that compare the table with Foundation.
    static var entries: [(from: String, to: String)] {
        let text = UnsafeBufferPointer(start: table.utf8Start, count: table.utf8CodeUnitCount)
        return stride(from: 0, to: text.count, by: recordWidth).map { start in
            let key = text[start..<(start + fieldWidth)].prefix { $0 != 0x20 }
            let value = text[(start + fieldWidth)..<(start + 2 * fieldWidth)].prefix { $0 != UInt8(ascii: ".") }
            return (String(decoding: key, as: UTF8.self), String(decoding: value, as: UTF8.self))
        }
    }
}
