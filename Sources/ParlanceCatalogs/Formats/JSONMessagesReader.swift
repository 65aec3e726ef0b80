#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads JSON message catalogs (FormatJS and i18next) into the catalog model: each message a
/// string unit in the file's language, keys in file order, nested keys joined with `.`.
///
/// Nothing is dropped silently. A value that is neither a message, a described message
/// (`defaultMessage`) nor an object of nested keys is an error at that value; so is a key
/// that two places of the file name (`"a.b"` beside `{"a": {"b": …}}`), and, in a file of
/// nested keys, a key that holds the separator itself (it would be read back as two levels)
/// or an empty one.
/// A described message's members other than `defaultMessage` and `description` (FormatJS's
/// `id`, source positions) are kept in the entry's ``CatalogEntry/unknownFields``.
public enum JSONMessagesReader {
    /// The separator of nested keys, as i18next's `keySeparator` has it by default.
    public static let keySeparator: Character = "."
    /// The longest key, in UTF-8 bytes, a file may make (nested levels joined): each leaf's key
    /// holds its whole path, so without a limit a deep file of long names could make keys many
    /// times its own size.
    public static let maximumKeyLength = 65_536

    /// Reads one language's messages.
    ///
    /// - Parameters:
    ///   - data: The file's bytes, UTF-8 JSON.
    ///   - path: The path errors and locations name.
    ///   - table: The table the file belongs to.
    ///   - language: The language the file holds.
    ///   - locating: Whether to fill ``CatalogFile/locations``: each key where its member name is
    ///     written, its value (under `language`) at the message's opening quote.
    /// - Throws: ``ParseError`` at the first place that is not JSON or not a message catalog.
    public static func read(
        _ data: Data, path: String, table: String, language: String, locating: Bool = false
    ) throws(ParseError) -> CatalogFile {
        let result: Result<CatalogFile, ParseError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var decoder = JSONMessagesDecoder(json: JSONReader(bytes: bytes, path: path), language: language)
            return Result { () throws(ParseError) in
                try decoder.readFile()
                let catalog = Catalog(
                    table: table, sourceLanguage: language, entries: decoder.entries, endsWithNewline: bytes.last == 0x0A,
                    messageSyntax: .icu, jsonLayout: decoder.layout)
                guard locating else { return CatalogFile(catalog: catalog, diagnostics: decoder.diagnostics) }
                let lines = LineIndex(bytes: Array(bytes), file: path)
                var locations: [String: EntryLocations] = [:]
                locations.reserveCapacity(decoder.offsets.count)
                for (key, offsets) in decoder.offsets {
                    locations[key] = EntryLocations(
                        key: lines.location(ofByte: offsets.key), values: [language: lines.location(ofByte: offsets.value)])
                }
                return CatalogFile(catalog: catalog, locations: locations, diagnostics: decoder.diagnostics)
            }
        }
        return try result.get()
    }
}

/// One pass over the JSON: each object is read into a ``Node`` tree (its shape decides whether
/// it is a described message or nested keys, and the member that says so may come last), then
/// the tree is walked into entries.
struct JSONMessagesDecoder {
    var json: JSONReader
    let language: String
    var entries = OrderedMap<String, CatalogEntry>()
    /// Each key's member-name offset and its message's opening quote.
    var offsets: [String: (key: Int, value: Int)] = [:]
    var diagnostics: [Diagnostic] = []
    private var sawNested = false
    /// The first key (at any level) that holds the separator or is empty: an error once the
    /// file turns out nested, where it could not be written back as the same levels.
    private var firstDotted: Member?
    private var sawDescribed = false

    init(json: JSONReader, language: String) {
        self.json = json
        self.language = language
    }

    var layout: JSONCatalogLayout {
        sawNested ? .nested : sawDescribed ? .described : .flat
    }

    /// A value as read, with the offset it starts at.
    indirect enum Node {
        case string(String, at: Int)
        case object([Member], at: Int)
        /// Anything else, kept whole (a described message's extra members may be anything).
        case other(JSONValue, kind: JSONReader.Kind, at: Int)
    }

    struct Member {
        var name: String
        var nameOffset: Int
        var value: Node
    }

    mutating func readFile() throws(ParseError) {
        let kind = try json.peekKind()
        guard kind == .object else {
            throw json.error("expected an object of messages at the top level, found \(kind.phrase).", at: json.position)
        }
        guard case .object(let members, _) = try readNode() else { return }
        try add(members, prefix: "")
        try json.expectEnd()
        if sawNested, let dotted = firstDotted, dotted.name.isEmpty {
            throw json.error("expected a name for each level of nested keys, found an empty one.", at: dotted.nameOffset)
        }
        if sawNested, let dotted = firstDotted {
            throw json.error(
                "expected keys without '\(JSONMessagesReader.keySeparator)' in a file of nested keys, found \(json.quoted(dotted.name)); it would be read back as two levels: nest it.",
                at: dotted.nameOffset)
        }
        if sawNested && sawDescribed {
            throw ParseError(
                "the file mixes FormatJS's described messages (\"defaultMessage\") with i18next's nested keys; a catalog holds one layout.",
                at: json.location(of: 0))
        }
    }

