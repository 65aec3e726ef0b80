import Testing
@testable import ParlanceCatalogs

/// One `<pluralRules>` element of CLDR's files: locales and the samples it lists per category.
///
/// The data is generated into `PluralSamples.generated.swift` by `Tools/generate-plural-rules.py`.
struct PluralSampleSet: Sendable, CustomTestStringConvertible {
    enum Kind: Sendable { case cardinal, ordinal }

    let kind: Kind
    let locales: [String]
    let samples: [PluralCategory: (integers: [String], decimals: [String])]

    var testDescription: String { "\(kind) \(locales.joined(separator: " "))" }

    var sampleCount: Int { samples.values.reduce(0) { $0 + $1.integers.count + $1.decimals.count } }

    func rules(for locale: String) -> PluralRules? {
        kind == .cardinal ? PluralRules.cardinal(for: locale) : PluralRules.ordinal(for: locale)
    }
}

@Suite("Plural rules against CLDR's samples")
struct PluralRulesSampleTests {
    @Test("Every sample CLDR lists gets its category in every locale", arguments: PluralSampleSet.cldr)
    func everySample(set: PluralSampleSet) throws {
        var mismatches: [String] = []
        func check(_ locale: String, _ sample: String, _ expected: PluralCategory, _ got: PluralCategory?, _ path: String) {
            if got != expected {
                mismatches.append("\(locale) \(sample) (\(path)): expected \(expected), got \(got.map(\.rawValue) ?? "nil")")
            }
        }
        for locale in set.locales {
            let rules = try #require(set.rules(for: locale), "No \(set.kind) rules for \"\(locale)\".")
            #expect(rules.locale == locale)
            #expect(rules.categories == set.samples.keys.sorted())
            for (category, samples) in set.samples {
                for sample in samples.integers + samples.decimals {
                    check(locale, sample, category, rules.category(forDecimalString: sample), "text")
                }
                for sample in samples.integers {
                    guard let value = Int(sample) else { continue }  // compact forms such as 1c6
                    check(locale, sample, category, rules.category(for: value), "Int")
                    check(locale, sample, category, rules.category(for: Int64(value)), "Int64")
                    check(locale, sample, category, rules.category(for: Double(value)), "Double")
                }
                // A Double shows no trailing zeros, so only samples without them read the same.
                for sample in samples.decimals where !sample.hasSuffix("0") {
                    guard let value = Double(sample), !sample.contains("c") else { continue }
                    check(locale, sample, category, rules.category(for: value), "Double")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    @Test("The samples cover every locale in the rule tables, each once")
    func coverage() {
        let cardinal = PluralSampleSet.cldr.filter { $0.kind == .cardinal }.flatMap(\.locales)
        let ordinal = PluralSampleSet.cldr.filter { $0.kind == .ordinal }.flatMap(\.locales)
        #expect(cardinal.map { $0.lowercased() }.sorted() == PluralRules.cardinalRuleSets.keys.sorted())
        #expect(ordinal.map { $0.lowercased() }.sorted() == PluralRules.ordinalRuleSets.keys.sorted())
        let checks = PluralSampleSet.cldr.reduce(0) { $0 + $1.locales.count * $1.sampleCount }
        #expect(checks == PluralSampleSet.cldrCheckCount)
    }

    @Test("Every rule set lists its categories in CLDR order, ending with other")
    func categoryOrder() {
        for categories in PluralRules.ruleSetCategories {
            #expect(categories == categories.sorted())
            #expect(categories.last == .other)
            #expect(categories.allSatisfy { $0.isCLDR })
        }
    }
}
