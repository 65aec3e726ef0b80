/// A plural message worked out once, so that rendering it finds its form by index and scans
/// nothing: a localization whose variations are plural, whose forms are each one string, in a
/// language CLDR has rules for. That is the shape of nearly every plural in String Catalogs and
/// `.stringsdict` files; anything else renders through the general path.
///
/// A compiled snapshot makes one the first time a lookup decodes such a value, on the thread
/// that looks it up, from the tokens the file stores, and keeps it with the value for the
/// snapshot's life.
final class PluralPlan: Sendable {
    /// The formatter of the language whose catalog held the message; its plural rules choose.
    let formatter: MessageFormatter
    /// The scanned form of each CLDR category, in ``/ParlanceCatalogs/PluralCategory/allCLDR`` order; `nil` where
    /// the catalog has no form, so the general path reports the gap as it always does.
    private let forms: [CompiledTemplate?]

    /// The plan of `localization`, or `nil` when it is not a plain plural.
    /// - Parameter tokens: Templates already split into tokens (a compiled file stores them),
    ///   by their text; a form's template not among them is scanned.
    init?(_ localization: Localization, tokens: [String: [FormatToken]] = [:], formatter: MessageFormatter) {
        guard formatter.pluralRules != nil, localization.substitutions?.isEmpty ?? true,
            case .plural(let forms)? = localization.variations, !forms.isEmpty
        else { return nil }
        var templates = [CompiledTemplate?](repeating: nil, count: PluralCategory.allCLDR.count)
        for (category, form) in forms {
            guard let ordinal = Self.ordinal(of: category), form.variations == nil,
                form.substitutions?.isEmpty ?? true, let unit = form.stringUnit
            else { return nil }
            // Without stored tokens, from the shared template cache: the snapshots a reload
            // replaces then share their forms instead of each scanning and keeping its own.
            templates[ordinal] = tokens[unit.value].map { CompiledTemplate(unit.value, tokens: $0) } ?? CompiledTemplate.cached(unit.value)
        }
        self.formatter = formatter
        self.forms = templates
    }

    /// The message rendered with `arguments`, exactly as the formatter renders the localization;
    /// `nil` when the general path must, to report what is wrong (no number to count,
    /// a category the catalog has no form for).
    func format(_ arguments: [MessageArgument]) -> FormattedMessage? {
        // A top-level plural counts the first argument that is a number, as the general path does.
        guard let offset = arguments.firstIndex(where: { $0.isNumber }),
            let operands = MessageRenderer.operands(of: arguments[offset]),
            let rules = formatter.pluralRules,
            let ordinal = Self.ordinal(of: rules.category(for: operands)),
            let template = forms[ordinal]
        else { return nil }
        if let string = PlainTemplateWriter.write(template, arguments, read: 1 << UInt64(min(offset, 63))) {
            return FormattedMessage(string: string, diagnostics: [])
        }
        var renderer = MessageRenderer(formatter: formatter, arguments: arguments)
        renderer.markUsed(offset + 1)
        renderer.render(template, in: .top)
        return renderer.finish()
    }

    /// The place of a CLDR category in ``/ParlanceCatalogs/PluralCategory/allCLDR``; `nil` for any other name.
    ///
    /// Told apart by length and first letter, then confirmed with one comparison: equal names
    /// compare by their bits, while each unequal pair a `switch` over the names tries costs a
    /// call (five of them before `other`, the form most counts take).
    private static func ordinal(of category: PluralCategory) -> Int? {
        let name = category.rawValue
        switch (name.utf8.count, name.utf8.first) {
        case (5, UInt8(ascii: "o")?): return name == "other" ? 5 : nil
        case (3, UInt8(ascii: "o")?): return name == "one" ? 1 : nil
        case (3, UInt8(ascii: "f")?): return name == "few" ? 3 : nil
        case (4, UInt8(ascii: "m")?): return name == "many" ? 4 : nil
        case (3, UInt8(ascii: "t")?): return name == "two" ? 2 : nil
        case (4, UInt8(ascii: "z")?): return name == "zero" ? 0 : nil
        default: return nil
        }
    }
}
