import Foundation

/// `parlance:ignore` in a key's comment: the way to silence findings about one key
/// where the file format has comments (String Catalogs, `.strings` files).
///
/// `parlance:ignore empty-value, new` silences those rules for the key;
/// `parlance:ignore` followed by no known rule id silences every rule for it.
struct IgnoreDirective: Sendable {
    static let marker = "parlance:ignore"

    /// The rules silenced; empty when the directive silences all of them.
    private let rules: Set<CheckRule>

    /// The directive in `comment`, or `nil` when it holds none.
    init?(comment: String?) {
        guard let comment, let range = comment.range(of: Self.marker) else { return nil }
        let line = comment[range.upperBound...].prefix { $0 != "\n" }
        let words = line.split { $0 == " " || $0 == "," || $0 == "\t" }
        rules = Set(words.compactMap { word in CheckRule.all.first { $0.rawValue == word } })
    }

    func silences(_ rule: CheckRule) -> Bool {
        rules.isEmpty || rules.contains(rule)
    }
}
