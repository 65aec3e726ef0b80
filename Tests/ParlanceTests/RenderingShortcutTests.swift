import Foundation
import Testing
@testable import Parlance
@testable import ParlanceCore

/// The shortcuts rendering takes for the common shapes — plain conversions, `{name}` templates
/// whose placeholders all have values, plural plans — write exactly what the general path writes,
/// diagnostics included, and step aside whenever they could not.
@Suite("Rendering shortcuts agree with the general path")
struct RenderingShortcutTests {
    static let arguments: [[MessageArgument]] = [
        [], [.int(0)], [.int(-7)], [.int(.min)], [.int(.max)], [.uint(.max)], [.uint(3)], [.string("Ada")],
        [.string("")], [.double(2.5)], [.double(-0.0)], [.decimal(Decimal(string: "12.50")!)],
        [.int(3), .string("Ada")], [.string("Ada"), .int(3)], [.int(1), .int(2), .int(3)],
    ]

    @Test("Plain %d, %lld, %u and %@, and templates written in one pass, give what the general path gives")
    func plainConversions() {
        let templates = [
            "%d", "%lld", "%ld", "%u", "%llu", "%@", "%d files", "%@ has %lld files", "%2$@ — %1$d", "%1$d %1$d",
            "%d %d %d %d", "%3$u", "%0$d", "%5d", "%-d", "%.2d", "%i", "%x", "%@%@", "%%d %d",
        ]
        let english = MessageFormatter(language: "en")
        var shortcuts = 0
        var writtenInOnePass = 0
        for template in templates {
            let shortcut = CompiledTemplate(template)
            let general = CompiledTemplate(template, plainConversions: false)
            for arguments in Self.arguments {
                let expected = english.format(general, arguments)
                #expect(english.format(shortcut, arguments) == expected, "\(template) \(arguments)")
                if expected.diagnostics.isEmpty, shortcut.parts.contains(where: \.isPlainConversion) { shortcuts += 1 }
                if let written = PlainTemplateWriter.write(shortcut, arguments) {
                    #expect(written == expected.string && expected.diagnostics.isEmpty, "\(template) \(arguments)")
                    writtenInOnePass += 1
                }
            }
        }
        #expect(shortcuts > 20)
        #expect(writtenInOnePass > 10)
        // What the one-pass writer must hand to the general path: an unread argument, a wrong kind, a flag.
        #expect(PlainTemplateWriter.write(CompiledTemplate("%d"), [.int(1), .int(2)]) == nil)
        #expect(PlainTemplateWriter.write(CompiledTemplate("%d"), [.double(1)]) == nil)
        #expect(PlainTemplateWriter.write(CompiledTemplate("%+d"), [.int(1)]) == nil)
        #expect(PlainTemplateWriter.write(CompiledTemplate("%@"), [.string(String(repeating: "x", count: StackText.capacity + 1))]) == nil)
        #expect(PlainTemplateWriter.write(CompiledTemplate("%2$@ %1$d"), [.int(-3), "Ada"]) == "Ada -3")
    }

    @Test("{name} templates written in one pass read as the general path reads them, problems and all")
    func namedTemplates() {
        let values: [String: MessageArgument] = [
            "count": .int(-12), "name": "Ada", "big": .uint(.max), "ratio": .double(1.5), "K": "kelvin",
            "名前": "Ada", "price": .decimal(Decimal(string: "9.99")!), "empty": "",
        ]
        let templates = [
            "", "plain text", "{count}", "{name} chose {count} files", "{{literal}} {name}", "}} and {{",
            "{名前}さん — {big}", "{ratio}/{price}/{empty}|", "{missing}", "{unclosed", "lone } brace", "{a{b}",
            "{\u{212A}}", "{K}", "{}", "Ça fait {count} 🇫🇷 e\u{301}tapes", String(repeating: "{name}", count: 400),
            String(repeating: "é", count: 600) + "{count}",
        ]
        var written = 0
        for template in templates {
            for values in [values, [:], ["count": 1], Dictionary(uniqueKeysWithValues: (0..<20).map { ("v\($0)", MessageArgument.int(Int64($0))) }).merging(values) { a, _ in a }] {
                let expected = MessageFormatter.formatInFull(named: template, values)
                #expect(MessageFormatter.format(named: template, values) == expected, "\(template)")
                if let string = NamedTemplateWriter.write(template, values) {
                    #expect(string == expected.string && expected.diagnostics.isEmpty, "\(template)")
                    written += 1
                }
            }
        }
        #expect(written > 20)
        // What the one-pass writer must hand to the general path.
        #expect(NamedTemplateWriter.write("{missing}", values) == nil)
        #expect(NamedTemplateWriter.write("lone }", values) == nil)
        #expect(NamedTemplateWriter.write(String(repeating: "x", count: StackText.capacity + 1), [:]) == nil)
        // A name equal to a key only canonically (KELVIN SIGN is K) is still found, as the dictionary finds it.
        #expect(MessageFormatter.format(named: "{\u{212A}}", values).string == "kelvin")
    }

