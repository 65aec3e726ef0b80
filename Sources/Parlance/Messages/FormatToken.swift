/// One piece of a printf-style template as Foundation and String Catalogs write them.
public enum FormatToken: Hashable, Sendable {
    /// Text copied as is.
    case literal(String)
    /// A conversion such as `%d`, `%1$@`, `%-8.2f` or `%lld`.
    case specifier(FormatSpecifier)
    /// A `%#@name@` substitution, optionally positional (`%2$#@name@`).
    case substitution(name: String, position: Int?)
    /// `%%`, a literal percent sign.
    case percent
    /// Something that starts with `%` but is no valid conversion; `text` is what was skipped.
    case invalid(text: String)
}

/// A printf conversion: `%[position$][flags][width][.precision][length]conversion`.
public struct FormatSpecifier: Hashable, Sendable, CustomStringConvertible {
    /// The explicit 1-based argument position (`%2$d`), if any.
    public var position: Int?
    /// Flags among `-+ #0'`.
    public var flags: String
    /// The minimum width; `nil` when absent. A `*` width reads an argument and is kept in ``text`` only.
    public var width: Int?
    /// The precision after `.`; `nil` when absent.
    public var precision: Int?
    /// The length modifier: `hh`, `h`, `l`, `ll`, `q`, `L`, `z`, `t` or `j`.
    public var length: String
    /// The conversion character: `@ d i u o x X f F e E g G a A c C s S p n`.
    public var conversion: Character
    /// Whether width or precision is `*` (read from an argument).
    public var hasStarArgument: Bool
    /// The specifier exactly as written, `%` included.
    public var text: String

    public var description: String { text }

    /// The conversion with its length modifier and no `%`, as `.stringsdict` and String Catalogs
    /// record an argument's type: `lld`, `d`, `@`.
    public var typeSpecifier: String { length + String(conversion) }
}
