import Foundation

extension LocaleFormatter {
    /// Whether a list means all of its items or one of them.
    public enum ListType: Sendable, Hashable, CaseIterable {
        /// `A, B et C` (fr), `A, B, and C` (en), `A, B e C` (it).
        case and
        /// `A, B ou C` (fr), `A, B, or C` (en), `A, B o C` (it).
        case or
    }

    /// Items joined as the language joins them.
    ///
    /// `ListFormatter` does not exist in Foundation on Linux; this uses `ListFormatStyle`,
    /// which both platforms have. An empty list prints `""` and one item prints as itself.
    /// Arabic wraps each item in U+2068/U+2069 (first-strong isolate) so that Latin names
    /// keep their order inside right-to-left text.
    /// - Parameters:
    ///   - items: The items, already formatted.
    ///   - type: All of them or one of them.
    public func list(_ items: [String], type: ListType = .and) -> String {
        let style = ListFormatStyle<StringStyle, [String]>.list(type: type == .or ? .or : .and, width: .standard)
        return style.locale(locale).format(items)
    }
}
