import Parlance

/// One place where code asks for a key, as a source scanner finds it.
///
/// The checker compares usages with the catalogs (`unknown-key`, `unused-key`); finding
/// them in Swift code is the scanner's job, so any scanner, or a test, can supply them.
public struct KeyUsage: Hashable, Sendable {
    /// The key as the code writes it.
    public var key: String
    /// The table the code names; `nil` means the default table, `Localizable`.
    public var table: String?
    /// Where the key is written in the code.
    public var location: SourceLocation

    public init(key: String, table: String? = nil, location: SourceLocation) {
        self.key = key
        self.table = table
        self.location = location
    }

    /// The table the lookup reads: the one named, or `Localizable`.
    public var resolvedTable: String { table ?? "Localizable" }
}
