import Foundation
import ParlanceCatalogs

/// Writes one language of a table as a JSON message catalog, in the layout it was read in
/// (``/ParlanceCatalogs/Catalog/jsonLayout``) or one chosen: FormatJS's flat or described
/// form, or i18next's nested keys, indented as `JSON.stringify(value, null, 2)` indents.
///
/// ```swift
/// let data = try JSONMessagesWriter.write(catalog, language: "fr")
/// try data.write(to: URL(fileURLWithPath: "lang/fr.json"))
/// ```
///
/// ``/ParlanceCatalogs/JSONMessagesReader`` reads the result back to the same keys, messages,
/// descriptions and extra members, keys in the same order (inside a described message,
/// `defaultMessage` and `description` come first, then the other members as read).
public enum JSONMessagesWriter {
    /// Objects nest at most this deep, the top level counted, as JSON readers read them.
    static let maximumLevels = 512

    /// Why a table cannot be written as a JSON message catalog, naming the key.
    public struct WriteError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The key that cannot be written.
        public var key: String
        /// Why, and what to do about it.
        public var reason: String
        /// `"key": reason`.
        public var description: String { "\"\(key)\": \(reason)" }
    }

    /// The file of `language`: each key with a message in that language, in the catalog's order.
    ///
    /// - Parameters:
    ///   - catalog: A table whose values are ICU messages (string units).
    ///   - language: The language to write, as the catalog spells it.
    ///   - layout: The layout to write; by default the one the table was read in, else flat.
    /// - Throws: ``WriteError`` for a value with plural or device variations or substitutions
    ///   (Apple's form; `parlance convert` turns them into ICU messages first), and, in the
    ///   nested layout, for a key that is both a message and the parent of others (`a` and
    ///   `a.b`) or that has an empty level (`a..b`).
    public static func write(
        _ catalog: Catalog, language: String, layout: JSONCatalogLayout? = nil
    ) throws(WriteError) -> Data {
        let layout = layout ?? catalog.jsonLayout ?? .flat
        var messages: [(key: String, message: String, entry: CatalogEntry)] = []
        for (key, entry) in catalog.entries {
            guard let localization = entry.localizations?[language] else { continue }
            if localization.variations != nil || !(localization.substitutions?.isEmpty ?? true) {
                throw WriteError(key: key, reason: "has \(language) variations or substitutions, which a JSON message catalog holds as one ICU message; convert it first (parlance convert).")
            }
            guard let message = localization.stringUnit?.value ?? localization.stringSet?.values.first else { continue }
            messages.append((key, message, entry))
        }
        var writer = JSONTextWriter(capacity: messages.count * 48, style: .javaScript)
        switch layout {
        case .flat:
            writer.beginObject()
            for item in messages {
                writer.key(item.key)
                writer.string(item.message)
            }
            writer.endObject()
        case .described:
            writer.beginObject()
            for item in messages {
                writer.key(item.key)
                described(item.message, entry: item.entry, into: &writer)
            }
            writer.endObject()
        case .nested:
            var root = Level()
            for item in messages {
                let path = item.key.split(separator: JSONMessagesReader.keySeparator, omittingEmptySubsequences: false).map(String.init)
                guard !path.contains(where: \.isEmpty) else {
                    throw WriteError(key: item.key, reason: "has an empty level, which nested keys cannot write.")
                }
                // A JSON reader reads so many levels and no more (ParlanceCatalogs' 512).
                guard path.count < Self.maximumLevels else {
                    throw WriteError(key: item.key, reason: "has \(path.count) levels; nested keys are written at most \(Self.maximumLevels - 1) deep, as readers read them.")
                }
                guard root.insert(item.message, at: path[...]) else {
                    throw WriteError(key: item.key, reason: "is both a message and the parent of other keys, which nested keys cannot write; rename one.")
                }
            }
            root.write(into: &writer)
        }
        if catalog.endsWithNewline { writer.bytes.append(0x0A) }
        return Data(writer.bytes)
    }

    private static func described(_ message: String, entry: CatalogEntry, into writer: inout JSONTextWriter) {
        writer.beginObject()
        writer.key("defaultMessage")
        writer.string(message)
        if let comment = entry.comment {
            writer.key("description")
            writer.string(comment)
        }
        for member in entry.unknownFields.members {
            writer.key(member.name)
            value(member.value, into: &writer)
        }
        writer.endObject()
    }

    /// A kept value, members in the order they were read.
    private static func value(_ value: JSONValue, into writer: inout JSONTextWriter) {
        switch value {
        case .string(let text): writer.string(text)
        case .number(let text): writer.raw(text)
        case .bool(let flag): writer.bool(flag)
        case .null: writer.raw("null")
        case .array(let elements):
            writer.beginArray()
            for element in elements {
                writer.element()
                Self.value(element, into: &writer)
            }
            writer.endArray()
        case .object(let object):
            writer.beginObject()
            for member in object.members {
                writer.key(member.name)
                Self.value(member.value, into: &writer)
            }
            writer.endObject()
        }
    }

    /// One level of nested keys, members in the order their first key came.
    private struct Level {
        enum Node {
            case message(String)
            case level(Level)
        }

        var names: [String] = []
        var nodes: [String: Node] = [:]

        /// Places `message` at `path`; `false` where a message and a level would share a name.
        mutating func insert(_ message: String, at path: ArraySlice<String>) -> Bool {
            guard let name = path.first else { return false }
            if path.count == 1 {
                guard nodes[name] == nil else { return false }
                names.append(name)
                nodes[name] = .message(message)
                return true
            }
            var level: Level
            switch nodes[name] {
            case .message?: return false
            case .level(let existing)?: level = existing
            case nil:
                names.append(name)
                level = Level()
            }
            nodes[name] = nil  // no second reference while the level grows
            let placed = level.insert(message, at: path.dropFirst())
            nodes[name] = .level(level)
            return placed
        }

        func write(into writer: inout JSONTextWriter) {
            writer.beginObject()
            for name in names {
                writer.key(name)
                switch nodes[name] {
                case .message(let text)?: writer.string(text)
                case .level(let level)?: level.write(into: &writer)
                case nil: writer.raw("null")
                }
            }
            writer.endObject()
        }
    }
}
