import Parlance
import ParlanceCatalogs

/// One place where code asks for a localized string by key.
public struct KeyUsage: Hashable, Sendable {
    /// The key, as the catalog holds it: an interpolated `Text("\(n) files")` becomes
    /// `%lld files`, as Xcode extracts it.
    public var key: String
    /// The table the code names (`table:`, `tableName:`); `nil` for the default, `Localizable`.
    public var table: String?
    /// The comment for translators the code gives.
    public var comment: String?
    /// The value the code gives to show when no catalog has the key
    /// (`default:`, `defaultValue:`, `value:`).
    public var defaultValue: String?
    /// Where the key's string literal starts.
    public var location: ParlanceCatalogs.SourceLocation

    public init(
        key: String, table: String? = nil, comment: String? = nil, defaultValue: String? = nil,
        location: ParlanceCatalogs.SourceLocation
    ) {
        self.key = key
        self.table = table
        self.comment = comment
        self.defaultValue = defaultValue
        self.location = location
    }

    /// The table the key belongs to: the one the code names, or `Localizable`.
    public var tableName: String { table ?? "Localizable" }
}
