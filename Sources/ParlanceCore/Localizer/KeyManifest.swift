#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The keys a component library needs an app to translate (seed 002's "Document
/// required keys", made checkable).
///
/// A manifest is JSON:
/// ```json
/// { "library": "GomaUI", "table": "Localizable",
///   "keys": [ { "key": "total_odds", "comment": "TicketBetInfoView label" },
///             { "key": "load_more_count", "placeholders": ["count"] } ] }
/// ```
/// An app checks coverage at test time with ``Localizer/missingKeys(of:)``, and CI
/// with `parlance check --manifest`.
public struct KeyManifest: Hashable, Sendable, Codable {
    public struct Key: Hashable, Sendable, Codable {
        public var key: String
        public var comment: String?
        /// Named `{placeholders}` the library fills in.
        public var placeholders: [String]?

        public init(_ key: String, comment: String? = nil, placeholders: [String]? = nil) {
            self.key = key
            self.comment = comment
            self.placeholders = placeholders
        }
    }

    /// The library that needs the keys.
    public var library: String
    /// The table the keys are looked up in.
    public var table: String
    public var keys: [Key]

    public init(library: String, table: String = LanguageSnapshot.defaultTable, keys: [Key]) {
        self.library = library
        self.table = table
        self.keys = keys
    }

    enum CodingKeys: String, CodingKey { case library, table, keys }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        library = try container.decode(String.self, forKey: .library)
        table = try container.decodeIfPresent(String.self, forKey: .table) ?? LanguageSnapshot.defaultTable
        keys = try container.decode([Key].self, forKey: .keys)
    }

    /// Reads a manifest file.
    /// - Throws: when the file cannot be read or is not a manifest; the error names the file.
    public static func read(from url: URL) throws -> KeyManifest {
        let data = try Data(contentsOf: url)
        do {
            return try JSONDecoder().decode(KeyManifest.self, from: data)
        } catch {
            throw ParseError(
                "\(url.lastPathComponent) is not a key manifest: \(error); expected {\"library\": …, \"keys\": [{\"key\": …}]}.",
                at: SourceLocation(file: url.path, line: 1, column: 1))
        }
    }
}

extension Localizer {
    /// The manifest's keys each available language lacks in its own catalogs (a value
    /// found only by falling back to another language counts as missing).
    public func missingKeys(of manifest: KeyManifest) -> [MissingKey] {
        var missing: [MissingKey] = []
        for language in availableLanguages.sorted() {
            let snapshot = snapshot(for: language)
            for entry in manifest.keys {
                switch snapshot.storage.value(entry.key, table: manifest.table) {
                case .plain?:
                    continue
                case .rich(let message)? where !message.isFallback:
                    continue
                case .rich(let message)?:
                    missing.append(MissingKey(language: language, table: manifest.table, key: entry.key, resolvedFrom: message.language))
                case nil:
                    missing.append(MissingKey(language: language, table: manifest.table, key: entry.key, resolvedFrom: nil))
                }
            }
        }
        return missing
    }
}
