/// What kind of value a format argument must be, which is what must agree between languages.
///
/// `%d` and `%lld` are both integers: a translation may differ from its source in length
/// modifier without reading the wrong kind of value, so only the kind is compared.
@_spi(Checking) public enum ArgumentKind: Hashable, Sendable {
    case integer, floatingPoint, object, cString, character, pointer
    case other(String)

    /// The kind a conversion character reads.
    public init(conversion: Character) {
        switch conversion {
        case "d", "i", "u", "o", "x", "X", "D", "U", "O": self = .integer
        case "f", "F", "e", "E", "g", "G", "a", "A": self = .floatingPoint
        case "@": self = .object
        case "s", "S": self = .cString
        case "c", "C": self = .character
        case "p", "n": self = .pointer
        default: self = .other(String(conversion))
        }
    }

    /// The kind a substitution's `formatSpecifier` (`lld`, `d`, `@`) reads.
    public init(typeSpecifier: String) {
        guard let conversion = typeSpecifier.last else {
            self = .other(typeSpecifier)
            return
        }
        self.init(conversion: conversion)
    }

    /// Whether a plural can count an argument of this kind.
    public var isNumber: Bool { self == .integer || self == .floatingPoint }
}

/// One argument as a value uses it: its kind, and how it was first written (`%lld`,
/// `%2$@`) so messages can quote it.
@_spi(Checking) public struct Placeholder: Hashable, Sendable {
    public var kind: ArgumentKind
    public var text: String

    public init(kind: ArgumentKind, text: String) {
        self.kind = kind
        self.text = text
    }
}

/// The format arguments of one value, gathered in one walk over its variants: which it reads,
/// which it shows, and what each plural form shows, for ``ArgumentRule`` to compare.
///
/// A value *reads* an argument when a conversion, `*` width or `%#@name@` substitution takes
/// it; it *shows* the argument only when a conversion or `%arg` writes it into the text. A
/// substitution reads its argument to choose a form, and shows it only where a form does.
@_spi(Checking) public struct ArgumentFacts: Sendable {
    /// One read of an argument: its number, how it is written, where it is, and the
    /// template it is in (numbered in the order scanned).
    public struct Use: Hashable, Sendable {
        public var number: Int
        public var placeholder: Placeholder
        /// The variant it is in (`substitution "count"`, `plural "few"`), empty for the value itself.
        public var context: [String]
        public var template: Int
        /// The substitution whose `%#@name@` takes the argument, when this use is one.
        public var substitution: String?
        /// Whether this use writes the argument into the text (a conversion, `%arg`), or only
        /// reads it (a `%#@name@` choosing a form, a `*` width).
        public var shows: Bool
    }

    /// One plural form and the arguments it shows, so each form can be checked on its own.
    public struct Form: Hashable, Sendable {
        public var context: [String]
        public var category: PluralCategory
        /// The substitution whose variants these are, or `nil` for the value's own plural.
        public var substitution: String?
        /// The argument this form's plural counts, when the walk can tell: a substitution's
        /// argument. The value's own plural counts the first number the caller passes.
        public var count: Int?
        public var shown: Set<Int>
        /// Whether the form's text is empty (`check`'s `empty-value` rule reports it).
        public var isEmpty: Bool
    }

    /// Arguments by 1-based number, as first used.
    public private(set) var arguments: [Int: Placeholder] = [:]
    /// Every use of every argument, in the order met. Numbers are as written, so they may
    /// be out of any sensible range (`%99999$d`).
    public private(set) var uses: [Use] = []
    /// The arguments some template writes into the text, with how each is first shown.
    public private(set) var shown: [Int: Placeholder] = [:]
    /// Every plural form, in the order walked.
    public private(set) var forms: [Form] = []
    /// `%#@name@` references to no substitution of the value's.
    public private(set) var undefinedSubstitutions: [(name: String, context: [String])] = []
    /// `%arg` outside any substitution.
    public private(set) var strayArguments: [[String]] = []

    /// The facts of a value: its string, variations and substitutions.
    /// - Parameter tokens: Templates already scanned (a compiled value stores its tokens), by text.
    public init(_ localization: Localization, tokens: [String: [FormatToken]] = [:]) {
        var walk = ArgumentWalk(tokens: tokens)
        _ = walk.visit(localization, context: [], scope: nil, substitution: nil)
        self = walk.facts
    }

    /// The facts of a plain template: a String Catalog key standing in for its source value.
    public init(template: String) {
        var walk = ArgumentWalk(tokens: [:])
        _ = walk.scan(template, context: [], scope: nil, substitution: nil)
        self = walk.facts
    }

    fileprivate init() {}

    /// The argument the value's own plural counts: the first argument that is a number, as
    /// the renderer chooses it.
    public var firstNumber: Int? {
        arguments.filter { $0.value.kind.isNumber }.keys.min()
    }

    fileprivate mutating func record(_ use: Use) {
        if arguments[use.number] == nil { arguments[use.number] = use.placeholder }
        if use.shows, shown[use.number] == nil { shown[use.number] = use.placeholder }
        uses.append(use)
    }

    fileprivate mutating func recordForm(_ form: Form) { forms.append(form) }
    fileprivate mutating func recordUndefined(_ name: String, _ context: [String]) { undefinedSubstitutions.append((name, context)) }
    fileprivate mutating func recordStray(_ context: [String]) { strayArguments.append(context) }
}

