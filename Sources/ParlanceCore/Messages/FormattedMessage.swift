/// A rendered message and what went wrong while rendering it.
///
/// Rendering never fails: a value that could not be placed shows as
/// ``MessageFormatter/marker`` in ``string`` and is explained in ``diagnostics``,
/// so a broken translation degrades visibly instead of crashing or vanishing.
public struct FormattedMessage: Sendable, Hashable, CustomStringConvertible {
    /// The text to show.
    public var string: String
    /// Warnings about the template or the arguments, in the order they were found; empty when all went well.
    public var diagnostics: [Diagnostic]

    public init(string: String, diagnostics: [Diagnostic] = []) {
        self.string = string
        self.diagnostics = diagnostics
    }

    public var description: String { string }
}
