@_spi(Checking) import Parlance

/// What the rules need to know about one language's value of a key, gathered in one walk
/// over its variants; the arguments are walked by the runtime's ``ArgumentFacts``.
struct ValueFacts: Sendable {
    /// Something found at one place inside a value; `context` names the variant
    /// (`substitution "count"`, `plural "few"`), empty for the value itself.
    struct Problem: Hashable, Sendable {
        var text: String
        var context: [String]
    }

    /// One use of a format argument (see ``ArgumentFacts/Use``).
    typealias ArgumentUse = ArgumentFacts.Use

    /// The value's format arguments: what it reads and shows, form by form, walked by the
    /// runtime's ``ArgumentFacts`` so `check`, `import` and live updates judge them alike.
    var argumentFacts: ArgumentFacts
    /// Format arguments by 1-based number, as first used.
    var arguments: [Int: Placeholder] { argumentFacts.arguments }
    /// Every use of every argument, in the order met. Numbers are as written, so they may
    /// be out of any sensible range (`%99999$d`).
    var uses: [ArgumentUse] { argumentFacts.uses }
    /// The text of every string unit, in the order walked (the key itself for a String
    /// Catalog key with no source value), for `{name}` placeholders.
    var templates: [String] = []
    /// Whether some template holds `%%`, a substitution or a specifier other than `%n` and
    /// `%p`: only then is a lone `%` taken for a broken specifier rather than plain text.
    var hasConversions = false
    /// `%` sequences that are no conversion, and specifiers with a space flag (`% o`),
    /// which plain text such as "50% off" produces.
    var malformed: [Problem] = []
    /// `%n` and `%p`: one writes to memory, the other prints an address.
    var dangerous: [Problem] = []
    /// `%#@name@` with no substitution of that name.
    var undefinedSubstitutions: [Problem] = []
    /// The variants whose string is empty.
    var emptyContexts: [[String]] = []
    /// Review states other than `translated`, each once, in the order met.
    var states: [TranslationState] = []
    /// Every set of plural variants and the categories it holds.
    var pluralForms: [(context: [String], categories: [PluralCategory])] = []

    init(_ localization: Localization) {
        var walk = ValueWalk()
        walk.visit(localization, context: [], scope: nil, argument: nil)
        self = walk.facts
        argumentFacts = ArgumentFacts(localization)
    }

    /// The facts of a plain template: a String Catalog key standing in for its source value.
    init(template: String) {
        var walk = ValueWalk()
        walk.facts.templates.append(template)
        walk.scan(template, context: [], scope: nil, argument: nil)
        self = walk.facts
        argumentFacts = ArgumentFacts(template: template)
    }

    fileprivate init() {
        argumentFacts = ArgumentFacts(template: "")
    }

    /// Each argument used with a second kind: its first use and the first use of each other kind.
    var kindConflicts: [(first: ArgumentUse, other: ArgumentUse)] {
        var firstUse: [Int: ArgumentUse] = [:]
        var kindsSeen: [Int: Set<ArgumentKind>] = [:]
        var conflicts: [(first: ArgumentUse, other: ArgumentUse)] = []
        for use in uses {
            guard let first = firstUse[use.number] else {
                firstUse[use.number] = use
                kindsSeen[use.number] = [use.placeholder.kind]
                continue
            }
            if kindsSeen[use.number, default: []].insert(use.placeholder.kind).inserted {
                conflicts.append((first, use))
            }
        }
        return conflicts
    }

    /// Numbers below the highest argument that nothing uses: printf cannot know their type,
    /// so the arguments after them are read from the wrong place.
    var gaps: [Int] {
        guard let highest = arguments.keys.max(), highest > 1 else { return [] }
        return (1..<highest).filter { arguments[$0] == nil }
    }

