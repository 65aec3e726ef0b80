import Foundation
@_spi(Checking) import Parlance
import Testing
@testable import ParlanceTooling

/// `argument-type-conflict`, `variant-type-mismatch` and `argument-gap` on values built in
/// code, including the shapes the fixtures do not show.
@Suite("Check: one argument, one type, no gaps")
struct CheckArgumentRulesTests {
    /// The findings for one key of a String Catalog in `en` (the source) and maybe `fr`.
    static func findings(_ localizations: OrderedMap<String, Localization>, key: String = "k", comment: String? = nil) throws -> [String] {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        catalog[key] = CatalogEntry(comment: comment, localizations: localizations)
        let table = CheckedTable(file: CatalogFile(catalog: catalog), path: "L.xcstrings", placement: .anywhere)
        var check = KeyCheck(key: key, entry: try #require(table.keys[key]), in: table)
        check.run()
        return check.findings.map { "\($0.rule): \($0.message)" }
    }

    @Test("A substitution's variant that prints its count as an object disagrees with the substitution's type")
    func substitutionVariant() throws {
        var value = Localization.string("%#@files@")
        value.substitutions = ["files": Substitution(argNum: nil, formatSpecifier: "lld", variations: .plural([
            .one: .string("%@ file"), .other: .string("%arg files"),
        ]))]
        #expect(try Self.findings(["en": value]) == [
            #"variant-type-mismatch: "k" in en formats argument 1 as %lld but as %@ in substitution "files", plural "one"; every variant must read the argument as the same type."#,
        ])
    }

    @Test("A positional star reads an integer: the same argument printed as text conflicts")
    func positionalStar() throws {
        #expect(try Self.findings(["en": .string("%1$*2$d and %2$@")]) == [
            #"argument-type-conflict: "k" in en formats argument 2 both as *2$ and as %2$@; printf reads an argument as one type, so one of them reads the wrong bytes."#,
        ])
    }

    @Test("Length modifiers and repeated uses of one kind are no conflict", arguments: [
        "%1$d of %1$lld", "%1$@ and %1$@ again", "%2$@ %1$@", "%lld files (%1$lld)", "%1$.1f%% or %1$e",
    ])
    func sameKind(_ template: String) throws {
        #expect(try Self.findings(["en": .string(template)]) == [])
    }

    @Test("A key with no source value is checked as the source text")
    func keyAsSource() throws {
        #expect(try Self.findings(["fr": .string("%1$lld ou %1$lld")], key: "%1$lld or %1$@") == [
            #"argument-type-conflict: "%1$lld or %1$@" in en formats argument 1 both as %1$lld and as %1$@; printf reads an argument as one type, so one of them reads the wrong bytes."#,
        ])
    }

    @Test("A translation that leaves out an argument its source uses is a placeholder mismatch, not a gap")
    func gapOnlyInTranslation() throws {
        #expect(try Self.findings(["en": .string("%1$@ and %2$@"), "fr": .string("et %2$@")]) == [
            #"placeholder-mismatch: "k" in fr never uses argument 1, which en formats as %1$@."#,
        ])
    }

    @Test("Variants are taken as a whole for gaps: a one form may leave the count out")
    func gapAcrossVariants() throws {
        let value = Localization(variations: .plural([.one: .string("%2$@ has one file"), .other: .string("%2$@ has %1$lld files")]))
        #expect(try Self.findings(["en": value]) == [])
    }

    @Test("parlance:ignore silences the new rules like any other")
    func ignored() throws {
        #expect(try Self.findings(["en": .string("%2$@, %3$@")], comment: "Legacy. parlance:ignore argument-gap") == [])
        #expect(try Self.findings(["en": .string("%2$@, %3$@")]).count == 1)
    }

    @Test("The generator reads positions and kinds as the checker does", arguments: [
        "%1$lld or %1$@", "%2$@, %3$@", "%*d %@", "%1$*3$d %2$@", "%#@n@ of %lld", "{count} more",
    ])
    func generatorAgrees(_ template: String) {
        let value = Localization.string(template)
        let facts = ValueFacts(value)
        let signature = AccessorSignature(localization: value, key: "k")
        let highest = facts.arguments.keys.max() ?? 0
        #expect(signature.arguments.map(\.position) == Array(stride(from: 1, through: highest, by: 1)))
        for argument in signature.arguments {
            #expect(argument.kind == facts.arguments[argument.position].map { AccessorSignature.kind(of: $0.kind) } ?? .text)
        }
        // A problem the checker reports is one the generator warns about, and the other way round.
        let generatorWarns = signature.problems.contains { $0.contains("printed both") || $0.contains("never printed") }
        #expect(generatorWarns == (!facts.kindConflicts.isEmpty || !facts.gaps.isEmpty))
        #expect(signature.namedPlaceholders == facts.namedPlaceholders.filter { _ in facts.arguments.isEmpty })
    }

    @Test("New rules are errors and listed in documentation order")
    func severities() {
        for rule in [CheckRule.argumentTypeConflict, .variantTypeMismatch, .argumentGap, .widthRuleWithFormat, .manifestMissingPlaceholder] {
            #expect(rule.severity == .error)
            #expect(CheckRule.all.contains(rule))
        }
    }
}
