/// Content that could not be read: where reading stopped and what was expected there.
///
/// The description is the compiler-style line tools print:
/// `Localizable.strings:12:18: error: expected ';' after the value "Hello".`
public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where reading stopped.
    public var location: SourceLocation
    /// One sentence saying what was found and what was expected.
    public var message: String

    /// An error at `location`; `message` says what was found and what was expected.
    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// The error as a ``Diagnostic`` of severity ``Diagnostic/Severity/error``.
    public var diagnostic: Diagnostic { Diagnostic(.error, message, at: location) }

    public var description: String { diagnostic.description }
}
