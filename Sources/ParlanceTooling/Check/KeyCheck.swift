import Parlance

/// The rules about one key of one table: its translations, their values, states, plural
/// forms and format arguments, each language compared with the source language. ICU messages
/// (JSON message catalogs) are checked by ICU's rules, in KeyCheck+ICU.swift.
struct KeyCheck {
    let table: CheckedTable
    let key: String
    let entry: CheckedKey
    private let directive: IgnoreDirective?
    private(set) var findings: [Finding] = []

    init(key: String, entry: CheckedKey, in table: CheckedTable) {
        self.table = table
        self.key = key
        self.entry = entry
        self.directive = IgnoreDirective(comment: entry.comment)
    }

    mutating func run() {
        if entry.extractionState == .stale {
            add(.stale, "\(Quoting.quoted(key)) is no longer found in code (extraction state \"stale\"); delete it or use it again.",
                at: entry.location, language: nil)
            return
        }
        let translatable = entry.shouldTranslate != false
        let source = table.sourceLanguage
        // A String Catalog key with no source value is its own source text.
        let sourceFacts = entry.values[source].map { ValueFacts($0.localization) }
            ?? (table.isStringCatalog ? ValueFacts(template: key) : nil)
        if entry.values[source] == nil, table.isStringCatalog, let sourceFacts {
            // The key is the source text: its arguments must make sense too.
            checkArgumentUses(sourceFacts, at: entry.location, language: source, source: nil)
        }
        for language in table.languages {
            let isSource = language == source
            guard let value = entry.values[language] else {
                guard translatable, !(table.isStringCatalog && isSource) else { continue }
                // `en-US` without a value shows `en`'s: the reader sees it translated.
                if !isSource, table.parent(providing: entry, in: language) != nil { continue }
                let message = isSource
                    ? "\(Quoting.quoted(key)) has no value in the source language \(source), though other languages have one."
                    : "\(Quoting.quoted(key)) has no translation in \(language)."
                add(.missingTranslation, message, at: entry.location, language: language)
                continue
            }
            if table.messageSyntax == .icu {
                checkMessage(value, language: language, source: translatable && !isSource ? entry.values[source] : nil)
                continue
            }
            let facts = isSource ? sourceFacts ?? ValueFacts(value.localization) : ValueFacts(value.localization)
            let comparedTo = translatable && !isSource ? sourceFacts : nil
            checkValue(facts, at: value.location, language: language, isSource: isSource, translatable: translatable,
                       source: comparedTo)
            checkArgumentUses(facts, at: value.location, language: language, source: isSource ? nil : sourceFacts)
        }
    }

    /// `"key" in fr`, or just `"key"` for a lone table whose language is unknown.
    func subject(_ language: String, _ context: [String] = []) -> String {
        let quotedKey = Quoting.quoted(key)
        let base = language == CheckedTable.unknownLanguage ? quotedKey : "\(quotedKey) in \(language)"
        return base + ValueFacts.describe(context)
    }

    private mutating func checkValue(
        _ facts: ValueFacts, at location: SourceLocation, language: String, isSource: Bool, translatable: Bool,
        source sourceFacts: ValueFacts?
    ) {
        if !key.isEmpty {
            for context in facts.emptyContexts {
                add(.emptyValue, "\(subject(language, context)) is empty.", at: location, language: language)
            }
        }
        if translatable {
            checkStates(facts.states, at: location, language: language, isSource: isSource)
        }
        checkPlurals(facts, at: location, language: language)
        checkSpecifiers(facts, at: location, language: language, sourceHasArguments: !(sourceFacts?.arguments.isEmpty ?? true))
        if let sourceFacts {
            checkArguments(facts, against: sourceFacts, at: location, language: language)
        } else if isSource {
            checkArguments(facts, against: facts, at: location, language: language)
        }
    }

    /// Review states. In the source language `new` is what Xcode writes for every default
    /// value it extracts, so only translations are reported for it.
    private mutating func checkStates(_ states: [TranslationState], at location: SourceLocation, language: String, isSource: Bool) {
        for state in states {
            switch state {
            case .needsReview:
                add(.needsReview, "\(subject(language)) needs review.", at: location, language: language)
            case .new where !isSource:
                add(.new, "\(subject(language)) is marked new and was never confirmed.", at: location, language: language)
            case .stale:
                add(.stale, "\(subject(language)) is marked stale; its source text changed or went away.",
                    at: location, language: language)
            default:
                break
            }
        }
    }

    mutating func add(_ rule: CheckRule, _ message: String, at location: SourceLocation, language: String?) {
        if let directive, directive.silences(rule) { return }
        findings.append(Finding(rule, message, at: location, table: table.table, key: key, language: language))
    }
}
