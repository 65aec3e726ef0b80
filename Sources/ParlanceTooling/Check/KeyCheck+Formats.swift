@_spi(Checking) import Parlance

extension KeyCheck {
    /// Plural variants against the language's CLDR cardinal rules. `zero` is never reported
    /// as unused: Apple platforms choose a `zero` variant for 0 in every language.
    mutating func checkPlurals(_ facts: ValueFacts, at location: SourceLocation, language: String) {
        guard !facts.pluralForms.isEmpty, let rules = PluralRules.cardinal(for: language) else { return }
        let needed = rules.categories
        let neededList = needed.map(\.rawValue).joined(separator: ", ")
        for (context, categories) in facts.pluralForms {
            let missing = needed.filter { !categories.contains($0) }
            if !missing.isEmpty {
                let forms = Quoting.list(missing.map { "\"\($0)\"" })
                let noun = missing.count == 1 ? "form" : "forms"
                add(.pluralMissingCategory,
                    "\(subject(language, context)) lacks the plural \(noun) \(forms); CLDR's rules for \(language) use \(neededList).",
                    at: location, language: language)
            }
            let unused = categories.filter { !needed.contains($0) && $0 != .zero }
            if !unused.isEmpty {
                let forms = Quoting.list(unused.map { "\"\($0)\"" })
                let noun = unused.count == 1 ? "form" : "forms"
                add(.pluralUnusedCategory,
                    "\(subject(language, context)) has the plural \(noun) \(forms), which CLDR's rules for \(language) never choose; they use \(neededList).",
                    at: location, language: language)
            }
        }
    }

    /// Malformed and unsupported specifiers. A value with no conversion at all, in a key
    /// whose source has no arguments, is plain text: a lone `%` there is not reported.
    mutating func checkSpecifiers(_ facts: ValueFacts, at location: SourceLocation, language: String, sourceHasArguments: Bool) {
        if facts.hasConversions || sourceHasArguments {
            for problem in facts.malformed {
                add(.invalidSpecifier,
                    "\(subject(language, problem.context)) has the malformed format specifier \(Quoting.quoted(problem.text)); write \"%%\" for a percent sign.",
                    at: location, language: language)
            }
        }
        for problem in facts.dangerous {
            let why = problem.text.hasSuffix("n") ? "writes to memory" : "prints a memory address"
            add(.invalidSpecifier,
                "\(subject(language, problem.context)) uses the unsupported format specifier \(Quoting.quoted(problem.text)), which \(why).",
                at: location, language: language)
        }
        for problem in facts.undefinedSubstitutions {
            let name = problem.text.dropFirst(3).dropLast()
            add(.invalidSpecifier,
                "\(subject(language, problem.context)) refers to \(problem.text) but defines no substitution \"\(name)\".",
                at: location, language: language)
        }
    }

    /// A translation's arguments against the source's, by the one rule `import` and live
    /// updates apply too (``ArgumentRule``): each the source reads must be read as the same
    /// kind, each it shows must be shown, no other may be added, and each plural form may
    /// leave out only its count, and only where its category holds one number. The source
    /// language is checked against itself, for its plural forms.
    mutating func checkArguments(_ facts: ValueFacts, against source: ValueFacts, at location: SourceLocation, language: String) {
        // An argument read as two kinds within the value is a variant-type-mismatch already.
        let conflicting = Set(facts.kindConflicts.map(\.first.number))
        for problem in ArgumentRule.problems(facts.argumentFacts, language: language, source: source.argumentFacts) {
            if case .kindMismatch = problem.kind, conflicting.contains(problem.number) { continue }
            add(.placeholderMismatch,
                "\(subject(language, problem.context)) \(problem.message(language: language, sourceLanguage: table.sourceLanguage))",
                at: location, language: language)
        }
    }

    /// One value's own arguments: each must be read as one kind everywhere it is used, and
    /// positions must leave no number out. A number the source language leaves out too is
    /// reported here; one only the translation leaves out is a `placeholder-mismatch`.
    mutating func checkArgumentUses(_ facts: ValueFacts, at location: SourceLocation, language: String, source: ValueFacts?) {
        for (first, other) in facts.kindConflicts {
            let number = other.number
            if first.template == other.template {
                add(.argumentTypeConflict,
                    "\(subject(language, other.context)) formats argument \(number) both as \(first.placeholder.text) and as \(other.placeholder.text); printf reads an argument as one type, so one of them reads the wrong bytes.",
                    at: location, language: language)
            } else {
                add(.variantTypeMismatch,
                    "\(subject(language)) formats argument \(number) as \(first.placeholder.text)\(Self.place(first.context)) but as \(other.placeholder.text)\(Self.place(other.context)); every variant must read the argument as the same type.",
                    at: location, language: language)
            }
        }
        let highest = facts.arguments.keys.max() ?? 0
        for gap in facts.gaps where source?.arguments[gap] == nil {
            add(.argumentGap,
                "\(subject(language)) uses arguments up to \(highest) but never argument \(gap); printf cannot know its type, so the arguments after it are read from the wrong place.",
                at: location, language: language)
        }
    }

    /// ` in plural "one"`, or nothing for the value itself.
    private static func place(_ context: [String]) -> String {
        context.isEmpty ? "" : " in " + context.joined(separator: ", ")
    }
}
