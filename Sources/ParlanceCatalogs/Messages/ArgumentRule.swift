/// The one rule for a translation's format arguments against its source's, which
/// `parlance check`, `parlance import` and the live-update check all apply:
///
/// - **Kinds.** Every argument the translation reads, the source reads too, as the same kind
///   (`%d` and `%lld` are both integers; `%@` is not).
/// - **Shown.** Every argument the source shows, the translation shows somewhere. A
///   substitution's `%arg` shows the argument it stands for; a `%#@name@` only reads it to
///   choose a form, so a substitution none of whose forms has `%arg` shows nothing.
/// - **Each plural form on its own.** A plural form shows every argument the source shows
///   in its place (the whole value for the value's own plural; the substitution's argument
///   for a substitution's). It may leave out its count only when its CLDR category, in the
///   translation's language, holds exactly one whole number (English `one` = 1, Arabic
///   `two` = 2, a `zero` form outside CLDR's rules = 0); Russian `one` (1, 21, 31…) and
///   French `one` (0 and 1) may not.
@_spi(Checking) public enum ArgumentRule {
    /// One way a value breaks the rule.
    public struct Problem: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// The translation never reads an argument the source has.
            case missing(number: Int, expected: Placeholder)
            /// The translation reads the argument but shows it nowhere, where the source shows it.
            case notShown(number: Int, expected: Placeholder)
            /// The translation reads the argument as another kind than the source.
            case kindMismatch(number: Int, found: Placeholder, expected: Placeholder)
            /// The translation reads an argument the source does not have.
            case extra(number: Int, found: Placeholder)
            /// A plural form leaves out an argument it must show; `samples` are the whole
            /// numbers its category holds, for the message.
            case formLeavesOut(number: Int, expected: Placeholder, category: PluralCategory, isCount: Bool, samples: String?)
        }

        public var kind: Kind
        /// The variant the problem is in (`substitution "count"`, `plural "other"`), empty
        /// for the value as a whole.
        public var context: [String]

        /// What is wrong, after the subject (`"key" in fr`): `never shows argument 1, …`.
        /// - Parameter sourceLanguage: Names the source in the message (`en`), or `nil` for "the source".
        public func message(language: String, sourceLanguage: String?) -> String {
            let source = sourceLanguage ?? "the source"
            switch kind {
            case .missing(let number, let expected):
                return "never uses argument \(number), which \(source) formats as \(expected.text)."
            case .notShown(let number, let expected):
                return "never shows argument \(number), which \(source) shows as \(expected.text); a %#@name@ only chooses a form, and no form here has %arg or a specifier for it."
            case .kindMismatch(let number, let found, let expected):
                return "formats argument \(number) as \(found.text) but \(source) as \(expected.text)."
            case .extra(let number, let found):
                return "uses argument \(number) (\(found.text)), which \(source) does not have."
            case .formLeavesOut(let number, let expected, let category, let isCount, let samples):
                guard isCount else {
                    return "leaves out argument \(number), which \(source) shows as \(expected.text); a plural form may leave out only its count."
                }
                let holds = samples.map { $0.isEmpty ? "holds only fractions" : "holds \($0)" } ?? "is chosen for several numbers"
                return "leaves out its count, argument \(number) (\(expected.text)), but CLDR's \"\(category)\" in \(language) \(holds); only a category that holds exactly one number may leave the count out."
            }
        }
    }

    /// Every way `translation` breaks the rule against `source`, in a stable order.
    ///
    /// - Parameters:
    ///   - language: The translation's language, whose CLDR plural rules say which forms
    ///     may leave out their count. With no rules known, forms are not checked one by one.
    ///   - source: The source value's facts; a translation's own facts to check only its forms.
    public static func problems(_ translation: ArgumentFacts, language: String, source: ArgumentFacts) -> [Problem] {
        var problems: [Problem] = []
        let rules = PluralRules.cardinal(for: language)
        // Forms first, so the value-wide "never shows" is left out for what a form already says.
        var formProblems: [Problem] = []
        if let rules {
            let valueCount = source.firstNumber ?? translation.firstNumber
            for form in translation.forms {
                formProblems += Self.problems(form, rules: rules, valueCount: valueCount, source: source, language: language)
            }
        }
        for number in source.arguments.keys.sorted() {
            guard let expected = source.arguments[number] else { continue }
            if translation.arguments[number] != nil {
                // Any use of another kind, in any form: the first form read need not be the one shown.
                if let other = translation.uses.first(where: { $0.number == number && $0.placeholder.kind != expected.kind }) {
                    problems.append(.init(kind: .kindMismatch(number: number, found: other.placeholder, expected: expected), context: []))
                } else if let shownAs = source.shown[number], translation.shown[number] == nil,
                    !formProblems.contains(where: { $0.concerns(number) })
                {
                    problems.append(.init(kind: .notShown(number: number, expected: shownAs), context: []))
                }
            } else {
                problems.append(.init(kind: .missing(number: number, expected: expected), context: []))
            }
        }
        for number in translation.arguments.keys.sorted() where source.arguments[number] == nil {
            guard let found = translation.arguments[number] else { continue }
            problems.append(.init(kind: .extra(number: number, found: found), context: []))
        }
        // An argument never read, or read as another kind, is one problem, not one per form.
        let reported = Set(problems.compactMap { problem -> Int? in
            switch problem.kind {
            case .missing(let number, _), .kindMismatch(let number, _, _): number
            default: nil
            }
        })
        return problems + formProblems.filter { !reported.contains($0.number) }
    }

    /// What one plural form leaves out.
    private static func problems(
        _ form: ArgumentFacts.Form, rules: PluralRules, valueCount: Int?, source: ArgumentFacts, language: String
    ) -> [Problem] {
        // A category the rules never choose is never shown, but Apple's platforms choose a
        // `zero` form for 0 in every language (`check` reports the others as unused).
        // An empty form is `check`'s empty-value finding, not a lost argument.
        if form.isEmpty { return [] }
        let only: Int?
        let samples: String?
        if let listed = rules.integerSamples(for: form.category) {
            only = rules.onlyInteger(in: form.category)
            samples = listed
        } else if form.category == .zero {
            only = 0
            samples = "0"
        } else {
            return []
        }
        let expected: [Int]
        if form.substitution != nil, let argument = form.count {
            // A substitution's forms stand in for its `%#@name@`: they show its argument, where
            // the source shows it. The source may name the substitution otherwise.
            expected = source.shown[argument] != nil ? [argument] : []
        } else {
            expected = source.shown.keys.sorted()
        }
        let count = form.count ?? valueCount
        var problems: [Problem] = []
        for number in expected where !form.shown.contains(number) {
            let isCount = number == count
            if isCount, only != nil { continue }
            guard let shownAs = source.shown[number] else { continue }
            problems.append(.init(
                kind: .formLeavesOut(number: number, expected: shownAs, category: form.category, isCount: isCount, samples: samples),
                context: form.context))
        }
        return problems
    }
}

extension ArgumentRule.Problem {
    /// The argument the problem is about.
    public var number: Int {
        switch kind {
        case .missing(let n, _), .notShown(let n, _), .kindMismatch(let n, _, _), .extra(let n, _), .formLeavesOut(let n, _, _, _, _):
            n
        }
    }

    /// Whether the problem is about argument `number`.
    func concerns(_ number: Int) -> Bool { self.number == number }
}
