import Foundation
import ParlanceTestSupport
import Testing
@testable import Parlance

/// A localization whose string holds `%#@name@` substitutions, as String Catalogs write them.
func substituting(_ value: String, _ substitutions: [(String, Substitution)]) -> Localization {
    Localization(stringUnit: StringUnit(value), substitutions: OrderedMap(substitutions))
}

/// A plural substitution with `lld` arguments.
func pluralSubstitution(argNum: Int? = nil, type: String = "lld", _ forms: [PluralCategory: String]) -> Substitution {
    Substitution(argNum: argNum, formatSpecifier: type, variations: .plural(forms.mapValues { .string($0) }))
}

@Suite("Message formatter: substitutions and variations")
struct MessageFormatterSubstitutionTests {
    let english = MessageFormatter(language: "en")

    @Test("Several substitutions in one string each count their own argument", arguments: [
        ([1, 5] as [MessageArgument], "1 post from 5 participants"),
        ([3, 1], "3 posts from 1 participant"),
    ])
    func severalSubstitutions(_ arguments: [MessageArgument], _ expected: String) {
        let posts = substituting("%#@count_posts@ from %#@count_participants@", [
            ("count_posts", pluralSubstitution([.one: "%arg post", .other: "%arg posts"])),
            ("count_participants", pluralSubstitution([.one: "%arg participant", .other: "%arg participants"])),
        ])
        let message = english.format(posts, arguments)
        #expect(message.string == expected)
        #expect(message.diagnostics == [])
    }

    @Test("Explicit argNums point past a leading %@, as in the xcstrings-tool fixture")
    func explicitArgumentNumbers() {
        let entry = substituting("%@! There %#@total.strings@ and you have %#@remaining.strings@ remaining", [
            ("remaining.strings", pluralSubstitution(argNum: 3, [.other: "%arg"])),
            ("total.strings", pluralSubstitution(argNum: 2, [.one: "is %arg string", .other: "are %arg strings"])),
        ])
        let message = english.format(entry, ["Hello", 1, 4])
        #expect(message.string == "Hello! There is 1 string and you have 4 remaining")
        #expect(message.diagnostics == [])
    }

    @Test("A variant can name a sibling substitution by position (%2$#@accounts@)", arguments: [
        ([1, 3] as [MessageArgument], "1 heslo k 3 účtům"),
        ([5, 1], "5 hesel k 1 účtu"),
        ([3, 22], "3 hesla k 22 účtům"),
    ])
    func nestedSubstitution(_ arguments: [MessageArgument], _ expected: String) {
        let czech = MessageFormatter(language: "cs")
        let entry = substituting("%1$#@passwords@", [
            ("passwords", pluralSubstitution(argNum: 1, [
                .one: "%arg heslo k %2$#@accounts@", .few: "%arg hesla k %2$#@accounts@", .other: "%arg hesel k %2$#@accounts@",
            ])),
            ("accounts", pluralSubstitution(argNum: 2, [.one: "%arg účtu", .few: "%arg účtům", .other: "%arg účtům"])),
        ])
        let message = czech.format(entry, arguments)
        #expect(message.string == expected)
        #expect(message.diagnostics == [])
    }

    @Test("Variants may also use the original arguments by position")
    func positionalInsideVariant() {
        let entry = substituting("%#@followers@", [
            ("followers", pluralSubstitution([.one: "%arg follower of %2$@", .other: "%arg followers of %2$@"])),
        ])
        #expect(english.format(entry, [3, "Ada"]) == FormattedMessage(string: "3 followers of Ada"))
    }

    @Test("An all-empty plural still takes its argument, so the next substitution reads the one after")
    func emptyPluralConsumesItsArgument() {
        let entry = substituting("%#@names@%#@count_mutual@", [
            ("names", pluralSubstitution([.one: "", .other: ""])),
            ("count_mutual", pluralSubstitution([.one: "%arg mutual", .other: "%arg mutuals"])),
        ])
        #expect(english.format(entry, [4, 2]) == FormattedMessage(string: "2 mutuals"))
    }

    @Test("Russian plural forms follow the rendered language", arguments: [
        (MessageArgument.int(1), "1 файл"), (2, "2 файла"), (5, "5 файлов"), (21, "21 файл"), (1.5, "1.5 файла"),
    ])
    func russianPlurals(_ count: MessageArgument, _ expected: String) {
        let files = Localization.plural([
            .one: .string("%@ файл"), .few: .string("%@ файла"), .many: .string("%@ файлов"), .other: .string("%@ файла"),
        ])
        let message = MessageFormatter(language: "ru").format(files, [count])
        #expect(message.string == expected)
        #expect(message.diagnostics == [])
    }

