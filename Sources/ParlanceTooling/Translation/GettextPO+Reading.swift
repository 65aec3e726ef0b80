import Foundation
@_spi(Files) import Parlance

extension GettextPO {
    /// Reads a `.po` file into one ``TranslationFile``.
    ///
    /// The language is the header's `Language`; the catalog is its `X-Catalog` (written by
    /// ``write(_:)``), else `fallbackOriginal`. An entry's unit id is its `msgctxt`, or its
    /// `msgid` when it has none. A plural entry gives one unit per CLDR category of the
    /// language, and its `msgstr[i]` count must agree with them and with `Plural-Forms`.
    /// `#, fuzzy` marks a translation for review; obsolete (`#~`) entries are skipped; an empty
    /// `msgstr` is no translation. Two entries that give the same unit are refused: `k` and
    /// `k|==|` name one key, and a plural entry for `k` gives `k|==|plural.one` and its siblings.
    ///
    /// - Throws: ``/ParlanceCatalogs/ParseError`` naming `path`, line and column.
    public static func read(_ data: Data, path: String, fallbackOriginal: String? = nil) throws(ParseError) -> TranslationDocument {
        let bytes = [UInt8](data)
        let lines = LineIndex(bytes: bytes, file: path)
        if let invalid = UTF8Validation.firstInvalidByte(in: bytes, from: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0) {
            throw ParseError("the bytes here are not UTF-8; Parlance reads .po files in UTF-8.", at: lines.location(ofByte: invalid))
        }
        var entries: [Entry] = []
        var parser = Parser(bytes: bytes, lines: lines)
        while let entry = try parser.next() { entries.append(entry) }

        guard let header = entries.first(where: { $0.context == nil && $0.id == "" }) else {
            throw ParseError("the file has no header entry (msgid \"\"), which names its Language.", at: lines.location(ofByte: 0))
        }
        let fields = headerFields(header.strings.first ?? "")
        guard let language = fields["Language"], !language.isEmpty else {
            throw ParseError("the header names no Language.", at: lines.location(ofByte: header.offset))
        }
        let rules = PluralRules.cardinal(for: language)
        if let forms = fields["Plural-Forms"], let rules, let declared = pluralCount(forms), declared != rules.categories.count {
            throw ParseError("Plural-Forms declares \(declared) forms; CLDR's rules for \(language) have \(rules.categories.count) (\(rules.categories.map(\.rawValue).joined(separator: ", "))).", at: lines.location(ofByte: header.offset))
        }
        guard let original = fields["X-Catalog"] ?? fallbackOriginal else {
            throw ParseError("the header has no X-Catalog naming the catalog the entries belong to.", at: lines.location(ofByte: header.offset))
        }
        var units: [TranslationUnit] = []
        var locations: [SourceLocation] = []
        // Ids are compared as the writer spells them: `k|==|` is the key `k`, and a plural
        // entry's units (`k|==|plural.one`) may not repeat another entry's, or the file would
        // not survive being written back.
        var seenEntries = Set<String>()
        var seenUnits = Set<String>()
        for var entry in entries where !(entry.context == nil && entry.id == "") {
            let location = lines.location(ofByte: entry.offset)
            let id = entry.context ?? entry.id
            let (key, basePath) = TranslationUnit.split(id: id)
            let canonical = TranslationUnit(key: key, path: basePath, source: "").id
            guard seenEntries.insert(canonical).inserted else {
                throw ParseError(canonical == id ? "a second entry for \"\(id)\"." : "a second entry for \"\(canonical)\" (spelled \"\(id)\" here).", at: location)
            }
            func claim(_ unit: TranslationUnit) throws(ParseError) {
                guard seenUnits.insert(unit.id).inserted else {
                    throw ParseError("this entry gives \"\(unit.id)\", which an earlier entry gives too.", at: location)
                }
            }
            let state: TranslationState? = entry.fuzzy ? .needsReview : nil
            if let plural = entry.plural {
                guard let rules else {
                    throw ParseError("a plural entry, but CLDR has no plural rules for \(language).", at: location)
                }
                // Tools that write two forms whatever the language (xliff2po for Japanese) add empty ones.
                while entry.strings.count > rules.categories.count, entry.strings.last?.isEmpty == true { entry.strings.removeLast() }
                guard entry.strings.count == rules.categories.count else {
                    throw ParseError("the plural entry has \(entry.strings.count) msgstr forms; \(language) needs \(rules.categories.count) (\(rules.categories.map(\.rawValue).joined(separator: ", "))).", at: location)
                }
                for (category, target) in zip(rules.categories, entry.strings) {
                    let unit = TranslationUnit(key: key, path: basePath + ["plural", category.rawValue],
                                               source: category == .one ? entry.id : plural,
                                               target: target.isEmpty ? nil : target, state: state, note: entry.note)
                    try claim(unit)
                    units.append(unit)
                    locations.append(location)
                }
            } else {
                let target = entry.strings.first ?? ""
                let unit = TranslationUnit(key: key, path: basePath, source: entry.id, target: target.isEmpty ? nil : target, state: state, note: entry.note)
                try claim(unit)
                units.append(unit)
                locations.append(location)
            }
        }
        let file = TranslationFile(original: original, sourceLanguage: fields["X-Source-Language"] ?? "", targetLanguage: language, units: units)
        return TranslationDocument(files: [file], locations: [locations])
    }

