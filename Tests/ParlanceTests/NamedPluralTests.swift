import Foundation
import Testing
@testable import Parlance

/// `{name}` messages with variations (seed 002's component library: `"{count} selections"`):
/// the plural form is chosen by a named value, not always `other`.
@Suite("{name} values choose plural forms")
struct NamedPluralTests {
    static let selections = Localization.plural([
        .one: .string("{count} sélection"), .other: .string("{count} sélections"),
    ])

    @Test("French {count}: 0 and 1 are one, 2 is other", arguments: [(0, "0 sélection"), (1, "1 sélection"), (2, "2 sélections")])
    func french(_ count: Int, _ expected: String) {
        let message = MessageFormatter(language: "fr").format(Self.selections, named: ["count": .int(Int64(count))])
        #expect(message.string == expected)
        #expect(message.diagnostics.isEmpty)
    }

    @Test("Russian chooses one, few, many and other by the named value", arguments: [
        (1, "1 файл"), (3, "3 файла"), (5, "5 файлов"), (21, "21 файл"),
    ])
    func russian(_ count: Int, _ expected: String) {
        let files = Localization.plural([
            .one: .string("{n} файл"), .few: .string("{n} файла"), .many: .string("{n} файлов"), .other: .string("{n} файла"),
        ])
        #expect(MessageFormatter(language: "ru").format(files, named: ["n": .int(Int64(count))]).string == expected)
    }

    @Test("The counting value is the first placeholder holding a number, else count")
    func countingValue() {
        let legs = Localization.plural([
            .one: .string("Add {legs} leg at {odds}"), .other: .string("Add {legs} legs at {odds}"),
        ])
        let english = MessageFormatter(language: "en")
        #expect(english.format(legs, named: ["odds": "1.5", "legs": 1]).string == "Add 1 leg at 1.5")
        // A text value is skipped: `{who}` holds no number, `{count}` does.
        let shared = Localization.plural([.one: .string("{who} shared one photo"), .other: .string("{who} shared photos")])
        #expect(english.format(shared, named: ["who": "Ada", "count": 1]).string == "Ada shared one photo")
        #expect(english.format(shared, named: ["who": "Ada", "count": 4]).string == "Ada shared photos")
    }

    @Test("Forms naming different numbers: the other form's placeholder decides, then CLDR's order, nested forms too")
    func searchOrder() {
        let english = MessageFormatter(language: "en")
        // `{b}` is in `other`, searched first: 5 chooses `other` whatever order the dictionary keeps.
        let forms = Localization.plural([.one: .string("one {a}"), .other: .string("other {b}")])
        for _ in 0..<20 {
            #expect(english.format(forms, named: ["a": 1, "b": 5]).string == "other 5")
            #expect(english.format(forms, named: ["a": 5, "b": 1]).string == "one 5")
        }
        // Nested device forms are searched in a fixed order as well.
        let nested = Localization.plural([
            .one: .string("one {a}"),
            .other: .device([.iphone: .string("phone {b}"), .mac: .string("mac {c}")]),
        ])
        let expected = english.format(nested, named: ["a": 1, "b": 1, "c": 7]).string
        for _ in 0..<20 {
            #expect(english.format(nested, named: ["a": 1, "b": 1, "c": 7]).string == expected)
        }
    }

