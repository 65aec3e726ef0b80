import Foundation
import Parlance

/// What a release holds: its number, the app versions it applies to, and one payload per
/// table and language with the payload's size and SHA-256.
///
/// `parlance-release publish` writes it as `manifest.txt`, a line-based UTF-8 text that the
/// detached signature (``ReleaseSignature``) covers byte for byte:
///
/// ```
/// parlance-release 1
/// release 42
/// app-version-minimum 2.0
/// app-version-maximum 2.9
/// source-language en
/// payload fr Localizable 18320 9f86d081…0f00a08 payloads/Localizable.fr.9f86d081884c7d65.pcat
/// ```
///
/// Fields are separated by one space; a table name or path is percent-encoded where it holds
/// a byte outside `A-Z a-z 0-9 . _ -` and `/` in paths. Payload lines are sorted by table, then
/// language, so the same catalogs always give the same bytes. A payload's path holds the
/// start of its hash, so a changed payload has a new path and a cache (or CDN) never serves
/// an old payload under a new manifest.
public struct ReleaseManifest: Hashable, Sendable {
    /// The manifest's file name in a release.
    public static let fileName = "manifest.txt"
    /// The format this code reads and writes.
    public static let formatVersion = 1
    /// The largest manifest a client reads: 4,096 payloads' lines fit many times over.
    public static let maximumSize = 1 << 20
    /// The most payloads a manifest may list.
    public static let maximumPayloads = 4096

    /// One compiled table in one language.
    public struct Payload: Hashable, Sendable {
        public var language: Language
        public var table: String
        /// The payload's size in bytes.
        public var size: Int
        /// The SHA-256 of the payload's bytes, as 64 lowercase hexadecimal digits.
        public var sha256: String
        /// Where the payload is, relative to the manifest.
        public var path: String

        public init(language: Language, table: String, size: Int, sha256: String, path: String) {
            self.language = language
            self.table = table
            self.size = size
            self.sha256 = sha256
            self.path = path
        }
    }

    /// The release number. A client applies a release only when its number is higher than the
    /// one it holds: a lower or equal number is a downgrade or a replay.
    public var release: Int
    /// The oldest app version the release applies to (inclusive).
    public var minimumAppVersion: AppVersion
    /// The newest app version the release applies to (inclusive); `nil` for no upper bound.
    public var maximumAppVersion: AppVersion?
    /// The languages the catalogs' keys are written in.
    public var sourceLanguages: [Language]
    /// The payloads, sorted by table and language.
    public var payloads: [Payload]

    public init(
        release: Int, minimumAppVersion: AppVersion, maximumAppVersion: AppVersion? = nil,
        sourceLanguages: [Language], payloads: [Payload]
    ) {
        self.release = release
        self.minimumAppVersion = minimumAppVersion
        self.maximumAppVersion = maximumAppVersion
        self.sourceLanguages = sourceLanguages
        self.payloads = payloads.sorted { ($0.table, $0.language.identifier) < ($1.table, $1.language.identifier) }
    }

    /// Whether the release applies to an app of `version`.
    public func applies(to version: AppVersion) -> Bool {
        guard version >= minimumAppVersion else { return false }
        if let maximumAppVersion, version > maximumAppVersion { return false }
        return true
    }

    // MARK: Writing

    /// The manifest's text.
    public func encoded() -> [UInt8] {
        var text = "parlance-release \(Self.formatVersion)\n"
        text += "release \(release)\n"
        text += "app-version-minimum \(minimumAppVersion)\n"
        if let maximumAppVersion { text += "app-version-maximum \(maximumAppVersion)\n" }
        for language in sourceLanguages { text += "source-language \(language.identifier)\n" }
        for payload in payloads {
            text += "payload \(payload.language.identifier) \(ManifestField.escape(payload.table, allowingSlash: false))"
            text += " \(payload.size) \(payload.sha256) \(ManifestField.escape(payload.path, allowingSlash: true))\n"
        }
        return Array(text.utf8)
    }

