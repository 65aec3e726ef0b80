import Parlance

/// A value of an update that was not applied, and why: the bundled (or last good) value of
/// the key stays.
public struct RejectedValue: Hashable, Sendable, CustomStringConvertible {
    /// Why a value was dropped.
    public enum Reason: Hashable, Sendable {
        /// The bundled catalogs have no such key: the app's code cannot be asking for it.
        case unknownKey
        /// The value's format arguments differ in number or kind from the bundled source's.
        case placeholders(expected: String, found: String)
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
        case .pluralCategory(let problem): return "\(what): \(problem)"
        case .tooLarge(let bytes, let limit): return "\(what): \(bytes) bytes of text, over the limit of \(limit)"
        }
    }
}

/// The shape a value's arguments take, compared between an update and the bundled source:
/// each numbered printf argument with the kind of value it reads, each `%#@name@`
/// substitution's argument, and each `{name}` placeholder.
struct ArgumentShape: Hashable, Sendable, CustomStringConvertible {
    /// Argument number to kind (`i` integer, `f` floating point, `@` object, `s` C string,
    /// `c` character, `p` pointer or `%n`, else the conversion itself).
    var numbered: [Int: String] = [:]
    var named: Set<String> = []
    /// `%` sequences that are no conversion.
    var invalid = 0

    var description: String {
        var parts = numbered.keys.sorted().map { "%\($0)$\(numbered[$0]!)" }
        parts += named.sorted().map { "{\($0)}" }
        if invalid > 0 { parts.append("\(invalid) malformed %") }
        return parts.joined(separator: " ")
    }

    /// The shape of every template in `localization`: its string unit, variations, and substitutions.
    /// - Parameter tokens: Templates already scanned (a compiled value stores its tokens), by text.
    init(_ localization: Localization, tokens: [String: [FormatToken]] = [:]) {
        visit(localization, tokens: tokens)
        if let substitutions = localization.substitutions {
            for (_, substitution) in substitutions {
                if let variations = substitution.variations { visit(variations, substitutions: nil, tokens: tokens) }
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
        scan(template, substitutions: nil, tokens: [:])
    }

    private typealias Tokens = [String: [FormatToken]]

    private mutating func visit(_ localization: Localization, substitutions: OrderedMap<String, Substitution>? = nil, tokens: Tokens) {
        let substitutions = localization.substitutions ?? substitutions
        if let unit = localization.stringUnit { scan(unit.value, substitutions: substitutions, tokens: tokens) }
        if let set = localization.stringSet { for value in set.values { scan(value, substitutions: substitutions, tokens: tokens) } }
        if let variations = localization.variations { visit(variations, substitutions: substitutions, tokens: tokens) }
    }

    private mutating func visit(_ variations: Variations, substitutions: OrderedMap<String, Substitution>?, tokens: Tokens) {
        switch variations {
        case .plural(let forms): for form in forms.values { visit(form, substitutions: substitutions, tokens: tokens) }
        case .device(let forms): for form in forms.values { visit(form, substitutions: substitutions, tokens: tokens) }
        case .width(let forms): for form in forms.values { visit(form, substitutions: substitutions, tokens: tokens) }
        }
    }

    private mutating func scan(_ template: String, substitutions: OrderedMap<String, Substitution>?, tokens: Tokens) {
        // Most values hold neither a conversion nor a placeholder.
        guard template.utf8.contains(where: { $0 == 0x25 || $0 == 0x7B }) else { return }
        var next = 1
        for token in tokens[template] ?? FormatTemplateScanner.tokens(in: template) {
            switch token {
            case .specifier(let specifier):
                for source in [specifier.widthArgument, specifier.precisionArgument] {
                    guard let source else { continue }
                    switch source {
                    case .next: record(next, "i"); next += 1
                    case .position(let position): record(position, "i")
                    }
                }
                let number = specifier.position ?? next
                if specifier.position == nil { next += 1 }
                record(number, Self.kind(specifier.conversion))
            case .substitution(let name, let position):
                let number = position ?? substitutions?[name]?.argNum ?? next
                if position == nil { next = max(next, number) + 1 }
                let kind = substitutions?[name].flatMap { $0.formatSpecifier.last }.map(Self.kind) ?? "?"
                record(number, kind)
            case .invalid:
                invalid += 1
            case .literal(let text):
                if text.contains("{") { collectNames(text) }
            case .substitutedArgument, .percent:
                break
            }
        }
    }

    private mutating func record(_ number: Int, _ kind: String) {
        guard number > 0, number <= 1000 else {
            invalid += 1
            return
        }
        if let existing = numbered[number], existing != kind {
            numbered[number] = existing + "|" + kind
        } else {
            numbered[number] = kind
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

    static func kind(_ conversion: Character) -> String {
        switch conversion {
        case "d", "i", "u", "o", "x", "X", "D", "U", "O": "i"
        case "f", "F", "e", "E", "g", "G", "a", "A": "f"
        case "@": "@"
        case "s", "S": "s"
        case "c", "C": "c"
        case "p", "n": "p"
        default: String(conversion)
        }
    }
}

/// Checks an update's values against the bundled catalogs, value by value.
struct UpdateChecker {
    /// The most UTF-8 bytes of text one value may hold, over all its variants.
    let maximumValueBytes: Int

    /// Why `value` must not be applied, or `nil` when it may be.
    /// - Parameter expected: The shape of the key's bundled source value.
    func problem(with value: CompiledValue, expected: ArgumentShape) -> RejectedValue.Reason? {
        switch value {
        case .plain(let text):
            // Plain text: no variations, no substitutions, so only its size and placeholders.
            let bytes = text.utf8.count
            if bytes > maximumValueBytes { return .tooLarge(bytes: bytes, limit: maximumValueBytes) }
            let found = ArgumentShape(template: text)
            if expected != found { return .placeholders(expected: expected.description, found: found.description) }
            return nil
        case .message(let message):
            return problem(with: message.localization, expected: expected, tokens: message.templates)
        }
    }

    /// Why `value` must not be applied, or `nil` when it may be.
    /// - Parameter tokens: Templates of the value already scanned, by text.
    func problem(with value: Localization, expected: ArgumentShape, tokens: [String: [FormatToken]] = [:]) -> RejectedValue.Reason? {
        let bytes = Self.textBytes(value)
        if bytes > maximumValueBytes { return .tooLarge(bytes: bytes, limit: maximumValueBytes) }
        if let problem = Self.pluralProblem(value) { return .pluralCategory(problem) }
        let found = ArgumentShape(value, tokens: tokens)
        if expected != found { return .placeholders(expected: expected.description, found: found.description) }
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
