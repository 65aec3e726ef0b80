#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `parlance compile` wrote into a folder: the compiled files, the languages keys are
/// written in, and the catalogs they were compiled from, so a runtime can tell whether the
/// compiled files are still fresh without reading the catalogs.
///
/// It is the JSON file `parlance-compiled.json` beside the compiled files:
/// ```json
/// { "format" : 2, "sourceLanguages" : [ "en" ],
///   "files" : [ { "language" : "fr", "path" : "Localizable.fr.pcat", "table" : "Localizable" } ],
///   "sources" : [ { "hash" : 2746713394, "path" : "Localizable.xcstrings", "size" : 1834 } ] }
/// ```
/// The content depends only on the catalogs, so compiling twice writes the same bytes.
public struct CompiledCatalogManifest: Hashable, Sendable {
    /// The manifest's file name.
    public static let fileName = "parlance-compiled.json"

    /// One compiled file: a table in a language.
    public struct File: Hashable, Sendable {
        /// The file's name: beside the manifest in a folder, a member's name in a pack.
        public var path: String
        public var language: Language
        public var table: String
        /// Where the member starts in a pack (a multiple of 8); `nil` in a folder's manifest.
        public var offset: Int?
        /// The member's size in a pack; `nil` in a folder's manifest.
        public var size: Int?

        public init(path: String, language: Language, table: String, offset: Int? = nil, size: Int? = nil) {
            self.path = path
            self.language = language
            self.table = table
            self.offset = offset
            self.size = size
        }
    }

    /// One catalog the files were compiled from.
    public struct Source: Hashable, Sendable {
        /// The catalog's path relative to the folder that was compiled.
        public var path: String
        /// Its size in bytes.
        public var size: Int
        /// MurmurHash3 (x86, 32-bit, seed 0) of its bytes.
        public var hash: UInt32

        public init(path: String, size: Int, hash: UInt32) {
            self.path = path
            self.size = size
            self.hash = hash
        }

        /// The size and hash of `bytes`, recorded under `path`.
        public init(path: String, bytes: some ContiguousBytes) {
            self.path = path
            (self.size, self.hash) = bytes.withUnsafeBytes { ($0.count, CompiledCatalogLayout.murmur3($0)) }
        }
    }

    /// The compiled format version the files are in.
    public var formatVersion: Int
    /// The languages the catalogs' keys are written in.
    public var sourceLanguages: [Language]
    public var files: [File]
    public var sources: [Source]

    public init(formatVersion: Int = CompiledCatalog.formatVersion, sourceLanguages: [Language], files: [File], sources: [Source]) {
        self.formatVersion = formatVersion
        self.sourceLanguages = sourceLanguages
        self.files = files
        self.sources = sources
    }

    /// The languages there are files for, in the manifest's order.
    public var languages: [Language] {
        var languages: [Language] = []
        for file in files where !languages.contains(file.language) { languages.append(file.language) }
        return languages
    }

    // MARK: Freshness

    /// The sources in `folder` that no longer match what was compiled. The rule sees only the
    /// catalogs the manifest lists: a catalog added to the folder after compiling is not noticed,
    /// and sources are looked for in the folder given, which should be the folder compiled. A
    /// source whose size
    /// differs is stale; one whose size matches and that is no newer than the manifest is
    /// fresh (only its modification time is read); one newer than the manifest is read and
    /// its hash compared, so resources copied without their modification times stay fresh.
    /// A source that is not in `folder` (an app that ships only compiled files) is no reason
    /// to think the files stale.
    ///
    /// - Parameters:
    ///   - folder: The folder that was compiled, where the sources are looked for.
    ///   - manifestDate: When the manifest was written, from its file's attributes.
    public func staleSources(in folder: URL, manifestDate: Date) -> [String] {
        var stale: [String] = []
        for source in sources {
            let url = folder.appendingPathComponent(source.path)
            guard let status = FileSystem.status(of: url) else { continue }
            guard status.isRegular, status.size == source.size else {
                stale.append(source.path)
                continue
            }
            if status.modified <= manifestDate { continue }
            guard let data = try? Data(contentsOf: url, options: .alwaysMapped),
                Source(path: source.path, bytes: data).hash == source.hash
            else {
                stale.append(source.path)
                continue
            }
        }
        return stale
    }

