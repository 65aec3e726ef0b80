import Foundation
import Parlance

/// One table across its languages, as the checker sees it: a String Catalog, or the
/// `xx.lproj/Table.strings` and `.stringsdict` files of one folder, with the place every
/// key and value is written so findings can point at it.
struct CheckedTable: Sendable {
    /// The language of a lone `.strings` or `.stringsdict` file outside any `.lproj` folder.
    static let unknownLanguage = "und"

    var table: String
    /// The String Catalog's path, or the folder holding the `.lproj` folders.
    var path: String
    var isStringCatalog: Bool
    /// The syntax the values are written in: ICU MessageFormat for JSON message catalogs,
    /// whose messages are checked by ICU's rules instead of printf's.
    var messageSyntax: MessageSyntax = .apple
    var sourceLanguage: String
    /// Every language the table holds, sorted.
    var languages: [String]
    var keys: OrderedMap<String, CheckedKey>
    /// For each language, the table's languages a lookup in it falls back to, nearest first,
    /// along CLDR's parent chain as the runtime follows it: `en` for `en-US`; `en-001`, `en`
    /// for `en-AU`. A language with no parent in the table has none.
    var parents: [String: [String]] = [:]

    init(
        table: String, path: String, isStringCatalog: Bool, sourceLanguage: String, languages: [String],
        keys: OrderedMap<String, CheckedKey>
    ) {
        self.table = table
        self.path = path
        self.isStringCatalog = isStringCatalog
        self.sourceLanguage = sourceLanguage
        self.languages = languages
        self.keys = keys
        self.parents = Self.parentChains(of: languages)
    }

    /// Each language's parents among `languages`, as ``LanguageMatcher/fallbackChain(for:)`` finds them.
    static func parentChains(of languages: [String]) -> [String: [String]] {
        var spelling: [Language: String] = [:]
        for name in languages { if let language = Language(name), spelling[language] == nil { spelling[language] = name } }
        let matcher = LanguageMatcher(available: Array(spelling.keys))
        var chains: [String: [String]] = [:]
        for name in languages {
            guard let language = Language(name) else { continue }
            let chain = matcher.fallbackChain(for: language).compactMap { spelling[$0] }.filter { $0 != name }
            if !chain.isEmpty { chains[name] = chain }
        }
        return chains
    }

    /// The language whose value of `key` a reader of `language` sees when `language` has
    /// none: the nearest parent with a value (in a String Catalog the source language's key
    /// is its own text); `nil` when no parent provides it, and the key is missing.
    func parent(providing key: CheckedKey, in language: String) -> String? {
        parents[language]?.first { parent in
            key.values[parent] != nil || (isStringCatalog && parent == sourceLanguage)
        }
    }
}

/// One key of a ``CheckedTable``: its metadata and each language's value.
struct CheckedKey: Sendable {
    /// Where the key is written: in a String Catalog its member under `strings`; in
    /// `.lproj` tables its entry in the source language, or else in the first file read.
    var location: SourceLocation
    var comment: String?
    var extractionState: ExtractionState?
    var shouldTranslate: Bool?
    var values: [String: CheckedValue] = [:]
}

/// One language's value of a key and where it is written.
struct CheckedValue: Sendable {
    var localization: Localization
    var location: SourceLocation
    /// The value's JSON string literal as written (escapes and all, without its quotes), for
    /// a JSON message catalog: a message's own line and column map through it to the file's.
    var literal: String?
}

extension CheckedTable {
    /// A file as a checked table, its keys and values located where the reader found them.
    /// A String Catalog holds its languages and names its source language; a one-language
    /// table's only language stands as its source until ``init(merging:path:sourceLanguage:)``
    /// merges the languages of its folder.
    init(file: CatalogFile, path: String, placement: CatalogFilePlacement) {
        let catalog = file.catalog
        let locations = file.locations
        let fileStart = SourceLocation(file: path, line: 1, column: 1)
        var keys = OrderedMap<String, CheckedKey>()
        for (key, entry) in catalog.entries {
            let located = locations[key]
            let keyLocation = located?.key ?? fileStart
            var checked = CheckedKey(
                location: keyLocation, comment: entry.comment, extractionState: entry.extractionState,
                shouldTranslate: entry.shouldTranslate)
            for (language, localization) in entry.localizations ?? OrderedMap() {
                checked.values[language] = CheckedValue(
                    localization: localization, location: located?.value(in: language) ?? keyLocation)
            }
            keys[key] = checked
        }
        var languages = Set(catalog.languages)
        languages.insert(catalog.sourceLanguage)
        self.init(
            table: catalog.table, path: path, isStringCatalog: placement == .anywhere, sourceLanguage: catalog.sourceLanguage,
            languages: languages.sorted(), keys: keys)
        messageSyntax = catalog.messageSyntax
    }

    /// Keeps each value's JSON string literal, found at its location in `data`, the file's bytes.
    mutating func attachLiterals(from data: Data) {
        let bytes = [UInt8](data)
        var lineStarts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { lineStarts.append(index + 1) }
        func literal(at location: SourceLocation) -> String? {
            guard location.line >= 1, location.line <= lineStarts.count else { return nil }
            var index = lineStarts[location.line - 1]
            var column = 1
            while column < location.column, index < bytes.count {
                index += 1
                while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
                column += 1
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard end <= bytes.count else { return nil }
            return String(decoding: bytes[(index + 1)..<min(end, bytes.count)], as: UTF8.self)
        }
        for key in keys.keys {
            keys.modify(key, default: CheckedKey(location: SourceLocation(file: path, line: 1, column: 1))) { checked in
                for (language, value) in checked.values {
                    checked.values[language]?.literal = literal(at: value.location)
                }
            }
        }
    }

    /// Merges the one-language tables read from the `.lproj` files of one folder.
    ///
    /// Within a language, a `.stringsdict` entry overrides the `.strings` entry of the same
    /// key, as Foundation does; `parts` must list `.strings` files before `.stringsdict` ones.
    init(merging parts: [CheckedTable], path: String, sourceLanguage explicit: String?) {
        var keys = OrderedMap<String, CheckedKey>()
        var languages = Set<String>()
        for part in parts {
            languages.formUnion(part.languages)
            for (key, checked) in part.keys {
                keys.modify(key, default: CheckedKey(location: checked.location)) { merged in
                    merged.values.merge(checked.values) { _, later in later }
                    if merged.comment == nil { merged.comment = checked.comment }
                }
            }
        }
        let sorted = languages.sorted()
        let source = explicit.flatMap { sorted.contains($0) ? $0 : nil }
            ?? (sorted.contains("en") ? "en" : sorted.first ?? Self.unknownLanguage)
        for key in keys.keys {
            keys.modify(key, default: CheckedKey(location: SourceLocation(file: path, line: 1, column: 1))) { merged in
                if let location = merged.values[source]?.location { merged.location = location }
            }
        }
        self.init(
            table: parts.first?.table ?? "", path: path, isStringCatalog: false, sourceLanguage: source,
            languages: sorted, keys: keys)
        messageSyntax = parts.first?.messageSyntax ?? .apple
    }
}
