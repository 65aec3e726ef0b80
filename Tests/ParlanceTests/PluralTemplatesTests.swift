import Foundation
import Testing
@testable import Parlance

/// A plural of plain strings planned ahead renders exactly what the general renderer renders
/// from the same localization: the same form, text and diagnostics, for every argument shape.
@Suite("Plurals planned ahead")
struct PluralTemplatesTests {
    static let localizations: [Localization] = [
        .plural([.one: .string("%lld file"), .other: .string("%lld files")]),
        .plural([.one: .string("%lld файл"), .few: .string("%lld файла"), .many: .string("%lld файлов"), .other: .string("%lld файла")]),
        // No `other`: a missing category falls back to the first form, with a diagnostic.
        .plural([.one: .string("%d only one")]),
        // A form with a bad conversion and one reading a second argument.
        .plural([.one: .string("%q one"), .other: .string("%2$@ has %1$lld")]),
        .plural([.other: .string("%.1f km")]),
    ]

    static let argumentLists: [[MessageArgument]] = [
        [], [1], [2], [5], [21], [0], [-1], [1.5], [1.0], ["Ada"], [3, "Ada"], ["Ada", 3], [Decimal(string: "2.50")!.messageArgument],
    ]

    @Test("Planned and general rendering agree in every language, form and argument list", arguments: ["en", "ru", "fr", "ar", "xx"])
    func agree(language: String) throws {
        let formatter = MessageFormatter(language: language)
        for localization in Self.localizations {
            let plan = try #require(PluralTemplates(localization))
            for arguments in Self.argumentLists {
                let planned = formatter.format(plan, arguments)
                let general = formatter.format(localization, arguments)
                #expect(planned == general, "\(language) \(localization) \(arguments)")
            }
        }
    }

    @Test("Only plurals of plain strings are planned")
    func onlyPlainPlurals() {
        #expect(PluralTemplates(.string("%lld files"))?.forms == nil)
        #expect(PluralTemplates(.plural([:]))?.forms == nil)
        #expect(PluralTemplates(.plural([.other: .device([.iphone: .string("x")])]))?.forms == nil)
        var substituted = Localization.plural([.other: .string("%#@n@")])
        substituted.substitutions = ["n": Substitution(argNum: 1, formatSpecifier: "lld", variations: .plural([.other: .string("%arg")]))]
        #expect(PluralTemplates(substituted)?.forms == nil)
    }
}
