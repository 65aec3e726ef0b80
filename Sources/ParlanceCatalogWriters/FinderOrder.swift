import Foundation
import ParlanceCatalogs

/// The order Xcode sorts String Catalog keys in: Finder's, as
/// `localizedStandardCompare` gives it, but with a fixed locale so the output
/// does not depend on the machine that writes it.
///
/// The root locale reproduces the corpus of real catalogs (`zh-Hans` < `zh-Hant` <
/// `zh-HK`, `message 2` < `message 10`, punctuation before digits before letters);
/// `en_US_POSIX` does not, as it collates by code point.
@_spi(Files) public struct FinderOrder {
    static let options: String.CompareOptions = [.caseInsensitive, .numeric, .widthInsensitive, .forcedOrdering]
    static let locale = Locale(identifier: "")

    /// Whether `lhs` sorts before `rhs` in Finder order.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.compare(rhs, options: options, range: nil, locale: locale) == .orderedAscending
    }

    /// Sorted lists by their names in code-point order. Collation is slow and a
    /// catalog repeats the same few name sets (languages, plural categories) thousands of times.
    private var memo: [[String]: [String]] = [:]

    public init() {}

    /// `names` in Finder order.
    public mutating func sorted(_ names: [String]) -> [String] {
        if names.count < 2 { return names }
        let key = names.sorted()
        if let known = memo[key] { return known }
        let result = key.sorted(by: Self.precedes)
        memo[key] = result
        return result
    }
}