    @Test("With no number to choose by, other is shown with a diagnostic")
    func noNumber() {
        let message = MessageFormatter(language: "fr").format(Self.selections, named: ["count": "beaucoup"])
        #expect(message.string == "beaucoup sélections")
        #expect(message.diagnostics.map(\.message) == [
            "A plural form is chosen by a number, and no placeholder of the plural forms, and no \"count\", holds one; \"other\" is used.",
        ])
    }

    @Test("A substitution chooses by the value of its own name, and %arg shows it")
    func substitution() {
        let localization = Localization(
            stringUnit: StringUnit("%#@files@ in {folder}"),
            substitutions: ["files": Substitution(argNum: 1, formatSpecifier: "lld", variations: .plural([
                .one: .string("%arg file"), .other: .string("%arg files"),
            ]))])
        let english = MessageFormatter(language: "en")
        #expect(english.format(localization, named: ["files": 1, "folder": "Docs"]).string == "1 file in Docs")
        #expect(english.format(localization, named: ["files": 7, "folder": "Docs"]).string == "7 files in Docs")
    }

    @Test("Device variations take the formatter's device, then choose the plural inside")
    func deviceThenPlural() {
        let localization = Localization.device([
            .iphone: .plural([.one: .string("{count} tap"), .other: .string("{count} taps")]),
            .other: .plural([.one: .string("{count} click"), .other: .string("{count} clicks")]),
        ])
        #expect(MessageFormatter(language: "en", device: .iphone).format(localization, named: ["count": 1]).string == "1 tap")
        #expect(MessageFormatter(language: "en").format(localization, named: ["count": 2]).string == "2 clicks")
    }

    @Test("Localizer and snapshot lookups with values choose the form, in the snapshot's language")
    func throughTheLocalizer() {
        let catalog = TestCatalogs.catalog([
            ("selections", ["en": .plural([.one: .string("{count} selection"), .other: .string("{count} selections")]),
                            "fr": Self.selections]),
        ])
        let localizer = Localizer(catalogs: [catalog], configuration: .init(
            defaultLanguage: "en", preferredLanguages: { ["fr"] }, notificationCenter: nil))
        #expect(localizer.string("selections", values: ["count": 1]) == "1 sélection")
        #expect(localizer.string("selections", values: ["count": 3]) == "3 sélections")
        let english = localizer.snapshot(for: "en")
        #expect(english.string("selections", values: ["count": 1]) == "1 selection")
        #expect(english.message("selections", values: ["count": 2]).string == "2 selections")
        // A plain {name} string is filled as before.
        #expect(english.string("absent {count}", values: ["count": 2]) == "absent 2")
    }
}

/// A hostile catalog cannot make the `{name}` path grow its output beyond the linear.
@Suite("{name} values: substitutions stay linear")
struct NamedSubstitutionBoundTests {
    @Test("Markers inside a substitution's forms are not expanded again; past 256 they are left as written")
    func chainedMarkersStayLinear() {
        // Six substitutions, each form holding 40 markers of the next: expanded again and again
        // this would be 40⁶ markers; read once it is 40 forms of about 250 bytes.
        let names = ["a", "b", "c", "d", "e", "f"]
        var substitutions = OrderedMap<String, Substitution>()
        for (index, name) in names.enumerated() {
            let next = index + 1 < names.count ? names[index + 1] : "a"
            let form = String(repeating: "%#@\(next)@", count: 40)
            substitutions[name] = Substitution(formatSpecifier: "lld", variations: .plural([.other: .string(form)]))
        }
        let localization = Localization(stringUnit: StringUnit(String(repeating: "%#@a@", count: 40)), substitutions: substitutions)
        let message = MessageFormatter(language: "en").format(localization, named: ["a": 1])
        #expect(message.string.utf8.count == 40 * 40 * "%#@b@".utf8.count)

        let many = Localization(stringUnit: StringUnit(String(repeating: "%#@a@ ", count: 300)), substitutions: [
            "a": Substitution(formatSpecifier: "lld", variations: .plural([.one: .string("%arg x"), .other: .string("%arg xs")])),
        ])
        let capped = MessageFormatter(language: "en").format(many, named: ["a": 1])
        #expect(capped.string.components(separatedBy: "1 x").count - 1 == 256)
        #expect(capped.string.components(separatedBy: "%#@a@").count - 1 == 44)
        #expect(capped.diagnostics.contains { $0.message.hasPrefix("More than 256 substitutions") })
    }
}