    @Test("The same localization takes each language's own plural rules")
    func languageDecides() {
        let files = Localization.plural([.one: .string("%lld one"), .many: .string("%lld many"), .other: .string("%lld other")])
        #expect(english.format(files, [5]).string == "5 other")
        #expect(MessageFormatter(language: "ru").format(files, [5]).string == "5 many")
    }

    @Test("Top-level plurals count the first argument that is a number")
    func firstNumericArgument() {
        let entry = Localization.plural([.one: .string("%@ has %lld file"), .other: .string("%@ has %lld files")])
        #expect(english.format(entry, ["Ada", 1]) == FormattedMessage(string: "Ada has 1 file"))
    }

    @Test("A floating-point substitution counts the digits it shows: 1.0 is plural in English")
    func visibleDigitsCount() {
        let entry = substituting("%#@miles@", [("miles", pluralSubstitution(type: ".1f", [.one: "%arg mile", .other: "%arg miles"]))])
        #expect(english.format(entry, [1.0]).string == "1.0 miles")
        #expect(english.format(entry, [1]).string == "1.0 miles")
    }

    @Test("Device variations pick the configured device, then other", arguments: [
        (DeviceClass.mac, "Click"), (.iphone, "Tap"), (.ipad, "Press"),
    ])
    func deviceVariations(_ device: DeviceClass, _ expected: String) {
        let entry = Localization.device([.iphone: .string("Tap"), .mac: .string("Click"), .other: .string("Press")])
        #expect(MessageFormatter(language: "en", device: device).format(entry) == FormattedMessage(string: expected))
    }

    @Test("A device variation can hold plural variations")
    func deviceThenPlural() {
        let entry = Localization.device([
            .iphone: .plural([.one: .string("Tap %lld photo"), .other: .string("Tap %lld photos")]),
            .other: .string("Photos: %lld"),
        ])
        #expect(MessageFormatter(language: "en", device: .iphone).format(entry, [2]).string == "Tap 2 photos")
        #expect(english.format(entry, [2]).string == "Photos: 2")
    }

    @Test("Width variations pick the widest form that fits, else the narrowest", arguments: [
        (Int?.some(30), "Short"), (60, "A much longer text"), (10, "Short"), (50, "A much longer text"), (nil, "A much longer text"),
    ])
    func widthVariations(_ width: Int?, _ expected: String) {
        let entry = Localization(variations: .width([20: .string("Short"), 50: .string("A much longer text")]))
        #expect(MessageFormatter(language: "en", width: width).format(entry) == FormattedMessage(string: expected))
    }

    @Test("A missing plural form falls back to other, then to the first form, and says so")
    func pluralFallbacks() {
        let polish = MessageFormatter(language: "pl")
        let noOther = Localization.plural([.one: .string("%lld plik"), .few: .string("%lld pliki"), .many: .string("%lld plików")])
        #expect(polish.format(noOther, [1.5]) == FormattedMessage(string: "1 plik", diagnostics: [
            Diagnostic(.warning, "The plural form \"other\" is missing; \"one\" is used."),
            Diagnostic(.warning, "\"%lld\" drops the fraction of argument 1 (1.5)."),
        ]))
        let noFew = Localization.plural([.one: .string("%lld plik"), .other: .string("%lld plików")])
        #expect(polish.format(noFew, [3]) == FormattedMessage(string: "3 plików", diagnostics: [
            Diagnostic(.warning, "The plural form \"few\" is missing; \"other\" is used."),
        ]))
    }

    @Test("A language without plural rules renders other")
    func unknownLanguage() {
        let entry = Localization.plural([.one: .string("%lld file"), .other: .string("%lld files")])
        #expect(MessageFormatter(language: "zz").format(entry, [1]) == FormattedMessage(string: "1 files", diagnostics: [
            Diagnostic(.warning, "No plural rules are known for the language \"zz\"; \"other\" is used."),
        ]))
    }

    @Test("Entries read from a .stringsdict render as Foundation renders them")
    func stringsDictEntries() throws {
        let file = try StringsDictReader.read(ReaderFixtures.data("stringsdict", "plural.stringsdict"), path: "plural.stringsdict")
        let render = { (key: String, arguments: [MessageArgument]) in self.english.format(file.entries[key] ?? Localization(), arguments) }
        #expect(render("%d files", [1]) == FormattedMessage(string: "1 file"))
        #expect(render("%d files", [7]) == FormattedMessage(string: "7 files"))
        #expect(render("apples", ["Ada", 1, 3]) == FormattedMessage(string: "Ada ate one apple & 3 pears!"))
        #expect(render("nested", [2, 1]) == FormattedMessage(string: "2 passwords in 1 account"))
        #expect(render("device", []) == FormattedMessage(string: "Tap here", diagnostics: [
            Diagnostic(.warning, "No form for the device \"other\"; \"iphone\" is used."),
        ]))
    }
}