    private static func headerFields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon]).trimmingCharacters(in: .whitespaces)] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    private static func pluralCount(_ forms: String) -> Int? {
        guard let range = forms.range(of: "nplurals=") else { return nil }
        return Int(forms[range.upperBound...].prefix { $0.isNumber })
    }

    struct Entry {
        var context: String?
        var id = ""
        var plural: String?
        var strings: [String] = []
        var note: String?
        var fuzzy = false
        var offset = 0
    }

    /// Reads entries line by line; each keyword's string may continue on following lines.
    private struct Parser {
        let bytes: [UInt8]
        let lines: LineIndex
        var position = 0

        init(bytes: [UInt8], lines: LineIndex) {
            self.bytes = bytes
            self.lines = lines
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        }

        func error(_ message: String, at offset: Int) -> ParseError {
            ParseError(message, at: lines.location(ofByte: offset))
        }

        /// The next entry, or `nil` at the end; obsolete entries (`#~`) are passed over.
        mutating func next() throws(ParseError) -> Entry? {
            while true {
                switch try scan() {
                case .end: return nil
                case .obsolete: continue
                case .entry(let entry): return entry
                }
            }
        }

        enum Scanned {
            case end, obsolete
            case entry(Entry)
        }

        private mutating func scan() throws(ParseError) -> Scanned {
            var entry = Entry()
            var started = false
            var notes: [String] = []
            var obsolete = false
            var lastKeyword: String?
            while position < bytes.count {
                let lineStart = position
                var lineEnd = position
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                var line = bytes[lineStart..<lineEnd]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 }
                if trimmed.isEmpty {
                    position = min(lineEnd + 1, bytes.count)
                    if started { break }
                    continue
                }
                let text = String(decoding: trimmed, as: UTF8.self)
                if text.hasPrefix("#") {
                    // A comment after an entry's strings starts the next entry.
                    if started, lastKeyword != nil { break }
                    position = min(lineEnd + 1, bytes.count)
                    if !started { entry.offset = lineStart }
                    started = true
                    if text.hasPrefix("#~") { obsolete = true } else if text.hasPrefix("#.") {
                        notes.append(String(text.dropFirst(2).drop { $0 == " " }))
                    } else if text.hasPrefix("#,") {
                        if text.dropFirst(2).split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "fuzzy" }) { entry.fuzzy = true }
                    }
                    continue
                }
                let column = trimmed.startIndex
                if trimmed.first == UInt8(ascii: "\"") {
                    guard let keyword = lastKeyword else { throw error("a string with no msgid, msgstr or msgctxt before it.", at: column) }
                    let value = try quoted(trimmed, lineEnd: lineEnd)
                    append(value, to: keyword, in: &entry)
                    position = min(lineEnd + 1, bytes.count)
                    continue
                }
                let keyword = String(decoding: trimmed.prefix { $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: "\"") }, as: UTF8.self)
                let rest = trimmed.dropFirst(keyword.utf8.count).drop { $0 == 0x20 || $0 == 0x09 }
                let known = keyword == "msgctxt" || keyword == "msgid" || keyword == "msgid_plural" || keyword == "msgstr" || (keyword.hasPrefix("msgstr[") && keyword.hasSuffix("]"))
                guard known else { throw error("expected msgctxt, msgid, msgid_plural, msgstr or a comment, found \"\(keyword.prefix(40))\".", at: column) }
                // msgctxt or msgid after a msgstr starts the next entry.
                if (keyword == "msgctxt" || keyword == "msgid"), let last = lastKeyword, last.hasPrefix("msgstr") { break }
                if !started { entry.offset = lineStart }
                started = true
                let value = try quoted(rest, lineEnd: lineEnd)
                switch keyword {
                case "msgctxt": entry.context = ""
                case "msgid_plural": entry.plural = ""
                case "msgid": break
                case "msgstr":
                    guard entry.strings.isEmpty else { throw error("a second msgstr in one entry.", at: column) }
                    entry.strings.append("")
                default:
                    let number = Int(keyword.dropFirst(7).dropLast())
                    guard entry.plural != nil else { throw error("\(keyword) in an entry with no msgid_plural.", at: column) }
                    guard number == entry.strings.count else { throw error("\(keyword) out of order; expected msgstr[\(entry.strings.count)].", at: column) }
                    entry.strings.append("")
                }
                lastKeyword = keyword
                append(value, to: keyword, in: &entry)
                position = min(lineEnd + 1, bytes.count)
            }
            guard started else { return .end }
            if obsolete { return .obsolete }
            // Comments with no entry after them end the file.
            guard lastKeyword != nil else { return position >= bytes.count ? .end : .obsolete }
            guard entry.strings.count > 0 else { throw error("the entry has no msgstr.", at: entry.offset) }
            entry.note = notes.isEmpty ? nil : notes.joined(separator: "\n")
            return .entry(entry)
        }

        private func append(_ value: String, to keyword: String, in entry: inout Entry) {
            switch keyword {
            case "msgctxt": entry.context! += value
            case "msgid": entry.id += value
            case "msgid_plural": entry.plural! += value
            default: entry.strings[entry.strings.count - 1] += value
            }
        }

        /// The C-escaped string literal that `slice` starts with; nothing but spaces may follow.
        private func quoted(_ slice: ArraySlice<UInt8>, lineEnd: Int) throws(ParseError) -> String {
            guard slice.first == UInt8(ascii: "\"") else { throw error("expected a string in double quotes.", at: slice.startIndex) }
            var out: [UInt8] = []
            var index = slice.startIndex + 1
            while true {
                guard index < slice.endIndex else { throw error("the string never ends; expected a closing \".", at: slice.startIndex) }
                let byte = slice[index]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") {
                    guard index + 1 < slice.endIndex else { throw error("a backslash at the end of the line.", at: index) }
                    let escaped = slice[index + 1]
                    switch escaped {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "a"): out.append(0x07)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "v"): out.append(0x0B)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "?"): out.append(escaped)
                    default: throw error("the escape \\\(Character(Unicode.Scalar(escaped))) is not one a .po file may use.", at: index)
                    }
                    index += 2
                    continue
                }
                out.append(byte)
                index += 1
            }
            let after = slice[(index + 1)...]
            guard after.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { throw error("text after the closing quote.", at: index + 1) }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
