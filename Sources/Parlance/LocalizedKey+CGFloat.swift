import Foundation
import ParlanceCore

extension LocalizedKey.StringInterpolation {
    /// A `CGFloat`: `%lf`, as a `Double` (Foundation's type on Linux, hence here and not in
    /// ParlanceCore).
    public mutating func appendInterpolation(_ value: CGFloat) { append(.double(Double(value)), specifier: "%lf") }
}
