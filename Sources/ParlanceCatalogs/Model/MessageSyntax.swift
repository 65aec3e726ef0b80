/// The syntax a catalog's messages are written in, which decides how they are rendered.
public enum MessageSyntax: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Apple's: printf specifiers (`%lld`, `%@`), `%#@name@` substitutions, plural and device
    /// variations held in the model, and Parlance's `{name}` placeholders. String Catalogs,
    /// `.strings` and `.stringsdict` files are written in it.
    case apple
    /// ICU MessageFormat (`{count, plural, one {# file} other {# files}}`), the syntax
    /// FormatJS, i18next-icu and Android read. Each value is one message whose plurals and
    /// selects are inside its text; JSON message catalogs are written in it.
    case icu

    /// The syntax's name, for messages: `ICU MessageFormat`.
    public var description: String {
        switch self {
        case .apple: "Apple's format strings"
        case .icu: "ICU MessageFormat"
        }
    }
}

/// How a JSON message catalog lays its messages out, so a writer writes a file as it was read.
public enum JSONCatalogLayout: String, Hashable, Sendable, CaseIterable {
    /// FormatJS's compiled or simple form: `{"greeting": "Hello {name}!"}`.
    case flat
    /// FormatJS's extracted form: `{"greeting": {"defaultMessage": "Hello {name}!",
    /// "description": "On the home screen"}}`; the description is the entry's comment.
    case described
    /// i18next's v4 JSON: objects nest keys (`{"home": {"title": "Welcome"}}` holds
    /// `home.title`), leaves are messages.
    case nested
}
