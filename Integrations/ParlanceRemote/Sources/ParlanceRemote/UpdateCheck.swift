@_spi(Checking) import Parlance

/// A value of an update that was not applied, and why: the bundled (or last good) value of
/// the key stays.
public struct RejectedValue: Hashable, Sendable, CustomStringConvertible {
    /// Why a value was dropped.
    public enum Reason: Hashable, Sendable {
        /// The bundled catalogs have no such key: the app's code cannot be asking for it.
        case unknownKey
        /// The value's `{name}` placeholders differ from the bundled source's, or it holds a
        /// `%` sequence that is no conversion.
        case placeholders(expected: String, found: String)
        /// The value's format arguments break the rule `parlance check` and `parlance import`
        /// apply: an argument of another kind or one the source lacks, one the source shows
        /// that the value never shows, or a plural form that leaves out its count where its
        /// CLDR category holds more than one number. The text says which, and where.
        case arguments(String)
        /// A plural variation names a category CLDR does not define, or has no `other`.
        case pluralCategory(String)
        /// The value's text is over the size limit.
        case tooLarge(bytes: Int, limit: Int)
    }

    public var table: String
    public var language: Language
    public var key: String
    public var reason: Reason

    public var description: String {
        let what = "\(table) \(language) \(Diagnostic.quoted(key))"
        switch reason {
        case .unknownKey: return "\(what): the bundled catalogs have no such key"
        case .placeholders(let expected, let found):
            return "\(what): its arguments are \(found.isEmpty ? "none" : found), the bundled source's \(expected.isEmpty ? "none" : expected)"
        case .arguments(let problem): return "\(what)\(problem)"
        case .pluralCategory(let problem): return "\(what): \(problem)"
        case .tooLarge(let bytes, let limit): return "\(what): \(bytes) bytes of text, over the limit of \(limit)"
        }
    }
}

/// The shape a value's arguments take, compared between an update and the bundled source:
/// its format arguments (``ArgumentFacts``, judged by ``ArgumentRule`` as `check` and
/// `import` judge them), and, compared as they are, its `{name}` placeholders and its `%`
/// sequences that are no conversion.
struct ArgumentShape: Sendable {
    var facts: ArgumentFacts
    var named: Set<String> = []
    /// `%` sequences that are no conversion.
    var invalid = 0

    /// The placeholders and malformed `%`s, as ``RejectedValue/Reason/placeholders(expected:found:)`` shows them.
    var description: String {
        var parts = named.sorted().map { "{\($0)}" }
        if invalid > 0 { parts.append("\(invalid) malformed %") }
        return parts.joined(separator: " ")
    }

    /// The shape of every template in `localization`: its string unit, variations, and substitutions.
    /// - Parameter tokens: Templates already scanned (a compiled value stores its tokens), by text.
    init(_ localization: Localization, tokens: [String: [FormatToken]] = [:]) {
        facts = ArgumentFacts(localization, tokens: tokens)
        visit(localization, tokens: tokens)
        if let substitutions = localization.substitutions {
            for (_, substitution) in substitutions {
                if let variations = substitution.variations { visit(variations, tokens: tokens) }
            }
        }
    }

    /// The shape of a compiled value.
    init(_ value: CompiledValue) {
        switch value {
        case .plain(let text): self.init(template: text)
        case .message(let message): self.init(message.localization, tokens: message.templates)
        }
    }

    /// The shape of a key standing in for its own source value.
    init(template: String) {
        facts = ArgumentFacts(template: template)
        scan(template, tokens: [:])
    }

    /// Whether the placeholders and malformed `%`s agree (the arguments are judged by the rule).
    func placeholdersMatch(_ other: ArgumentShape) -> Bool {
        named == other.named && invalid == other.invalid
    }

    private typealias Tokens = [String: [FormatToken]]

    private mutating func visit(_ localization: Localization, tokens: Tokens) {
        if let unit = localization.stringUnit { scan(unit.value, tokens: tokens) }
        if let set = localization.stringSet { for value in set.values { scan(value, tokens: tokens) } }
        if let variations = localization.variations { visit(variations, tokens: tokens) }
    }

    private mutating func visit(_ variations: Variations, tokens: Tokens) {
        switch variations {
        case .plural(let forms): for form in forms.values { visit(form, tokens: tokens) }
        case .device(let forms): for form in forms.values { visit(form, tokens: tokens) }
        case .width(let forms): for form in forms.values { visit(form, tokens: tokens) }
        }
    }

    private mutating func scan(_ template: String, tokens: Tokens) {
        // Most values hold neither a conversion nor a placeholder.
        guard template.utf8.contains(where: { $0 == 0x25 || $0 == 0x7B }) else { return }
        for token in tokens[template] ?? FormatTemplateScanner.tokens(in: template) {
            switch token {
            case .invalid:
                invalid += 1
            case .literal(let text):
                if text.contains("{") { collectNames(text) }
            case .specifier, .substitution, .substitutedArgument, .percent:
                break
            }
        }
    }

