import Foundation
import Testing
@testable import ParlanceCatalogs

@Suite("Plural rules")
struct PluralRulesTests {
    @Test("A category holds exactly one whole number only where CLDR lists one: English one, Arabic two, not Russian or French one")
    func onlyInteger() throws {
        #expect(PluralRules.cardinal(for: "en")?.onlyInteger(in: .one) == 1)
        #expect(PluralRules.cardinal(for: "ar")?.onlyInteger(in: .zero) == 0)
        #expect(PluralRules.cardinal(for: "ar")?.onlyInteger(in: .two) == 2)
        #expect(PluralRules.cardinal(for: "ru")?.onlyInteger(in: .one) == nil)
        #expect(PluralRules.cardinal(for: "fr")?.onlyInteger(in: .one) == nil)
        #expect(PluralRules.cardinal(for: "en")?.onlyInteger(in: .other) == nil)
        #expect(PluralRules.cardinal(for: "en")?.onlyInteger(in: .two) == nil)
        #expect(PluralRules.cardinal(for: "ru")?.integerSamples(for: .one) == "1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, …")
        #expect(PluralRules.cardinal(for: "ru")?.integerSamples(for: .other) == "")
        #expect(PluralRules.cardinal(for: "fr")?.integerSamples(for: .one) == "0, 1")
    }

    @Test("Every category said to hold one whole number is chosen for it alone among 0…20,000; no other is chosen for exactly one")
    func onlyIntegerAgreesWithTheRules() throws {
        for locale in PluralRules.cardinalRuleSets.keys.sorted() {
            let rules = try #require(PluralRules.cardinal(for: locale))
            var chosen: [PluralCategory: [Int]] = [:]
            for number in 0...20_000 {
                let category = rules.category(for: number)
                if (chosen[category]?.count ?? 0) < 2 { chosen[category, default: []].append(number) }
            }
            for category in rules.categories {
                if let only = rules.onlyInteger(in: category) {
                    #expect(chosen[category] == [only], "\(locale) \(category)")
                } else {
                    #expect(chosen[category]?.count != 1, "\(locale) \(category): \(chosen[category] ?? [])")
                }
            }
        }
    }

    @Test("Russian counts 1, 2, 5 and 1.5 as one, few, many and other")
    func russian() throws {
        let rules = try #require(PluralRules.cardinal(for: "ru"))
        #expect([1, 2, 5].map { rules.category(for: $0) } == [.one, .few, .many])
        #expect(rules.category(for: 1.5) == .other)
        #expect(rules.category(for: 21) == .one)
        #expect(rules.category(for: 111) == .many)
        #expect(rules.categories == [.one, .few, .many, .other])
    }

    @Test("English ordinals rank 1, 2, 3, 4, 11 and 21 as one, two, few, other, other and one")
    func englishOrdinals() throws {
        let rules = try #require(PluralRules.ordinal(for: "en"))
        #expect([1, 2, 3, 4, 11, 21].map { rules.category(for: $0) } == [.one, .two, .few, .other, .other, .one])
        #expect(rules.categories == [.one, .two, .few, .other])
    }

    @Test("English says one for 1 but other for the written 1.0")
    func visibleZeros() throws {
        let rules = try #require(PluralRules.cardinal(for: "en"))
        #expect(rules.category(forDecimalString: "1") == .one)
        #expect(rules.category(forDecimalString: "1.0") == .other)
        #expect(rules.category(for: 1.0) == .one)
        #expect(rules.category(for: Decimal(1)) == .one)
        #expect(rules.category(for: -1) == .one)
        #expect(rules.category(forDecimalString: "1,0") == nil)
    }

    @Test("French uses many for millions, whether written out or compact")
    func frenchMillions() throws {
        let rules = try #require(PluralRules.cardinal(for: "fr"))
        #expect(rules.category(for: 1_000_000) == .many)
        #expect(rules.category(forDecimalString: "1c6") == .many)
        #expect(rules.category(forDecimalString: "1.2c6") == .many)
        #expect(rules.category(forDecimalString: "1.2c3") == .other)
        #expect(rules.category(for: 1_000_001) == .other)
    }

    @Test("Huge and non-finite numbers never trap and keep their last digits")
    func hugeNumbers() throws {
        let russian = try #require(PluralRules.cardinal(for: "ru"))
        #expect(russian.category(for: Int.min) == .many)           // …808
        #expect(russian.category(for: UInt64.max) == .many)        // …615
        #expect(russian.category(for: Int128(UInt64.max) * 10 + 1) == .one)
        #expect(russian.category(forDecimalString: "100000000000000000000000000000000001") == .one)
        #expect(russian.category(for: Double.infinity) == .many)
        #expect(russian.category(for: Double.nan) == .many)
        #expect(russian.category(for: 1e300) == .many)
    }

    @Test("Rules list their categories in CLDR order")
    func categories() throws {
        #expect(PluralRules.cardinal(for: "ar")?.categories == [.zero, .one, .two, .few, .many, .other])
        #expect(PluralRules.cardinal(for: "ja")?.categories == [.other])
        #expect(PluralRules.cardinal(for: "pt-PT")?.categories == [.one, .many, .other])
    }

    @Test("Rules describe their kind and locale")
    func description() {
        #expect(PluralRules.cardinal(for: "pt-PT")?.description == "cardinal rules for pt_PT")
        #expect(PluralRules.ordinal(for: "en")?.description == "ordinal rules for en")
    }
}
