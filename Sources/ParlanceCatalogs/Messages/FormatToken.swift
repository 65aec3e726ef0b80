/// One piece of a printf-style template as Foundation and String Catalogs write them.
public enum FormatToken: Hashable, Sendable {
    /// Text copied as is.
    case literal(String)
    /// A conversion such as `%d`, `%1$@`, `%-8.2f` or `%lld`.
    case specifier(FormatSpecifier)
    /// A `%#@name@` substitution, optionally positional (`%2$#@name@`).
    case substitution(name: String, position: Int?)
    /// `%arg`: inside a String Catalog substitution variant, the substituted argument itself.
    ///
    /// Scanned as its own token because read as printf it would be `%a` followed by `rg`.
    case substitutedArgument
    /// `%%`, a literal percent sign.
    case percent
    /// Something that starts with `%` but is no valid conversion; `text` is what was skipped.
    case invalid(text: String)
}

/// A printf conversion: `%[position$][flags][width][.precision][length]conversion`.
public struct FormatSpecifier: Hashable, Sendable, CustomStringConvertible {
    /// Where a `*` width or precision reads its value.
    public enum ArgumentSource: Hashable, Sendable {
        /// `*`: the next argument in sequence, before the converted value.
        case next
        /// `*2$`: the argument at a 1-based position.
        case position(Int)
    }

    /// The explicit 1-based argument position (`%2$d`), if any.
    public var position: Int?
    /// Flags among `-+ #0'`.
    public var flags: String
    /// The minimum width written as digits; `nil` when absent or read from an argument (``widthArgument``).
    public var width: Int?
    /// The precision after `.` written as digits (`.` alone is 0); `nil` when absent or read from an argument.
    public var precision: Int?
    /// Where a `*` width comes from; `nil` when the width is not `*`.
    public var widthArgument: ArgumentSource?
    /// Where a `*` precision comes from; `nil` when the precision is not `*`.
    public var precisionArgument: ArgumentSource?
    /// The length modifier: `hh`, `h`, `l`, `ll`, `q`, `L`, `z`, `t` or `j`.
    public var length: String
    /// The conversion character: `@ d D i u U o O x X f F e E g G a A c C s S p n`.
    public var conversion: Character
    /// The specifier exactly as written, `%` included.
    public var text: String

    /// A specifier from its parts (the scanner's and the compiled format's).
    package init(
        position: Int?, flags: String, width: Int?, precision: Int?, widthArgument: ArgumentSource?,
        precisionArgument: ArgumentSource?, length: String, conversion: Character, text: String
    ) {
        self.position = position
        self.flags = flags
        self.width = width
        self.precision = precision
        self.widthArgument = widthArgument
        self.precisionArgument = precisionArgument
        self.length = length
        self.conversion = conversion
        self.text = text
    }

    /// Whether width or precision is `*` (read from an argument).
    public var hasStarArgument: Bool { widthArgument != nil || precisionArgument != nil }

    public var description: String { text }

    /// The conversion with its length modifier and no `%`, as `.stringsdict` and String Catalogs
    /// record an argument's type: `lld`, `d`, `@`.
    public var typeSpecifier: String { length + String(conversion) }
}
