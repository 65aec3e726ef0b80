#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// String Catalogs (`.xcstrings`): one JSON file holds a table in every language and names
/// its source language. Read by ``XCStringsReader``.
public struct StringCatalogFormat: CatalogFormat {
    public var name: String { "String Catalog" }
    public var fileExtension: String { "xcstrings" }
    public var placement: CatalogFilePlacement { .anywhere }
    public var precedence: Int { 0 }

    public init() {}

    /// Reads a String Catalog; `language` is ignored (the file names its languages). Positions
    /// cost a second pass over the bytes, so they are found only when `locating`.
    public func read(
        _ data: Data, path: String, table: String, language: String?, locating: Bool
    ) throws(ParseError) -> CatalogFile {
        try XCStringsReader.read(data, path: path, table: table, locating: locating)
    }
}
