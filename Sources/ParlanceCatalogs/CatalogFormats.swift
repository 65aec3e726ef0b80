#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every catalog format Parlance reads, and the one place a file's extension is matched to its reader.
///
/// To add a format, write a type conforming to ``CatalogFormat`` in `Formats/`, add one
/// line to ``all``, and add its tests beside the others'
/// (`Tests/ParlanceCatalogsTests/<Format>Tests.swift`, must-fail fixtures included). The
/// build plugins, which cannot import a library, keep a copy of ``fileExtensions``; a test
/// fails when the copy and this list differ.
public enum CatalogFormats {
    /// The formats, String Catalogs first: a folder reader reads files in this order of
    /// formats' placement (String Catalogs before `.lproj` tables), each group by path.
    public static let all: [any CatalogFormat] = [
        StringCatalogFormat(),
        StringsFileFormat(),
        StringsDictFormat(),
        JSONMessagesFormat(),
    ]

    /// The extensions of ``all``, lowercased, without dots, in the same order.
    public static let fileExtensions: [String] = all.map(\.fileExtension)

    /// The format files with `fileExtension` are read in (no dot); `nil` when none is.
    ///
    /// Extensions match exactly, as Foundation's bundle lookup does on a case-sensitive file
    /// system: `Localizable.STRINGS` is not a table.
    public static func format(forExtension fileExtension: String) -> (any CatalogFormat)? {
        all.first { $0.fileExtension == fileExtension }
    }

    /// The format `path`'s extension names; `nil` for a file Parlance does not read.
    public static func format(forPath path: String) -> (any CatalogFormat)? {
        let name = path.split(separator: "/").last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return format(forExtension: String(name[name.index(after: dot)...]))
    }

    /// The format `url`'s extension names; `nil` for a file Parlance does not read.
    public static func format(for url: URL) -> (any CatalogFormat)? {
        format(forExtension: url.pathExtension)
    }

    /// The extensions as a reader of messages expects them: `.xcstrings, .strings or .stringsdict`.
    public static var extensionList: String {
        let names = fileExtensions.map { "." + $0 }
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The error a one-language format throws when no language was given for `path`.
    static func noLanguage(_ path: String) -> ParseError {
        ParseError(
            "cannot tell the language of \(path); put it in an xx.lproj folder or name the language.",
            at: SourceLocation(file: path, line: 1, column: 1))
    }
}
