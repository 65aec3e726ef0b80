/// The contents of one `.stringsdict` file: a localization per key, as String Catalogs model it.
///
/// An entry whose format is exactly one `%#@name@` with one plural rule reads as
/// plural ``Variations``, the way Xcode represents `"\(count) files"`. Any other
/// format reads as a string unit plus ``Substitution``s whose variants write the
/// argument as `%arg`. Device and width rules read as device and width variations.
public struct StringsDictFile: Hashable, Sendable {
    /// Each key's localization, in file order.
    public var entries: OrderedMap<String, Localization>
    /// Where each key was written.
    public var locations: [String: SourceLocation]
    /// Warnings found while reading; the file was still read whole.
    public var diagnostics: [Diagnostic]

    public init(
        entries: OrderedMap<String, Localization> = OrderedMap(),
        locations: [String: SourceLocation] = [:],
        diagnostics: [Diagnostic] = []
    ) {
        self.entries = entries
        self.locations = locations
        self.diagnostics = diagnostics
    }
}

/// The keys `.stringsdict` files use.
package enum StringsDictKey {
    package static let format = "NSStringLocalizedFormatKey"
    package static let specType = "NSStringFormatSpecTypeKey"
    package static let valueType = "NSStringFormatValueTypeKey"
    package static let pluralRule = "NSStringPluralRuleType"
    package static let widthRule = "NSStringVariableWidthRuleType"
    package static let deviceRule = "NSStringDeviceSpecificRuleType"
}