    /// The names of `{name}` placeholders in any template, in order of first use.
    var namedPlaceholders: [String] {
        var names: [String] = []
        for template in templates where template.utf8.contains(UInt8(ascii: "{")) {
            for name in Self.placeholderNames(in: template) where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// `count` for `{count}`: braces around ASCII letters, digits and `_`.
    static func placeholderNames(in text: String) -> [String] {
        var names: [String] = []
        var current: String?
        for character in text {
            if character == "{" {
                current = ""
            } else if character == "}", let name = current, !name.isEmpty {
                names.append(name)
                current = nil
            } else if character.isASCII, character.isLetter || character.isNumber || character == "_" {
                current?.append(character)
            } else {
                current = nil
            }
        }
        return names
    }

    /// ` (substitution "count", plural "few")`, or nothing for the value itself.
    static func describe(_ context: [String]) -> String {
        context.isEmpty ? "" : " (" + context.joined(separator: ", ") + ")"
    }
}

private struct ValueWalk {
    var facts = ValueFacts()
    /// Substitutions already walked: several variants may refer to one, and a substitution
    /// that refers to itself must not loop.
    var walkedSubstitutions = Set<String>()

    mutating func visit(
        _ localization: Localization, context: [String], scope: OrderedMap<String, Substitution>?, argument: Int?
    ) {
        let scope = localization.substitutions ?? scope
        if let unit = localization.stringUnit {
            facts.templates.append(unit.value)
            note(unit.state)
            if unit.value.isEmpty { facts.emptyContexts.append(context) }
            scan(unit.value, context: context, scope: scope, argument: argument)
        }
        if let set = localization.stringSet {
            note(set.state)
            if set.values.isEmpty || set.values.contains("") { facts.emptyContexts.append(context) }
        }
        if let variations = localization.variations {
            visit(variations, context: context, scope: scope, argument: argument)
        }
    }

    mutating func visit(
        _ variations: Variations, context: [String], scope: OrderedMap<String, Substitution>?, argument: Int?
    ) {
        switch variations {
        case .plural(let forms):
            facts.pluralForms.append((context, forms.keys.sorted()))
            for (category, form) in forms.sorted(by: { $0.key < $1.key }) {
                visit(form, context: context + ["plural \"\(category)\""], scope: scope, argument: argument)
            }
        case .device(let forms):
            for (device, form) in forms.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                visit(form, context: context + ["device \"\(device)\""], scope: scope, argument: argument)
            }
        case .width(let forms):
            for (width, form) in forms.sorted(by: { $0.key < $1.key }) {
                visit(form, context: context + ["width \(width)"], scope: scope, argument: argument)
            }
        }
    }

    /// Scans one template for what is not an argument rule (malformed and dangerous
    /// specifiers, undefined substitutions); ``ArgumentFacts`` records the arguments.
    /// `argument` is set inside a substitution's variants, where `%arg` is allowed.
    mutating func scan(_ template: String, context: [String], scope: OrderedMap<String, Substitution>?, argument: Int?) {
        guard template.utf8.contains(UInt8(ascii: "%")) else { return }
        var next = 1
        for token in FormatTemplateScanner.tokens(in: template) {
            switch token {
            case .literal:
                break
            case .percent:
                facts.hasConversions = true
            case .invalid(let text):
                facts.malformed.append(.init(text: text, context: context))
            case .substitutedArgument:
                // `%arg` stands for a substitution's own argument, and nothing outside one.
                if argument == nil { facts.malformed.append(.init(text: "%arg", context: context)) }
            case .specifier(let specifier):
                // printf reads "50% off" as `% o`; a space flag is text in any real catalog.
                if specifier.flags.contains(" ") {
                    facts.malformed.append(.init(text: specifier.text, context: context))
                    break
                }
                if specifier.conversion == "n" || specifier.conversion == "p" {
                    facts.dangerous.append(.init(text: specifier.text, context: context))
                } else {
                    facts.hasConversions = true
                }
                if specifier.position == nil, argument == nil { next += 1 }
            case .substitution(let name, let position):
                facts.hasConversions = true
                var sequential: Int?
                if position == nil, argument == nil {
                    sequential = next
                    next += 1
                }
                guard let substitution = scope?[name] else {
                    facts.undefinedSubstitutions.append(.init(text: "%#@\(name)@", context: context))
                    break
                }
                let number = substitution.argNum ?? position ?? sequential ?? argument ?? 1
                guard !walkedSubstitutions.contains(name), let variations = substitution.variations else { break }
                walkedSubstitutions.insert(name)
                visit(variations, context: context + ["substitution \"\(name)\""], scope: scope, argument: number)
            }
        }
    }

    private mutating func note(_ state: TranslationState?) {
        guard let state, state != .translated, !facts.states.contains(state) else { return }
        facts.states.append(state)
    }
}
