import Parlance
import ParlanceMessageFormat

/// ICU messages (JSON message catalogs), checked by ICU's rules: each parses; its arguments
/// are those of the source language's message, read as the same kind; its plural and
/// selectordinal arguments have the forms the language's CLDR rules choose.
extension KeyCheck {
    /// What an ICU message says about its arguments.
    struct MessageFacts {
        /// Each argument by name, with the kind it is read as (`plural`, `select`, `number`,
        /// `date`, `time`, or `text` for `{name}`), in the order they first appear.
        var arguments: OrderedMap<String, String> = OrderedMap()
        /// An argument read as two kinds: the name and both kinds.
        var conflicts: [(name: String, first: String, second: String)] = []
        /// The categories of each plural (and selectordinal) argument, with where it sits.
        var plurals: [(name: String, ordinal: Bool, categories: [PluralCategory])] = []
        var isEmpty = false

        init(_ message: ICUMessageFormat.Message) {
            isEmpty = message.parts.isEmpty
            collect(message)
        }

        private mutating func collect(_ message: ICUMessageFormat.Message) {
            for part in message.parts {
                switch part {
                case .text, .pound:
                    break
                case .argument(let name, let type, _):
                    note(name, type?.rawValue ?? "text")
                case .select(let name, let cases):
                    note(name, "select")
                    for choice in cases { collect(choice.message) }
                case .plural(let name, let ordinal, _, let cases):
                    note(name, ordinal ? "selectordinal" : "plural")
                    var categories: [PluralCategory] = []
                    for choice in cases {
                        if case .category(let category) = choice.selector { categories.append(PluralCategory(category)) }
                        collect(choice.message)
                    }
                    plurals.append((name, ordinal, categories))
                }
            }
        }

        private mutating func note(_ name: String, _ kind: String) {
            // A number shown as `{n}` inside its own plural is the same value, not a second kind.
            if let known = arguments[name] {
                let compatible = Set([known, kind]).isSubset(of: ["plural", "selectordinal", "number", "text"])
                    || Set([known, kind]).isSubset(of: ["select", "text"])
                    || Set([known, kind]).isSubset(of: ["date", "time"])
                if known != kind, !compatible, !conflicts.contains(where: { $0.name == name }) {
                    conflicts.append((name, known, kind))
                }
                return
            }
            arguments[name] = kind
        }
    }

    /// Checks one language's message, against the source language's when `source` is given.
    mutating func checkMessage(_ value: CheckedValue, language: String, source: CheckedValue?) {
        guard let text = value.localization.stringUnit?.value ?? value.localization.stringSet?.values.first else {
            add(.messageSyntaxError, "\(subject(language)) holds plural or device variations, which an ICU message catalog writes inside the message.",
                at: value.location, language: language)
            return
        }
        if text.isEmpty, !key.isEmpty {
            add(.emptyValue, "\(subject(language)) is empty.", at: value.location, language: language)
            return
        }
        let message: ICUMessageFormat.Message
        do {
            message = try ICUMessageFormat.Message(parsing: text)
        } catch {
            add(.messageSyntaxError, "\(subject(language)) is not a valid ICU message: \(error.message).",
                at: Self.location(of: error, in: text, value: value), language: language)
            return
        }
        let facts = MessageFacts(message)
        for conflict in facts.conflicts {
            add(.argumentTypeConflict,
                "\(subject(language)) reads the argument \(Quoting.quoted(conflict.name)) as \(conflict.first) and as \(conflict.second).",
                at: value.location, language: language)
        }
        checkCategories(facts, at: value.location, language: language)
        guard let source, let sourceText = source.localization.stringUnit?.value,
              let sourceMessage = try? ICUMessageFormat.Message(parsing: sourceText)
        else { return }
        let expected = MessageFacts(sourceMessage).arguments
        var problems: [String] = []
        for (name, kind) in expected {
            guard let found = facts.arguments[name] else {
                problems.append("drops \(Quoting.quoted(name))")
                continue
            }
            if found != kind, !(Set([found, kind]).isSubset(of: ["plural", "number", "text"])) {
                problems.append("reads \(Quoting.quoted(name)) as \(found) where the source reads it as \(kind)")
            }
        }
        for (name, _) in facts.arguments where expected[name] == nil {
            problems.append("adds \(Quoting.quoted(name)), which the source does not have")
        }
        if !problems.isEmpty {
            add(.placeholderMismatch,
                "\(subject(language)) \(Quoting.list(problems)); the source language \(table.sourceLanguage)'s message has \(expected.isEmpty ? "no arguments" : Quoting.list(expected.keys.map(Quoting.quoted))).",
                at: value.location, language: language)
        }
    }

    /// Plural and selectordinal cases against the language's CLDR rules: a category the rules
    /// choose and the message lacks falls to `other` (an error, as for Apple's plurals); one the
    /// rules never choose is dead text (a warning). `=N` cases are never reported.
    private mutating func checkCategories(_ facts: MessageFacts, at location: SourceLocation, language: String) {
        for plural in facts.plurals {
            let rules = plural.ordinal ? PluralRules.ordinal(for: language) : PluralRules.cardinal(for: language)
            guard let rules else { continue }
            let needed = rules.categories
            let what = "\(subject(language))'s \(plural.ordinal ? "selectordinal" : "plural") \(Quoting.quoted(plural.name))"
            let neededList = needed.map(\.rawValue).joined(separator: ", ")
            let missing = needed.filter { !plural.categories.contains($0) }
            if !missing.isEmpty {
                add(.pluralMissingCategory,
                    "\(what) lacks \(Quoting.list(missing.map { "\"\($0)\"" })); CLDR's rules for \(language) use \(neededList).",
                    at: location, language: language)
            }
            let unused = plural.categories.filter { !needed.contains($0) && $0 != .zero }
            if !unused.isEmpty {
                add(.pluralUnusedCategory,
                    "\(what) has \(Quoting.list(unused.map { "\"\($0)\"" })), which CLDR's rules for \(language) never choose; they use \(neededList).",
                    at: location, language: language)
            }
        }
    }

    /// Where in the file a syntax error of a message sits: its line and column in the message,
    /// mapped through the JSON literal's escapes (`\"`, `\n`, `\u00e9` are one character of the
    /// message and several of the file). Without the literal, the value's own place.
    static func location(of error: ICUMessageFormat.SyntaxError, in message: String, value: CheckedValue) -> SourceLocation {
        guard let literal = value.literal else { return value.location }
        // The error's scalar offset in the message.
        var offset = 0, line = 1, column = 1
        for scalar in message.unicodeScalars {
            if line == error.line, column == error.column { break }
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            offset += 1
        }
        // The same scalar in the literal: an escape is one message scalar (a surrogate pair, one).
        let raw = Array(literal.unicodeScalars)
        var index = 0, decoded = 0
        while index < raw.count, decoded < offset {
            if raw[index] == "\\", index + 1 < raw.count {
                if raw[index + 1] == "u" {
                    let isPair = index + 11 < raw.count && raw[index + 6] == "\\" && raw[index + 7] == "u"
                        && ["d", "D"].contains(raw[index + 2]) && ["8", "9", "a", "b", "A", "B"].contains(raw[index + 3])
                    index += isPair ? 12 : 6
                } else {
                    index += 2
                }
            } else {
                index += 1
            }
            decoded += 1
        }
        var location = value.location
        location.column += 1 + min(index, raw.count)
        return location
    }
}
