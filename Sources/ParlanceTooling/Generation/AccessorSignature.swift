@_spi(Checking) import Parlance

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

    /// Reads the arguments from ``ValueFacts``, the walk `parlance check` uses too, so the
    /// generator and the checker agree on every position and kind.
    init(localization: Localization?, key: String) {
        let facts = localization.map(ValueFacts.init) ?? ValueFacts(template: key)
        if case .plural? = localization?.variations { isPlural = true }
        var found: [Int: Argument] = [:]
        var outOfRange = Set<Int>()
        for use in facts.uses {
            let position = use.number
            guard position >= 1, position <= Self.maximumPosition else {
                if outOfRange.insert(position).inserted {
                    problems.append("argument \(position) is out of range and is left out")
                }
                continue
            }
            let argument = Argument(position: position, kind: Self.kind(of: use.placeholder.kind), substitution: use.substitution)
            guard var existing = found[position] else {
                found[position] = argument
                continue
            }
            if existing.kind != argument.kind {
                problems.append("argument \(position) is printed both as \(existing.kind.phrase) and as \(argument.kind.phrase); the accessor takes \(existing.kind.phrase)")
            }
            if existing.substitution == nil, let name = argument.substitution {
                existing.substitution = name
                found[position] = existing
            }
        }
        if found.isEmpty {
            namedPlaceholders = facts.namedPlaceholders
        } else if !facts.namedPlaceholders.isEmpty {
            problems.append("printf arguments and {name} placeholders are mixed; the accessor takes the printf arguments only")
        }
        let highest = found.keys.max() ?? 0
        for position in stride(from: 1, through: highest, by: 1) {
            if let argument = found[position] {
                arguments.append(argument)
            } else {
                arguments.append(Argument(position: position, kind: .text))
                problems.append("argument \(position) is never printed, so the accessor takes it as text")
            }
        }
    }

    /// The parameter type for an argument kind: `%c` takes a character code, `%p` and
    /// objects take text.
    static func kind(of kind: ArgumentKind) -> Argument.Kind {
        switch kind {
        case .integer, .character: .integer
        case .floatingPoint: .floatingPoint
        case .object, .cString, .pointer, .other: .text
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