    @Test("A plural plan chooses the form the general path chooses, in languages with two to six categories",
          arguments: ["en", "fr", "ru", "ar", "cy", "ja", "pl", "lt"])
    func pluralPlans(_ language: String) throws {
        let formatter = MessageFormatter(language: language)
        let categories = try #require(formatter.pluralRules).categories
        var forms: [PluralCategory: Localization] = [:]
        for category in categories { forms[category] = .string("%lld \(category.rawValue) %@") }
        let complete = Localization.plural(forms)
        // Without `other`, so some counts must take the general path and its diagnostic.
        let partial = Localization.plural(forms.filter { $0.key != .other })
        var planned = 0
        for localization in [complete, partial] {
            guard let plan = PluralPlan(localization, formatter: formatter) else {
                // Only a language whose one category is `other` leaves no partial plural to plan.
                #expect(categories == [.other] && localization == partial, "\(language)")
                continue
            }
            var samples: [[MessageArgument]] = (0...120).map { [.int(Int64($0)), "x"] }
            samples += [[.double(1.5), "x"], [.double(1.0), "x"], [.string("2"), .int(3)], ["x"], [], [.uint(.max), "x"],
                        [.decimal(Decimal(string: "0.10")!), "x"], ["x", .int(1)]]
            for arguments in samples {
                let expected = formatter.format(localization, arguments)
                if let result = plan.format(arguments) {
                    #expect(result == expected, "\(language) \(arguments)")
                    planned += 1
                }
            }
        }
        #expect(planned > 100)
    }

    @Test("Only plain plurals are planned: substitutions, nested variations, other names, no rules take the general path")
    func plansOnlyPlainPlurals() {
        let english = MessageFormatter(language: "en")
        let plain = Localization.plural([.one: .string("%lld file"), .other: .string("%lld files")])
        #expect(PluralPlan(plain, formatter: english) != nil)
        #expect(PluralPlan(.string("%lld files"), formatter: english) == nil)
        #expect(PluralPlan(.plural([:]), formatter: english) == nil)
        #expect(PluralPlan(.plural([.one: .device([.iphone: .string("x")]), .other: .string("y")]), formatter: english) == nil)
        #expect(PluralPlan(.plural([PluralCategory("several"): .string("x"), .other: .string("y")]), formatter: english) == nil)
        // Names that share a CLDR name's length and first letter are other names too.
        for name in ["otter", "once", "zoom", "fox", "tw0", "mony", "Other", "ONE"] {
            #expect(PluralPlan(.plural([PluralCategory(name): .string("x"), .other: .string("y")]), formatter: english) == nil, "\(name)")
        }
        var substituted = plain
        substituted.substitutions = ["n": Substitution(formatSpecifier: "lld")]
        #expect(PluralPlan(substituted, formatter: english) == nil)
        #expect(PluralPlan(plain, formatter: MessageFormatter(language: "tlh")) == nil)
    }

    @Test("A snapshot built from catalogs makes a plural's plan at its first render and keeps it; output is unchanged")
    func catalogSnapshotsPlan() throws {
        let localizer = TestCatalogs.localizer()
        for language in ["en", "fr", "vi"] {
            let snapshot = localizer.snapshot(for: Language(language)!)
            guard case .rich(let message)? = snapshot.storage.value("photos.count", table: "Localizable") else {
                Issue.record("photos.count is no rich value in \(language)")
                continue
            }
            let formatter = snapshot.formatter(for: message.language)
            let made = try #require(message.plan(formatter: formatter))
            // The same plan at the next render: made once, kept.
            #expect(message.plan(formatter: formatter) === made)
            for count in 0...30 {
                #expect(snapshot.string("photos.count", count) == formatter.format(message.localization, [MessageArgument.int(Int64(count))]).string)
            }
        }
        // A rich value that is no plural has no plan, and renders as before.
        let english = localizer.snapshot(for: "en")
        guard case .rich(let device)? = english.storage.value("tap", table: "Localizable") else {
            Issue.record("tap is no rich value")
            return
        }
        #expect(device.plan(formatter: english.formatter(for: "en")) == nil)
    }
}

extension TemplatePart {
    var isPlainConversion: Bool {
        if case .conversion(let conversion) = self { conversion.plain != nil } else { false }
    }
}
