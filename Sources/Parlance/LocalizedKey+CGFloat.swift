import Foundation
import ParlanceCore

#if canImport(FoundationEssentials)
// Where FoundationEssentials is a module of its own (Linux), `CGFloat` is Foundation's, which the
// core does not import: the overload lives here. Elsewhere the core, which imports Foundation,
// declares it (LocalizedKey.swift), so a file that imports ParlanceCore alone writes `%lf` too.
extension LocalizedKey.StringInterpolation {
    /// A `CGFloat`: `%lf`, as a `Double`.
    public mutating func appendInterpolation(_ value: CGFloat) { append(.double(Double(value)), specifier: "%lf") }
}
#endif