    private mutating func readNode() throws(ParseError) -> Node {
        let kind = try json.peekKind()
        let start = json.position
        switch kind {
        case .string:
            return .string(try json.readStringValue(), at: start)
        case .object:
            var cursor = try json.enterObject()
            var members: [Member] = []
            var names = MemberList()
            while let name = try json.nextMember(&cursor) {
                let text = try json.string(of: name)
                try names.append(text, .null, at: name, in: json)
                members.append(Member(name: text, nameOffset: name.open, value: try readNode()))
            }
            return .object(members, at: start)
        default:
            return .other(try json.readValue(), kind: kind, at: start)
        }
    }

    /// Adds the messages of an object of keys (the top level, or a nested level).
    private mutating func add(_ members: [Member], prefix: String) throws(ParseError) {
        for member in members {
            guard prefix.utf8.count + member.name.utf8.count <= JSONMessagesReader.maximumKeyLength else {
                throw json.error(
                    "expected a key of at most \(JSONMessagesReader.maximumKeyLength) bytes, found one of \(prefix.utf8.count + member.name.utf8.count) (nested levels joined).",
                    at: member.nameOffset)
            }
            let key = prefix + member.name
            if firstDotted == nil, member.name.isEmpty || member.name.contains(JSONMessagesReader.keySeparator) { firstDotted = member }
            switch member.value {
            case .string(let message, let offset):
                try insert(key, message: message, comment: nil, unknown: UnknownFields(), nameOffset: member.nameOffset, valueOffset: offset)
            case .object(let inner, let offset):
                if let message = inner.first(where: { $0.name == "defaultMessage" }) {
                    try addDescribed(key, message: message, members: inner, nameOffset: member.nameOffset)
                } else if inner.isEmpty {
                    throw json.error(
                        "expected a message, a described message or nested keys for \(json.quoted(key)), found an empty object; remove it or give it messages.",
                        at: offset)
                } else {
                    sawNested = true
                    try add(inner, prefix: key + String(JSONMessagesReader.keySeparator))
                }
            case .other(_, let kind, let offset):
                throw json.error(
                    "expected a message (a string), a described message or nested keys for \(json.quoted(key)), found \(kind.phrase).",
                    at: offset)
            }
        }
    }

    /// FormatJS's `{"defaultMessage": …, "description": …}`, other members kept.
    private mutating func addDescribed(_ key: String, message: Member, members: [Member], nameOffset: Int) throws(ParseError) {
        guard case .string(let text, let valueOffset) = message.value else {
            throw json.error("expected a string for \"defaultMessage\" of \(json.quoted(key)).", at: message.value.offset)
        }
        sawDescribed = true
        var comment: String?
        var unknown: [(name: String, value: JSONValue)] = []
        for member in members where member.name != "defaultMessage" {
            if member.name == "description", case .string(let description, _) = member.value {
                comment = description
            } else {
                unknown.append((member.name, member.value.json))
            }
        }
        try insert(key, message: text, comment: comment, unknown: UnknownFields(unknown), nameOffset: nameOffset, valueOffset: valueOffset)
    }

    private mutating func insert(
        _ key: String, message: String, comment: String?, unknown: UnknownFields, nameOffset: Int, valueOffset: Int
    ) throws(ParseError) {
        if entries[key] != nil {
            throw json.error("expected each key once, found \(json.quoted(key)) again (a nested key and a dotted one name it both).", at: nameOffset)
        }
        var localizations = OrderedMap<String, Localization>()
        localizations[language] = .string(message)
        entries[key] = CatalogEntry(comment: comment, localizations: localizations, unknownFields: unknown)
        offsets[key] = (nameOffset, valueOffset)
    }
}

extension JSONMessagesDecoder.Node {
    var offset: Int {
        switch self {
        case .string(_, let at), .object(_, let at), .other(_, _, let at): at
        }
    }

    var isDescribed: Bool {
        if case .object(let members, _) = self { return members.contains { $0.name == "defaultMessage" } }
        return false
    }

    /// The value as a ``JSONValue``, for a described message's extra members.
    var json: JSONValue {
        switch self {
        case .string(let text, _): .string(text)
        case .object(let members, _): .object(JSONObject(members.map { ($0.name, $0.value.json) }))
        case .other(let value, _, _): value
        }
    }
}
