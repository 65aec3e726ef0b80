#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A catalog file format: how files of one extension are read into the catalog model.
///
/// Every format Parlance reads conforms to this protocol, one type per file in
/// `Formats/`, and is listed once in ``CatalogFormats/all``. The runtime's folder reader,
/// `parlance check`, `compile`, `convert` and the build plugins find formats there, so
/// adding one is a new conforming type, one line in that list, and its tests.
///
/// ```swift
/// let url = URL(fileURLWithPath: "Resources/fr.lproj/Localizable.strings")
/// if let format = CatalogFormats.format(for: url) {
///     let file = try format.read(Data(contentsOf: url), path: url.path, table: "Localizable",
///                                language: "fr", locating: true)
///     print(file.catalog.entries.count, file.locations["Hello"]?.key as Any)
/// }
/// ```
public protocol CatalogFormat: Sendable {
    /// What people call the format, for messages: `String Catalog`.
    var name: String { get }
    /// The file extension, lowercased, without the dot: `xcstrings`.
    var fileExtension: String { get }
    /// Where files of this format hold their languages, and so where a folder reader looks for them.
    var placement: CatalogFilePlacement { get }
    /// Within one table and language of one folder, a value read from a format of higher
    /// precedence replaces one read from a lower: a `.stringsdict` entry overrides the
    /// `.strings` entry of the same key, as Foundation does. Equal precedence keeps the first
    /// file read and reports a disagreement.
    var precedence: Int { get }

    /// Reads one file.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - path: The path to name in locations and errors, as the user knows the file.
    ///   - table: The table the file belongs to (its stem, `Localizable`).
    ///   - language: For a ``CatalogFilePlacement/languageFolder`` format, the language the
    ///     file holds (from its `xx.lproj` folder, or as the caller named it); ignored by
    ///     formats that name their languages themselves.
    ///   - locating: Whether to fill ``CatalogFile/locations``. A format whose reader finds
    ///     positions anyway may fill them always; one that must do more work to find them
    ///     (the String Catalog's) fills them only when asked, so an app's load pays nothing.
    /// - Returns: The file as one table of the catalog model, with what reading it noticed.
    /// - Throws: ``ParseError`` at the first place that cannot be read, saying what was expected;
    ///   for a one-language format called without a language, an error at the file's start.
    func read(_ data: Data, path: String, table: String, language: String?, locating: Bool) throws(ParseError) -> CatalogFile
}

/// Where a catalog format keeps its languages.
public enum CatalogFilePlacement: Hashable, Sendable {
    /// One file holds every language and names its source language; found at any depth
    /// (String Catalogs).
    case anywhere
    /// One file per language, inside the language's `xx.lproj` folder (`.strings`,
    /// `.stringsdict`). The folder names the language; outside one, the caller must.
    case languageFolder
    /// One file per language, named for it as web projects name them: the file (`fr.json`,
    /// table `Localizable`) or its folder (`fr/common.json`, table `common`, i18next's
    /// namespace). A name counts as a language when CLDR has plural rules for it, so
    /// `locales/` or `common.json` never do; outside such a name, the caller must name it.
    case languageNamed
}

extension CatalogFilePlacement {
    /// The language `file`'s place names (as BCP 47 spells it) and the table it belongs to:
    /// an `xx.lproj` folder's language and the file's stem; for ``languageNamed``, a language
    /// stem (`fr.json` → `fr`, `Localizable`) or a language folder (`fr/common.json` → `fr`,
    /// `common`). The language is `nil` where the place names none.
    public func place(of file: URL) -> (language: String?, table: String) {
        let stem = file.deletingPathExtension().lastPathComponent
        let folder = file.deletingLastPathComponent()
        switch self {
        case .anywhere:
            return (nil, stem)
        case .languageFolder:
            guard folder.pathExtension == "lproj" else { return (nil, stem) }
            return (LanguageTag.canonical(folder.deletingPathExtension().lastPathComponent), stem)
        case .languageNamed:
            if let language = Self.knownLanguage(stem) { return (language, "Localizable") }
            return (Self.knownLanguage(folder.lastPathComponent), stem)
        }
    }

    /// `name` in BCP 47 spelling when it is a language tag whose language CLDR has plural rules for.
    static func knownLanguage(_ name: String) -> String? {
        guard (2...35).contains(name.utf8.count), name != "root",
              name.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0)
                  || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        else { return nil }
        let canonical = LanguageTag.canonical(name)
        guard let primary = canonical.split(separator: "-").first, PluralRules.cardinal(for: String(primary)) != nil else { return nil }
        return canonical
    }
}

/// One catalog file as a format read it: one table of the catalog model, where each key
/// and value is written, and what the reader noticed on the way.
public struct CatalogFile: Sendable {
    private enum Content: Sendable {
        case catalog(Catalog)
        case oneLanguage(OneLanguageTable)
    }