    // MARK: Reading

    /// Reads a manifest's text.
    /// - Throws: ``ReleaseError`` naming `path`, the line and the column of the first problem.
    public static func read(_ bytes: some Collection<UInt8>, path: String = fileName) throws(ReleaseError) -> ReleaseManifest {
        guard bytes.count <= maximumSize else {
            throw ReleaseError(.malformedManifest, "the manifest is \(bytes.count) bytes; at most \(maximumSize) are read", file: path)
        }
        var reader = ManifestLines(bytes: Array(bytes), path: path)
        return try reader.read()
    }
}

/// Reads the manifest's lines, each error at its line and column.
private struct ManifestLines {
    let bytes: [UInt8]
    let path: String

    mutating func read() throws(ReleaseError) -> ReleaseManifest {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ReleaseError(.malformedManifest, "the manifest is not UTF-8", file: path, line: 1, column: 1)
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.last == "" else {
            throw ReleaseError(.malformedManifest, "the manifest does not end with a newline", file: path, line: lines.count, column: 1)
        }
        lines.removeLast()
        var release: Int?
        var minimum: AppVersion?
        var maximum: AppVersion?
        var maximumLine = 1
        var sourceLanguages: [Language] = []
        var payloads: [ReleaseManifest.Payload] = []
        var seen: Set<String> = []
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard let keyword = fields.first, !keyword.isEmpty else {
                throw error("an empty line", line: number, field: 0, in: fields)
            }
            if number == 1 {
                guard keyword == "parlance-release", fields.count == 2 else {
                    throw error("the first line must be \"parlance-release \(ReleaseManifest.formatVersion)\"", line: 1, field: 0, in: fields)
                }
                guard fields[1] == "\(ReleaseManifest.formatVersion)" else {
                    throw error(
                        "the release is in format \(Diagnostic.quoted(String(fields[1]))); this client reads format \(ReleaseManifest.formatVersion)",
                        line: 1, field: 1, in: fields)
                }
                continue
            }
            switch keyword {
            case "release":
                try expect(2, fields, line: number)
                guard release == nil else { throw error("a second release line", line: number, field: 0, in: fields) }
                guard let value = Int(fields[1]), value >= 0, fields[1].allSatisfy(\.isASCII) else {
                    throw error("the release number must be a whole number of 0 or more", line: number, field: 1, in: fields)
                }
                release = value
            case "app-version-minimum", "app-version-maximum":
                try expect(2, fields, line: number)
                guard let version = AppVersion(String(fields[1])) else {
                    throw error("\(Diagnostic.quoted(String(fields[1]))) is no app version (numbers separated by dots)", line: number, field: 1, in: fields)
                }
                if keyword == "app-version-minimum" {
                    guard minimum == nil else { throw error("a second app-version-minimum line", line: number, field: 0, in: fields) }
                    minimum = version
                } else {
                    guard maximum == nil else { throw error("a second app-version-maximum line", line: number, field: 0, in: fields) }
                    maximum = version
                    maximumLine = number
                }
            case "source-language":
                try expect(2, fields, line: number)
                guard let language = Language(String(fields[1])) else {
                    throw error("\(Diagnostic.quoted(String(fields[1]))) is no language tag", line: number, field: 1, in: fields)
                }
                sourceLanguages.append(language)
            case "payload":
                try expect(6, fields, line: number)
                guard payloads.count < ReleaseManifest.maximumPayloads else {
                    throw error("more than \(ReleaseManifest.maximumPayloads) payloads", line: number, field: 0, in: fields)
                }
                guard let language = Language(String(fields[1])) else {
                    throw error("\(Diagnostic.quoted(String(fields[1]))) is no language tag", line: number, field: 1, in: fields)
                }
                guard let table = ManifestField.unescape(fields[2]), !table.isEmpty else {
                    throw error("the table name is empty or badly percent-encoded", line: number, field: 2, in: fields)
                }
                guard fields[3].allSatisfy({ $0.isASCII && $0.isNumber }), let size = Int(fields[3]) else {
                    throw error("the payload size must be a whole number of bytes", line: number, field: 3, in: fields)
                }
                let hash = String(fields[4])
                guard hash.utf8.count == 64, hash.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
                    throw error("the SHA-256 must be 64 lowercase hexadecimal digits", line: number, field: 4, in: fields)
                }
                guard let path = ManifestField.unescape(fields[5]), ManifestField.isSafeRelativePath(path) else {
                    throw error(
                        "the payload path must be relative, without \"..\" or empty components", line: number, field: 5, in: fields)
                }
                guard seen.insert("\(table)\u{0}\(language.identifier)").inserted else {
                    throw error("a second payload for \(table) in \(language)", line: number, field: 0, in: fields)
                }
                payloads.append(.init(language: language, table: table, size: size, sha256: hash, path: path))
            default:
                throw error("unknown line \(Diagnostic.quoted(String(keyword)))", line: number, field: 0, in: fields)
            }
        }
        guard !lines.isEmpty else {
            throw ReleaseError(.malformedManifest, "the manifest is empty", file: path, line: 1, column: 1)
        }
        guard let release else {
            throw ReleaseError(.malformedManifest, "the manifest has no release line", file: path, line: lines.count, column: 1)
        }
        guard let minimum else {
            throw ReleaseError(.malformedManifest, "the manifest has no app-version-minimum line", file: path, line: lines.count, column: 1)
        }
        if let maximum, maximum < minimum {
            throw ReleaseError(
                .malformedManifest, "app-version-maximum \(maximum) is below app-version-minimum \(minimum)", file: path, line: maximumLine)
        }
        return ReleaseManifest(
            release: release, minimumAppVersion: minimum, maximumAppVersion: maximum,
            sourceLanguages: sourceLanguages, payloads: payloads)
    }

    private func expect(_ count: Int, _ fields: [Substring], line: Int) throws(ReleaseError) {
        guard fields.count == count else {
            throw error(
                "\(Diagnostic.quoted(String(fields[0]))) takes \(count - 1) field\(count == 2 ? "" : "s"), separated by one space; found \(fields.count - 1)",
                line: line, field: 0, in: fields)
        }
    }

    /// An error at the start of field `field` (0 is the keyword) of a line.
    private func error(_ message: String, line: Int, field: Int, in fields: [Substring]) -> ReleaseError {
        var column = 1
        for index in 0..<min(field, fields.count) { column += fields[index].count + 1 }
        return ReleaseError(.malformedManifest, message, file: path, line: line, column: column)
    }
}

/// Percent-encoding of the manifest's free-text fields.
enum ManifestField {
    static func isPlain(_ byte: UInt8, allowingSlash: Bool) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2E, 0x5F, 0x2D: true
        case 0x2F: allowingSlash
        default: false
        }
    }

    static func escape(_ text: String, allowingSlash: Bool) -> String {
        var result = ""
        for byte in text.utf8 {
            if isPlain(byte, allowingSlash: allowingSlash) {
                result.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return result
    }

    /// The text a field encodes, or `nil` for a stray `%`, a bad digit or bytes that are not UTF-8.
    static func unescape(_ field: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = field.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == 0x25 else {
                guard isPlain(byte, allowingSlash: true) else { return nil }
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// A path a client may join to a base URL or folder: relative, no `.` or `..` components,
    /// no empty ones, no control characters or backslashes.
    static func isSafeRelativePath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), path.utf8.count <= 1024 else { return false }
        for scalar in path.unicodeScalars where scalar.value < 0x20 || scalar == "\\" || scalar.value == 0x7F { return false }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty || component == "." || component == ".." { return false }
        }
        return true
    }
}