    // MARK: Reading and writing

    /// The manifest as JSON text, in Xcode's layout, members sorted.
    public func encoded() -> [UInt8] {
        var json = JSONTextWriter()
        json.beginObject()
        json.key("files")
        json.beginArray()
        for file in files {
            json.element()
            json.beginObject()
            json.key("language")
            json.string(file.language.identifier)
            if let offset = file.offset {
                json.key("offset")
                json.raw(String(offset))
            }
            json.key("path")
            json.string(file.path)
            if let size = file.size {
                json.key("size")
                json.raw(String(size))
            }
            json.key("table")
            json.string(file.table)
            json.endObject()
        }
        json.endArray()
        json.key("format")
        json.raw(String(formatVersion))
        json.key("sourceLanguages")
        json.beginArray()
        for language in sourceLanguages {
            json.element()
            json.string(language.identifier)
        }
        json.endArray()
        json.key("sources")
        json.beginArray()
        for source in sources {
            json.element()
            json.beginObject()
            json.key("hash")
            json.raw(String(source.hash))
            json.key("path")
            json.string(source.path)
            json.key("size")
            json.raw(String(source.size))
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.bytes.append(0x0A)
        return json.bytes
    }

    /// Reads a manifest.
    /// - Throws: ``/ParlanceCatalogs/ParseError`` naming the file, line and column of the first problem: text that
    ///   is no JSON, a member of the wrong kind, a missing member, a tag that is no language.
    public static func read(_ data: Data, path: String) throws(ParseError) -> CompiledCatalogManifest {
        let result: Result<CompiledCatalogManifest, ParseError> = data.withUnsafeBytes { raw in
            var reader = ManifestReader(json: JSONReader(bytes: raw.bindMemory(to: UInt8.self), path: path))
            return Result { () throws(ParseError) in try reader.read() }
        }
        return try result.get()
    }
}

/// Reads the manifest straight from the JSON cursor, so each error points at its value.
private struct ManifestReader {
    var json: JSONReader

    mutating func read() throws(ParseError) -> CompiledCatalogManifest {
        var cursor = try json.enterObject(for: "the manifest")
        var format: Int?
        var sourceLanguages: [Language]?
        var files: [CompiledCatalogManifest.File]?
        var sources: [CompiledCatalogManifest.Source]?
        while let name = try json.nextMember(&cursor) {
            if json.matches(name, "format") {
                format = try json.readInteger(for: "format")
            } else if json.matches(name, "sourceLanguages") {
                var languages: [Language] = []
                var array = try json.enterArray(for: "sourceLanguages")
                while try json.nextElement(&array) { languages.append(try language(for: "sourceLanguages")) }
                sourceLanguages = languages
            } else if json.matches(name, "files") {
                var list: [CompiledCatalogManifest.File] = []
                var seen: Set<String> = []
                var array = try json.enterArray(for: "files")
                while try json.nextElement(&array) {
                    json.skipWhitespace()
                    let start = json.position
                    let file = try file()
                    // Each file once, each table and language once: a manifest naming one file many
                    // times would make a reader read it many times.
                    guard seen.insert("path\u{0}" + file.path).inserted,
                        seen.insert("table\u{0}\(file.table)\u{0}\(file.language.identifier)").inserted
                    else {
                        throw json.error("expected each file, and each table and language, once; found \(json.quoted(file.path)) again.", at: start)
                    }
                    list.append(file)
                }
                files = list
            } else if json.matches(name, "sources") {
                var list: [CompiledCatalogManifest.Source] = []
                var array = try json.enterArray(for: "sources")
                while try json.nextElement(&array) { list.append(try source()) }
                sources = list
            } else {
                _ = try json.readValue()
            }
        }
        try json.expectEnd()
        guard let format else { throw missing("format", at: cursor) }
        guard let files else { throw missing("files", at: cursor) }
        return CompiledCatalogManifest(
            formatVersion: format, sourceLanguages: sourceLanguages ?? [], files: files, sources: sources ?? [])
    }

