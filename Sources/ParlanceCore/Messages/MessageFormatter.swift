/// Renders printf-style templates, catalog localizations and `{name}` templates, safely.
///
/// Parlance formats messages itself instead of calling `String(format:)`: the output is the
/// same on Linux and Apple platforms, plural forms follow the rules of ``language`` (not the
/// device's), and no template or argument list can crash, hang or read memory it was not
/// given. What cannot be placed shows as ``marker`` and is explained in
/// ``FormattedMessage/diagnostics``.
///
/// ```swift
/// let russian = MessageFormatter(language: "ru")
/// russian.format(catalogEntry, [5]).string   // "5 файлов"
/// russian.format("%2$@ — %1$d", [3, "Ада"]).string   // "Ада — 3"
/// ```
///
/// A formatter is a small value: make one per language (or per request) and share it freely.
public struct MessageFormatter: Sendable {
    /// What a value that could not be placed renders as: a missing or unusable argument,
    /// `%p`, `%n`, an unknown substitution, or nesting past the limits.
    public static let marker = "⟨?⟩"
    /// The largest width or precision honored; larger ones are capped, with a diagnostic,
    /// so `%999999999d` cannot allocate gigabytes.
    public static let maximumWidth = 1_000
    /// How deeply substitutions may nest (a variant holding `%#@other@`); a substitution
    /// that refers to itself stops here.
    public static let maximumSubstitutionDepth = 8
    /// How many substitutions one message may expand in all, so variants that each refer
    /// to several others cannot grow exponentially.
    public static let maximumSubstitutions = 256
    /// How many diagnostics one message reports before saying that more were left out.
    public static let maximumDiagnostics = 64

    /// The language being rendered; it picks the plural rules.
    public let language: String
    /// The device class that device variations select; `other` when the device has no form.
    public var device: DeviceClass
    /// The display width that width variations select: the widest form that fits,
    /// else the narrowest. `nil` selects the widest form.
    public var width: Int?
    /// What `%f`, `%e` and `%g` write between a number's integer and fraction digits: `.` by
    /// default, as `String(format:)` writes; interpolated keys render with the language's own
    /// (`2,5` in French), as Apple's `String(localized:)` does.
    public var decimalSeparator: String = "."
    let pluralRules: PluralRules?

    /// - Parameters:
    ///   - language: A BCP 47 tag such as `ru` or `pt-BR`; plural forms follow its CLDR rules.
    ///     A language CLDR has no rules for renders every plural as `other`, with a diagnostic.
    ///   - device: The device whose variations to show.
    ///   - width: The width available, for `.stringsdict` width variations.
    public init(language: String, device: DeviceClass = .other, width: Int? = nil) {
        self.language = language
        self.device = device
        self.width = width
        self.pluralRules = PluralRules.cardinal(for: language)
    }

    /// Renders a printf-style template such as `"%@ has %lld files"`.
    ///
    /// `%#@name@` has nothing to refer to in a bare template and renders as ``marker``;
    /// format a ``/ParlanceCatalogs/Localization`` for substitutions.
    public func format(_ template: String, _ arguments: [MessageArgument] = []) -> FormattedMessage {
        format(CompiledTemplate.cached(template), arguments)
    }

    /// Renders a template compiled ahead of time.
    public func format(_ template: CompiledTemplate, _ arguments: [MessageArgument] = []) -> FormattedMessage {
        if let string = PlainTemplateWriter.write(template, arguments) { return FormattedMessage(string: string, diagnostics: []) }
        var renderer = MessageRenderer(formatter: self, arguments: arguments)
        renderer.render(template, in: .top)
        return renderer.finish()
    }

    /// Renders one language's localization of a key: its plural, device or width variations,
    /// its string and the `%#@name@` substitutions it defines.
    ///
    /// Plural variations at the top level choose their form by the first argument that is a
    /// number; a substitution chooses by its own argument (`argNum`, or its place in the template).
    public func format(_ localization: Localization, _ arguments: [MessageArgument] = []) -> FormattedMessage {
        var renderer = MessageRenderer(formatter: self, arguments: arguments)
        renderer.render(localization, in: .top)
        return renderer.finish()
    }
}