/// The walk behind ``ArgumentFacts``: each template scanned once, each substitution's
/// variants walked once (several references may name one; one may name itself).
private struct ArgumentWalk {
    var facts = ArgumentFacts()
    let tokens: [String: [FormatToken]]
    /// What each substitution's variants show, once walked; a substitution being walked
    /// shows nothing to a reference inside itself.
    var substitutionShows: [String: Set<Int>] = [:]
    var scanned = 0

    init(tokens: [String: [FormatToken]]) {
        self.tokens = tokens
    }

    /// The substitution whose variants are being walked: its name and argument.
    typealias Owner = (name: String, argument: Int)

    /// Walks a localization; returns the arguments it shows.
    mutating func visit(
        _ localization: Localization, context: [String], scope: OrderedMap<String, Substitution>?, substitution: Owner?
    ) -> Set<Int> {
        let scope = localization.substitutions ?? scope
        var shown = Set<Int>()
        if let unit = localization.stringUnit {
            shown.formUnion(scan(unit.value, context: context, scope: scope, substitution: substitution))
        }
        if let variations = localization.variations {
            shown.formUnion(visit(variations, context: context, scope: scope, substitution: substitution))
        }
        return shown
    }

    mutating func visit(
        _ variations: Variations, context: [String], scope: OrderedMap<String, Substitution>?, substitution: Owner?
    ) -> Set<Int> {
        var shown = Set<Int>()
        switch variations {
        case .plural(let forms):
            for (category, form) in forms.sorted(by: { $0.key < $1.key }) {
                let formContext = context + ["plural \"\(category)\""]
                let formShows = visit(form, context: formContext, scope: scope, substitution: substitution)
                facts.recordForm(.init(
                    context: formContext, category: category, substitution: substitution?.name,
                    count: substitution?.argument, shown: formShows,
                    isEmpty: form.variations == nil && form.stringUnit?.value.isEmpty == true))
                shown.formUnion(formShows)
            }
        case .device(let forms):
            for (device, form) in forms.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                shown.formUnion(visit(form, context: context + ["device \"\(device)\""], scope: scope, substitution: substitution))
            }
        case .width(let forms):
            for (width, form) in forms.sorted(by: { $0.key < $1.key }) {
                shown.formUnion(visit(form, context: context + ["width \(width)"], scope: scope, substitution: substitution))
            }
        }
        return shown
    }

    /// Scans one template; returns the arguments it shows. Inside a substitution's variants
    /// `%arg` and specifiers without a position stand for the substitution's own argument.
    mutating func scan(
        _ template: String, context: [String], scope: OrderedMap<String, Substitution>?, substitution: Owner?
    ) -> Set<Int> {
        guard template.utf8.contains(UInt8(ascii: "%")) else { return [] }
        let index = scanned
        scanned += 1
        var shown = Set<Int>()
        var next = 1
        func record(_ number: Int, _ placeholder: Placeholder, shows: Bool, substitution name: String? = nil) {
            facts.record(.init(
                number: number, placeholder: placeholder, context: context, template: index, substitution: name, shows: shows))
            if shows { shown.insert(number) }
        }
        for token in tokens[template] ?? FormatTemplateScanner.tokens(in: template) {
            switch token {
            case .literal, .percent, .invalid:
                break
            case .substitutedArgument:
                if let substitution {
                    let type = scope?[substitution.name]?.formatSpecifier ?? "@"
                    record(substitution.argument, Placeholder(kind: ArgumentKind(typeSpecifier: type), text: "%arg"), shows: true)
                } else {
                    facts.recordStray(context)
                }
            case .specifier(let specifier):
                // printf reads "50% off" as `% o`; a space flag is text in any real catalog.
                if specifier.flags.contains(" ") { break }
                // A `*` width or precision reads an integer argument before the value. Inside a
                // substitution's variants only positions name other arguments.
                for source in [specifier.widthArgument, specifier.precisionArgument].compactMap({ $0 }) {
                    switch source {
                    case .next where substitution == nil:
                        record(next, Placeholder(kind: .integer, text: "*"), shows: false)
                        next += 1
                    case .next:
                        break
                    case .position(let position):
                        record(position, Placeholder(kind: .integer, text: "*\(position)$"), shows: false)
                    }
                }
                let number: Int
                if let position = specifier.position {
                    number = position
                } else if let substitution {
                    number = substitution.argument
                } else {
                    number = next
                    next += 1
                }
                record(number, Placeholder(kind: ArgumentKind(conversion: specifier.conversion), text: specifier.text), shows: true)
            case .substitution(let name, let position):
                var sequential: Int?
                if position == nil, substitution == nil {
                    sequential = next
                    next += 1
                }
                guard let definition = scope?[name] else {
                    facts.recordUndefined(name, context)
                    break
                }
                let number = definition.argNum ?? position ?? sequential ?? substitution?.argument ?? 1
                record(number, Placeholder(kind: ArgumentKind(typeSpecifier: definition.formatSpecifier), text: "%" + definition.formatSpecifier),
                       shows: false, substitution: name)
                if let known = substitutionShows[name] {
                    shown.formUnion(known)
                    break
                }
                substitutionShows[name] = []
                let inner: Set<Int>
                if let variations = definition.variations {
                    inner = visit(variations, context: context + ["substitution \"\(name)\""], scope: scope,
                                  substitution: (name, number))
                } else {
                    // A substitution without variations shows its argument alone.
                    inner = [number]
                    facts.record(.init(
                        number: number, placeholder: Placeholder(kind: ArgumentKind(typeSpecifier: definition.formatSpecifier), text: "%arg"),
                        context: context + ["substitution \"\(name)\""], template: index, substitution: name, shows: true))
                }
                substitutionShows[name] = inner
                shown.formUnion(inner)
            }
        }
        return shown
    }
}