    private mutating func language(for member: String) throws(ParseError) -> Language {
        json.skipWhitespace()
        let start = json.position
        let tag = try json.readString(for: member)
        guard let language = Language(tag) else {
            throw json.error("expected a language tag for \(json.quoted(member)), found \(json.quoted(tag)).", at: start)
        }
        return language
    }

    private mutating func file() throws(ParseError) -> CompiledCatalogManifest.File {
        var cursor = try json.enterObject(for: "files")
        var path: String?
        var language: Language?
        var table: String?
        var offset: Int?
        var size: Int?
        while let name = try json.nextMember(&cursor) {
            if json.matches(name, "offset") {
                offset = try json.readInteger(for: "offset")
            } else if json.matches(name, "size") {
                size = try json.readInteger(for: "size")
            } else if json.matches(name, "path") {
                json.skipWhitespace()
                let start = json.position
                let text = try json.readString(for: "path")
                // A compiled file lies beside the manifest: no folders, no way out of it.
                guard !text.isEmpty, !text.contains("/"), !text.contains("\\"), text != ".", text != ".." else {
                    throw json.error("expected a file name beside the manifest for \"path\", found \(json.quoted(text)).", at: start)
                }
                path = text
            } else if json.matches(name, "language") {
                language = try self.language(for: "language")
            } else if json.matches(name, "table") {
                table = try json.readString(for: "table")
            } else {
                _ = try json.readValue()
            }
        }
        guard let path else { throw missing("path", at: cursor) }
        guard let language else { throw missing("language", at: cursor) }
        guard let table else { throw missing("table", at: cursor) }
        return CompiledCatalogManifest.File(path: path, language: language, table: table, offset: offset, size: size)
    }

    private mutating func source() throws(ParseError) -> CompiledCatalogManifest.Source {
        var cursor = try json.enterObject(for: "sources")
        var path: String?
        var size: Int?
        var hash: UInt32?
        while let name = try json.nextMember(&cursor) {
            if json.matches(name, "path") {
                json.skipWhitespace()
                let start = json.position
                let text = try json.readString(for: "path")
                // A source is checked by reading it: only paths inside the compiled folder.
                let components = text.split(separator: "/", omittingEmptySubsequences: false)
                guard !text.isEmpty, !text.hasPrefix("/"), !text.contains("\\"), !components.contains(".."), !components.contains("") else {
                    throw json.error("expected a relative path inside the compiled folder for \"path\", found \(json.quoted(text)).", at: start)
                }
                path = text
            } else if json.matches(name, "size") {
                size = try json.readInteger(for: "size")
            } else if json.matches(name, "hash") {
                json.skipWhitespace()
                let start = json.position
                let value = try json.readInteger(for: "hash")
                guard let exact = UInt32(exactly: value) else {
                    throw json.error("expected a 32-bit hash for \"hash\", found \(value).", at: start)
                }
                hash = exact
            } else {
                _ = try json.readValue()
            }
        }
        guard let path else { throw missing("path", at: cursor) }
        guard let size else { throw missing("size", at: cursor) }
        guard let hash else { throw missing("hash", at: cursor) }
        return CompiledCatalogManifest.Source(path: path, size: size, hash: hash)
    }

    private func missing(_ member: String, at cursor: JSONReader.ObjectCursor) -> ParseError {
        json.error("expected a \(json.quoted(member)) member.", at: cursor.start)
    }
}