    private var content: Content

    /// The table. For a ``CatalogFilePlacement/languageFolder`` format it holds one
    /// language, which is also its ``Catalog/sourceLanguage`` until a folder reader merges
    /// the languages of the table; it is built from ``oneLanguageTable`` each time it is read.
    public var catalog: Catalog {
        get {
            switch content {
            case .catalog(let catalog): catalog
            case .oneLanguage(let table): table.catalog
            }
        }
        set { content = .catalog(newValue) }
    }

    /// A one-language table as its format read it: each key's one value, without the map of
    /// languages the catalog model gives every key. A folder reader merges these (a folder of
    /// 5,000-key tables in 20 languages would otherwise build 100,000 maps it drops at once);
    /// `nil` for a file that holds every language.
    public var oneLanguageTable: OneLanguageTable? {
        if case .oneLanguage(let table) = content { table } else { nil }
    }

    /// Where each key, and each of its languages' values, is written. Empty when the file was
    /// read without `locating` by a format that finds positions only when asked. For a
    /// one-language file it is built from ``oneLanguageTable``'s entries each time it is read:
    /// read it once, not once per key.
    public var locations: [String: EntryLocations] {
        get {
            guard case .oneLanguage(let table) = content else { return storedLocations }
            var locations: [String: EntryLocations] = [:]
            locations.reserveCapacity(table.entries.count)
            for (key, entry) in table.entries {
                if let location = entry.location { locations[key] = EntryLocations(key: location) }
            }
            return locations
        }
        set {
            if case .oneLanguage(let table) = content { content = .catalog(table.catalog) }
            storedLocations = newValue
        }
    }

    private var storedLocations: [String: EntryLocations]

    /// What the reader noticed while reading a file it could still read whole (a repeated
    /// key, a rule no format refers to), in file order, each with its
    /// ``Diagnostic/code`` where a tool acts on it.
    public var diagnostics: [Diagnostic]

    /// A file's reading: its table, where its entries are written, and the diagnostics.
    public init(catalog: Catalog, locations: [String: EntryLocations] = [:], diagnostics: [Diagnostic] = []) {
        self.content = .catalog(catalog)
        self.storedLocations = locations
        self.diagnostics = diagnostics
    }

    /// A one-language file's reading: its table, whose entries say where they are written, and
    /// the diagnostics.
    public init(oneLanguage table: OneLanguageTable, diagnostics: [Diagnostic] = []) {
        self.content = .oneLanguage(table)
        self.storedLocations = [:]
        self.diagnostics = diagnostics
    }
}

/// The table of a one-language file (`xx.lproj/Table.strings`): each key's value in the
/// file's one language, in file order.
public struct OneLanguageTable: Hashable, Sendable {
    /// One key's value, the translator's note written with it, and where the key is written
    /// (the value is at its key).
    public struct Entry: Hashable, Sendable {
        public var value: Localization
        public var comment: String?
        public var location: SourceLocation?

        public init(value: Localization, comment: String? = nil, location: SourceLocation? = nil) {
            self.value = value
            self.comment = comment
            self.location = location
        }
    }

    /// The table name (the file's stem).
    public var table: String
    /// The language the file holds.
    public var language: String
    /// The entries by key, in file order.
    public var entries: OrderedMap<String, Entry>

    public init(table: String, language: String, entries: OrderedMap<String, Entry> = OrderedMap()) {
        self.table = table
        self.language = language
        self.entries = entries
    }

    /// The table in the catalog model: one language, which is also its source language.
    public var catalog: Catalog {
        var model = OrderedMap<String, CatalogEntry>()
        for (key, entry) in entries {
            var localizations = OrderedMap<String, Localization>()
            localizations[language] = entry.value
            model[key] = CatalogEntry(comment: entry.comment, localizations: localizations)
        }
        return Catalog(table: table, sourceLanguage: language, entries: model)
    }
}

/// Where one key of a ``CatalogFile`` is written.
public struct EntryLocations: Hashable, Sendable {
    /// Where the key starts (in a String Catalog, its member under `strings`).
    public var key: SourceLocation
    /// Where each language's value is written, by language as the file spells it, when it is
    /// written apart from the key (in a String Catalog, the language's member under
    /// `localizations`). A one-language table lists none: its value is at its key. Ask
    /// ``value(in:)``, which knows both.
    public var values: [String: SourceLocation]

    /// The key's location and, where they are written apart from it, its values'.
    public init(key: SourceLocation, values: [String: SourceLocation] = [:]) {
        self.key = key
        self.values = values
    }

    /// Where `language`'s value is written: its own place, or else the key's.
    public func value(in language: String) -> SourceLocation {
        values[language] ?? key
    }
}
