import Parlance

/// What an accessor takes, read from the source-language value of its key.
///
/// Positions follow printf: a specifier without `n$` takes the next argument, one with
/// `n$` takes argument `n`; a `%#@name@` substitution takes an argument too, the one its
/// `argNum` names when the catalog records it. Every variant of a plural or device
/// variation is read, so an argument only some forms print is still part of the call.
struct AccessorSignature: Hashable {
    /// One argument, at its 1-based printf position.
    struct Argument: Hashable {
        enum Kind: Hashable {
            case integer, floatingPoint, text
        }
        var position: Int
        var kind: Kind
        /// The substitution name that gives the argument its label, if any.
        var substitution: String?
    }

    /// The arguments in position order, with no gaps.
    var arguments: [Argument] = []
    /// The names of `{name}` placeholders, in order of first use, for values that have no
    /// printf arguments; filled from a dictionary by name.
    var namedPlaceholders: [String] = []
    /// Whether the value varies by plural category at the top level, so its integer
    /// argument is the count the plural form is chosen by.
    var isPlural = false
    /// Problems worth reporting: conflicting types, positions out of range.
    var problems: [String] = []

    /// Arguments past this position are ignored and reported: a catalog is untrusted
    /// input, and `%9999$d` must not generate a function with 9,999 parameters.
    static let maximumPosition = 20

    init(localization: Localization?, key: String) {
        var reader = Reader()
        if let localization {
            reader.read(localization, substitutions: localization.substitutions)
            if case .plural = localization.variations { isPlural = true }
        } else {
            reader.read(template: key, substitutions: nil)
        }
        problems = reader.problems
        if reader.found.isEmpty {
            namedPlaceholders = reader.named
        } else if !reader.named.isEmpty {
            problems.append("printf arguments and {name} placeholders are mixed; the accessor takes the printf arguments only")
        }
        let highest = reader.found.keys.max() ?? 0
        for position in stride(from: 1, through: highest, by: 1) {
            if let argument = reader.found[position] {
                arguments.append(argument)
            } else {
                arguments.append(Argument(position: position, kind: .text))
                problems.append("argument \(position) is never printed, so the accessor takes it as text")
            }
        }
    }

    static func kind(of conversion: Character) -> Argument.Kind {
        switch conversion {
        case "d", "i", "D", "u", "U", "o", "O", "x", "X", "c", "C", "n": .integer
        case "f", "F", "e", "E", "g", "G", "a", "A": .floatingPoint
        default: .text
        }
    }

    /// Walks templates and records what each position is.
    private struct Reader {
        var found: [Int: Argument] = [:]
        var problems: [String] = []
        var named: [String] = []

        mutating func read(_ localization: Localization, substitutions: OrderedMap<String, Substitution>?) {
            if let value = localization.stringUnit?.value {
                read(template: value, substitutions: localization.substitutions ?? substitutions)
            }
            switch localization.variations {
            case .plural(let forms)?:
                for category in forms.keys.sorted() {
                    if let form = forms[category] { read(form, substitutions: substitutions) }
                }
            case .device(let forms)?:
                for device in forms.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
                    if let form = forms[device] { read(form, substitutions: substitutions) }
                }
            case .width(let forms)?:
                for width in forms.keys.sorted() {
                    if let form = forms[width] { read(form, substitutions: substitutions) }
                }
            case nil:
                break
            }
        }

        mutating func read(template: String, substitutions: OrderedMap<String, Substitution>?) {
            var next = 1
            for token in FormatTemplateScanner.tokens(in: template) {
                switch token {
                case .specifier(let specifier):
                    // A `*` width or precision reads an integer of its own, before the value.
                    for source in [specifier.widthArgument, specifier.precisionArgument].compactMap({ $0 }) {
                        switch source {
                        case .next:
                            record(Argument(position: next, kind: .integer))
                            next += 1
                        case .position(let position):
                            record(Argument(position: position, kind: .integer))
                        }
                    }
                    let position = specifier.position ?? next
                    if specifier.position == nil { next += 1 }
                    record(Argument(position: position, kind: AccessorSignature.kind(of: specifier.conversion)))
                case .substitution(let name, let explicit):
                    let substitution = substitutions?[name]
                    let position = substitution?.argNum ?? explicit ?? next
                    if explicit == nil { next += 1 }
                    let kind = substitution?.formatSpecifier.last.map(AccessorSignature.kind(of:)) ?? .integer
                    record(Argument(position: position, kind: kind, substitution: name))
                    if let substitution { readVariants(of: substitution) }
                case .literal(let text):
                    for name in Self.placeholderNames(in: text) where !named.contains(name) { named.append(name) }
                case .substitutedArgument, .percent, .invalid:
                    break
                }
            }
        }

        /// In a substitution's variants `%arg` is the substitution's own argument; only
        /// positional specifiers there name other arguments.
        private mutating func readVariants(of substitution: Substitution) {
            guard case .plural(let forms)? = substitution.variations else { return }
            for category in forms.keys.sorted() {
                guard let value = forms[category]?.stringUnit?.value else { continue }
                for case .specifier(let specifier) in FormatTemplateScanner.tokens(in: value) {
                    guard let position = specifier.position else { continue }
                    record(Argument(position: position, kind: AccessorSignature.kind(of: specifier.conversion)))
                }
            }
        }

        /// `count` for `{count}`: braces around letters, digits and `_`.
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

        private mutating func record(_ argument: Argument) {
            guard argument.position >= 1, argument.position <= AccessorSignature.maximumPosition else {
                problems.append("argument \(argument.position) is out of range and is left out")
                return
            }
            guard var existing = found[argument.position] else {
                found[argument.position] = argument
                return
            }
            if existing.kind != argument.kind {
                problems.append("argument \(argument.position) is printed both as \(existing.kind.phrase) and as \(argument.kind.phrase); the accessor takes \(existing.kind.phrase)")
            }
            if existing.substitution == nil, let name = argument.substitution {
                existing.substitution = name
                found[argument.position] = existing
            }
        }
    }
}

extension AccessorSignature.Argument.Kind {
    var phrase: String {
        switch self {
        case .integer: "an integer"
        case .floatingPoint: "a floating-point number"
        case .text: "text"
        }
    }

    /// The parameter type in generated code, fully qualified so a namespace named after
    /// a key (`L10n.String`) cannot shadow it.
    var parameterType: String {
        switch self {
        case .integer: "Swift.Int"
        case .floatingPoint: "Swift.Double"
        case .text: "some Swift.CustomStringConvertible"
        }
    }
}
