#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value a message can take as it is: `localizer.string("products.available", count)`
/// with `count` an `Int` variable, as seed 003's `localized(with: productCount)` writes it.
///
/// The standard integer and floating-point types, `String`, `Substring`, `Decimal`, `Date`
/// and ``MessageArgument`` itself conform. Each converts to the one ``MessageArgument``
/// case its conversions accept, so `%lld` takes an `Int` and `%@` a `String` exactly as
/// when the argument is spelled out, and nothing is boxed on the way.
public protocol MessageArgumentConvertible: Sendable {
    /// The value as a message argument.
    var messageArgument: MessageArgument { get }
}

extension MessageArgument: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { self }
}

extension Int: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .int(Int64(self)) }
}

extension Int8: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .int(Int64(self)) }
}

extension Int16: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .int(Int64(self)) }
}

extension Int32: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .int(Int64(self)) }
}

extension Int64: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .int(self) }
}

extension UInt: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { MessageArgument(self) }
}

extension UInt8: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .int(Int64(self)) }
}

extension UInt16: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .int(Int64(self)) }
}

extension UInt32: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .int(Int64(self)) }
}

extension UInt64: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { MessageArgument(self) }
}

extension Double: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .double(self) }
}

extension Float: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .double(Double(self)) }
}

extension String: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .string(self) }
}

extension Substring: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .string(String(self)) }
}

extension Decimal: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .decimal(self) }
}

extension Date: MessageArgumentConvertible {
    /// The date as `%@` prints an `NSDate` (`2026-11-23 09:30:00 +0000`). To show a date
    /// in the language being shown, format it with the `Parlance` module's `LocaleFormatter` and pass the text.
    public var messageArgument: MessageArgument { .string(description) }
}

extension MessageArgument {
    /// The arguments of a parameter pack as an array, in order.
    @inlinable
    static func array<each Argument: MessageArgumentConvertible>(_ arguments: repeat each Argument) -> [MessageArgument] {
        // Sized first, so the one allocation is exact rather than grown on the first append.
        var count = 0
        for _ in repeat each arguments { count += 1 }
        var list: [MessageArgument] = []
        list.reserveCapacity(count)
        for argument in repeat each arguments { list.append(argument.messageArgument) }
        return list
    }
}