    /// `{name}` placeholders: a brace, an identifier, a brace.
    private mutating func collectNames(_ text: String) {
        var name: String?
        for character in text {
            if character == "{" {
                name = ""
            } else if character == "}" {
                if let found = name, !found.isEmpty { named.insert(found) }
                name = nil
            } else if name != nil {
                if character.isLetter || character.isNumber || character == "_", name!.count < 64 {
                    name!.append(character)
                } else {
                    name = nil
                }
            }
        }
    }
}

/// Checks an update's values against the bundled catalogs, value by value.
struct UpdateChecker {
    /// The most UTF-8 bytes of text one value may hold, over all its variants.
    let maximumValueBytes: Int

    /// Why `value` must not be applied, or `nil` when it may be.
    /// - Parameter expected: The shape of the key's bundled source value.
    /// - Parameter language: The value's language, whose plural rules say which forms may leave out their count.
    func problem(with value: CompiledValue, expected: ArgumentShape, language: String) -> RejectedValue.Reason? {
        switch value {
        case .plain(let text):
            // Plain text: no variations, no substitutions, so only its size and placeholders.
            let bytes = text.utf8.count
            if bytes > maximumValueBytes { return .tooLarge(bytes: bytes, limit: maximumValueBytes) }
            return Self.problem(ArgumentShape(template: text), expected: expected, language: language)
        case .message(let message):
            return problem(with: message.localization, expected: expected, language: language, tokens: message.templates)
        }
    }

    /// Why `value` must not be applied, or `nil` when it may be.
    /// - Parameter tokens: Templates of the value already scanned, by text.
    func problem(
        with value: Localization, expected: ArgumentShape, language: String, tokens: [String: [FormatToken]] = [:]
    ) -> RejectedValue.Reason? {
        let bytes = Self.textBytes(value)
        if bytes > maximumValueBytes { return .tooLarge(bytes: bytes, limit: maximumValueBytes) }
        if let problem = Self.pluralProblem(value) { return .pluralCategory(problem) }
        return Self.problem(ArgumentShape(value, tokens: tokens), expected: expected, language: language)
    }

    /// The first way `found` breaks the argument rule or differs in placeholders from `expected`.
    private static func problem(_ found: ArgumentShape, expected: ArgumentShape, language: String) -> RejectedValue.Reason? {
        if let problem = ArgumentRule.problems(found.facts, language: language, source: expected.facts).first {
            let place = problem.context.isEmpty ? "" : " (" + problem.context.joined(separator: ", ") + ")"
            return .arguments(place + " " + problem.message(language: language, sourceLanguage: "the bundled source"))
        }
        if !found.placeholdersMatch(expected) {
            return .placeholders(expected: expected.description, found: found.description)
        }
        return nil
    }

    static func textBytes(_ localization: Localization) -> Int {
        var total = localization.stringUnit?.value.utf8.count ?? 0
        if let set = localization.stringSet { for value in set.values { total += value.utf8.count } }
        if let variations = localization.variations { total += textBytes(variations) }
        guard let substitutions = localization.substitutions else { return total }
        for (name, substitution) in substitutions {
            total += name.utf8.count
            if let variations = substitution.variations { total += textBytes(variations) }
        }
        return total
    }

    private static func textBytes(_ variations: Variations) -> Int {
        switch variations {
        case .plural(let forms): forms.values.reduce(0) { $0 + textBytes($1) }
        case .device(let forms): forms.values.reduce(0) { $0 + textBytes($1) }
        case .width(let forms): forms.values.reduce(0) { $0 + textBytes($1) }
        }
    }

    /// A plural variation with a category CLDR does not define, or without `other`.
    static func pluralProblem(_ localization: Localization) -> String? {
        if let variations = localization.variations, let problem = pluralProblem(variations) { return problem }
        guard let substitutions = localization.substitutions else { return nil }
        for (name, substitution) in substitutions {
            if let variations = substitution.variations, let problem = pluralProblem(variations) {
                return "substitution \(Diagnostic.quoted(name)): \(problem)"
            }
        }
        return nil
    }

    private static func pluralProblem(_ variations: Variations) -> String? {
        switch variations {
        case .plural(let forms):
            if let unknown = forms.keys.sorted().first(where: { !$0.isCLDR }) {
                return "the plural category \(Diagnostic.quoted(unknown.rawValue)) is none of CLDR's (zero, one, two, few, many, other)"
            }
            if forms[.other] == nil { return "the plural variation has no \"other\" form" }
            for form in forms.values { if let problem = pluralProblem(form) { return problem } }
        case .device(let forms):
            for form in forms.values { if let problem = pluralProblem(form) { return problem } }
        case .width(let forms):
            for form in forms.values { if let problem = pluralProblem(form) { return problem } }
        }
        return nil
    }
}
