#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads String Catalogs (`.xcstrings`), the JSON tables Xcode 15 and later keep.
///
/// Every field Xcode writes is read into the model; every member Parlance does not
/// know, at any level, is kept in that level's `unknownFields`, so
/// `XCStringsWriter` (ParlanceCatalogWriters) can write the file back unchanged. Keys and languages keep
/// the order the file held them in.
///
/// A member name that appears twice in one object is an error: either value would
/// be lost if the other were kept, and Xcode never writes such a file.
///
/// A `variations` object that holds anything but exactly one of `plural` or
/// `device` (an unknown kind, say) is kept whole in the enclosing object's
/// `unknownFields` under the name `variations`.
public enum XCStringsReader {
    /// Reads a String Catalog.
    ///
    /// - Parameters:
    ///   - data: The file's bytes, UTF-8 JSON.
    ///   - path: The file's path; errors name it, and its stem is the default table name.
    ///   - table: The table name, when it is not the file stem (`Localizable`).
    /// - Returns: The catalog, its entries in file order.
    /// - Throws: ``ParseError`` at the first place that is not JSON, or not the String
    ///   Catalog schema, saying what was expected there.
    public static func read(_ data: Data, path: String, table: String? = nil) throws(ParseError) -> Catalog {
        try read(data, path: path, table: table, locating: false).catalog
    }

    /// Reads a String Catalog and, when `locating`, where each key and language is written.
    static func read(_ data: Data, path: String, table: String?, locating: Bool) throws(ParseError) -> CatalogFile {
        let tableName = table ?? stem(of: path)
        let result: Result<CatalogFile, ParseError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var decoder = XCStringsDecoder(json: JSONReader(bytes: bytes, path: path))
            if locating { decoder.offsets = [:] }
            return Result { () throws(ParseError) in
                let catalog = try decoder.readCatalog(table: tableName)
                guard let offsets = decoder.offsets else { return CatalogFile(catalog: catalog) }
                let lines = LineIndex(bytes: Array(bytes), file: path)
                var locations: [String: EntryLocations] = [:]
                locations.reserveCapacity(offsets.count)
                for (key, found) in offsets {
                    locations[key] = EntryLocations(
                        key: lines.location(ofByte: found.key),
                        values: found.values.mapValues(lines.location(ofByte:)))
                }
                return CatalogFile(catalog: catalog, locations: locations)
            }
        }
        return try result.get()
    }

    /// `Localizable` for `…/en.lproj/Localizable.xcstrings`.
    static func stem(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { return String(name[..<dot]) }
        return name
    }
}

/// Decodes the String Catalog schema straight from the JSON cursor, so every
/// schema error points at the value it is about.
struct XCStringsDecoder {
    var json: JSONReader
    /// When not `nil`, the byte offset of each key's opening quote and of each of its
    /// languages' under `localizations`, filled as the decoder reads them.
    var offsets: [String: (key: Int, values: [String: Int])]?

    mutating func readCatalog(table: String) throws(ParseError) -> Catalog {
        let kind = try json.peekKind()
        guard kind == .object else {
            throw json.error("expected an object at the top level, found \(kind.phrase).", at: json.position)
        }
        var cursor = try json.enterObject()
        var sourceLanguage: String?
        var version: String?
        var entries: OrderedMap<String, CatalogEntry>?
        var unknown = MemberList()
        while let name = try json.nextMember(&cursor) {
            if json.matches(name, "sourceLanguage") {
                try once(sourceLanguage, name)
                sourceLanguage = try json.readString(for: "sourceLanguage")
            } else if json.matches(name, "strings") {
                try once(entries, name)
                entries = try readEntries()
            } else if json.matches(name, "version") {
                try once(version, name)
                version = try json.readString(for: "version")
            } else {
                try readUnknown(name, into: &unknown)
            }
        }
        guard let sourceLanguage else { throw missing("sourceLanguage", in: "the top-level object", at: cursor) }
        guard let entries else { throw missing("strings", in: "the top-level object", at: cursor) }
        try json.expectEnd()
        return Catalog(
            table: table, sourceLanguage: sourceLanguage, version: version, entries: entries,
            unknownFields: UnknownFields(unknown.members), endsWithNewline: json.bytes.last == 0x0A)
    }

    private mutating func readEntries() throws(ParseError) -> OrderedMap<String, CatalogEntry> {
        var cursor = try json.enterObject(for: "strings")
        var entries = OrderedMap<String, CatalogEntry>()
        while let name = try json.nextMember(&cursor) {
            let key = try json.string(of: name)
            if entries[key] != nil { throw json.duplicate(key, at: name) }
            if offsets != nil { offsets?[key] = (name.open, [:]) }
            entries[key] = try readEntry(key)
        }
        return entries
    }

    private mutating func readEntry(_ key: String) throws(ParseError) -> CatalogEntry {
        var cursor = try json.enterObject(for: key)
        var entry = CatalogEntry()
        var unknown = MemberList()
        while let name = try json.nextMember(&cursor) {
            if json.matches(name, "comment") {
                try once(entry.comment, name)
                entry.comment = try json.readString(for: "comment")
            } else if json.matches(name, "extractionState") {
                try once(entry.extractionState, name)
                entry.extractionState = ExtractionState(rawValue: try json.readString(for: "extractionState"))
            } else if json.matches(name, "isCommentAutoGenerated") {
                try once(entry.isCommentAutoGenerated, name)
                entry.isCommentAutoGenerated = try json.readBool(for: "isCommentAutoGenerated")
            } else if json.matches(name, "localizations") {
                try once(entry.localizations, name)
                entry.localizations = try readLocalizations(of: key)
            } else if json.matches(name, "shouldTranslate") {
                try once(entry.shouldTranslate, name)
                entry.shouldTranslate = try json.readBool(for: "shouldTranslate")
            } else {
                try readUnknown(name, into: &unknown)
            }
        }
        entry.unknownFields = UnknownFields(unknown.members)
        return entry
    }

    private mutating func readLocalizations(of key: String) throws(ParseError) -> OrderedMap<String, Localization> {
        var cursor = try json.enterObject(for: "localizations")
        var localizations = OrderedMap<String, Localization>()
        while let name = try json.nextMember(&cursor) {
            let language = try json.string(of: name)
            if localizations[language] != nil { throw json.duplicate(language, at: name) }
            if offsets != nil { offsets?[key]?.values[language] = name.open }
            localizations[language] = try readLocalization(for: language)
        }
        return localizations
    }

    /// Keeps a member the schema does not name, whole.
    mutating func readUnknown(_ name: RawString, into unknown: inout MemberList) throws(ParseError) {
        let key = try json.string(of: name)
        if unknown.contains(key) { throw json.duplicate(key, at: name) }
        try unknown.append(key, try json.readValue(), at: name, in: json)
    }

    /// Throws when a member the schema allows once was already read.
    func once(_ value: (some Any)?, _ name: RawString) throws(ParseError) {
        if value != nil { throw json.duplicate(at: name) }
    }

    /// The error for a required member an object lacks, at the object's `{`.
    func missing(_ member: String, in object: String, at cursor: JSONReader.ObjectCursor) -> ParseError {
        json.error("expected a \(json.quoted(member)) member in \(object).", at: cursor.start)
    }
}
