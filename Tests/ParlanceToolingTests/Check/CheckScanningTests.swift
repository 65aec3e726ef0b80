import Foundation
@_spi(Checking) import Parlance
import Testing
@testable import ParlanceTooling

@Suite("Check scanning")
struct CheckScanningTests {
    @Suite("Reading templates")
    struct Templates {
        static let cases: [(template: String, arguments: String)] = [
            ("Hello", ""),
            ("%@ sent %lld photos", "1:%@ 2:%lld"),
            ("%2$lld photos from %1$@", "1:%1$@ 2:%2$lld"),
            ("%*d items", "1:* 2:%*d"),
            ("50% off", ""),
            ("%d%% done", "1:%d"),
            ("%#@files@", ""),
        ]

        @Test("Arguments are numbered as printf reads them", arguments: cases)
        func arguments(template: String, arguments: String) {
            let facts = ValueFacts(template: template)
            let described = facts.arguments.keys.sorted().compactMap { number in
                facts.arguments[number].map { "\(number):\($0.text)" }
            }
            #expect(described.joined(separator: " ") == arguments)
        }

        @Test("A space flag is text, %% is a conversion, and %n and %p are dangerous")
        func kinds() {
            #expect(ValueFacts(template: "50% off").malformed.map(\.text) == ["% o"])
            #expect(!ValueFacts(template: "50% off").hasConversions)
            #expect(ValueFacts(template: "100%%").hasConversions)
            #expect(ValueFacts(template: "%n and %1$p").dangerous.map(\.text) == ["%n", "%1$p"])
            #expect(ValueFacts(template: "%#@files@").undefinedSubstitutions.map(\.text) == ["%#@files@"])
        }

        @Test("Substitutions take their argument and type from the catalog; %arg stands for it")
        func substitutions() {
            let localization = Localization(
                stringUnit: StringUnit("%2$@: %#@count@"),
                substitutions: ["count": Substitution(
                    argNum: 1, formatSpecifier: "lld",
                    variations: .plural([.one: .string("%arg post"), .other: .string("%arg posts by %2$@")]))])
            let facts = ValueFacts(localization)
            #expect(facts.arguments == [1: Placeholder(kind: .integer, text: "%lld"), 2: Placeholder(kind: .object, text: "%2$@")])
            #expect(facts.malformed.isEmpty && facts.dangerous.isEmpty)
            #expect(facts.pluralForms.map(\.context) == [["substitution \"count\""]])
        }

        @Test("A substitution that refers to itself is walked once")
        func selfReference() {
            let localization = Localization(
                stringUnit: StringUnit("%#@a@"),
                substitutions: ["a": Substitution(formatSpecifier: "d", variations: .plural([.other: .string("%#@a@ %arg")]))])
            #expect(ValueFacts(localization).pluralForms.count == 1)
        }
    }

    @Suite("Ignore directives")
    struct Directives {
        @Test("A directive names rules, or silences all of them", arguments: [
            ("parlance:ignore", true, true),
            ("Shown once. parlance:ignore empty-value, new", true, false),
            ("parlance:ignore new\nempty-value is wrong here", false, false),
        ])
        func silences(comment: String, silencesEmptyValue: Bool, silencesNeedsReview: Bool) throws {
            let directive = try #require(IgnoreDirective(comment: comment))
            #expect(directive.silences(.emptyValue) == silencesEmptyValue)
            #expect(directive.silences(.needsReview) == silencesNeedsReview)
        }

        @Test("A comment without the marker silences nothing")
        func none() {
            #expect(IgnoreDirective(comment: "Ignore this button's old title.") == nil)
            #expect(IgnoreDirective(comment: nil) == nil)
        }
    }
}
