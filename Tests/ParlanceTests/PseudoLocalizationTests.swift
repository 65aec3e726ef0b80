import Parlance
import Testing

@Suite("Pseudo-localization")
struct PseudoLocalizationTests {
    /// The placeholders of a template, as the message scanner reads them: what must come
    /// out of every style unchanged and in the same order. A `%` that starts no conversion
    /// is prose, not a placeholder.
    static func placeholders(_ text: String) -> [FormatToken] {
        FormatTemplateScanner.tokens(in: text).filter {
            switch $0 {
            case .literal, .invalid: false
            default: true
            }
        }
    }

    static let templates = [
        "%d files", "%lld questions left", "%1$@ sent %2$lld photos", "%2$@ then %1$@",
        "%#@correct@ of %#@total@", "%2$#@total@ from %1$#@done@", "%arg correct answers",
        "%-8.2f km", "%+05d", "%*d wide", "%.*f precise", "100%% sure", "%hhd %hd %ld %qd %zd %jd %td",
        "%x %X %o %u %e %E %g %G %a %A %c %C %s %S %p", "Load {count} more, {0} times",
        "%", "% trailing", "50% off",
    ]

    @Test("Every placeholder survives exactly, in every style", arguments: PseudoLocalization.Style.allCases)
    func placeholdersSurvive(style: PseudoLocalization.Style) {
        for template in Self.templates {
            let pseudo = PseudoLocalization.transform(template, style: style)
            #expect(Self.placeholders(pseudo) == Self.placeholders(template), "\(template) → \(pseudo)")
            #expect(pseudo.filter { $0 == "%" }.count == template.filter { $0 == "%" }.count)
            for name in ["{count}", "{0}", "%arg"] where template.contains(name) {
                #expect(pseudo.contains(name), "\(template) → \(pseudo)")
            }
        }
    }

    @Test("Each style's output", arguments: [
        (PseudoLocalization.Style.accented, "Hello %@, you have %lld {count}", "Ĥéļļö %@, ýöû ĥåṽé %lld {count}"),
        (.expanded, "Settings", "Šéţţîñĝš one"),
        (.expanded, "%1$@ sent %2$lld photos", "%1$@ šéñţ %2$lld þĥöţöš one"),
        (.bidi, "Hi %@!", "\u{200F}\u{202E}Hi\u{202C}\u{200F} %@!"),
        (.brackets, "%lld left", "⟦%lld left⟧"),
        (.accented, "", ""),
        (.expanded, "%@", "%@"),
    ])
    func outputs(style: PseudoLocalization.Style, text: String, expected: String) {
        #expect(PseudoLocalization.transform(text, style: style) == expected)
    }

    @Test("Expanded text is about 40% longer", arguments: [
        "Tap to start the quiz",
        "You answered every question correctly",
        "Your settings have been saved",
        "%lld questions left in this round",
        "The download could not be completed because the server did not respond",
    ])
    func expansion(sentence: String) {
        let expanded = PseudoLocalization.transform(sentence, style: .expanded)
        let ratio = Double(expanded.count) / Double(sentence.count)
        #expect(ratio >= 1.3 && ratio <= 1.5, "\(ratio): \(expanded)")
    }

    @Test("Accenting is idempotent; expanding, bidi and brackets add again, so always start from the source")
    func idempotence() {
        let once = PseudoLocalization.transform("Hello %@", style: .accented)
        #expect(PseudoLocalization.transform(once, style: .accented) == once)
        for style in [PseudoLocalization.Style.expanded, .bidi, .brackets] {
            let first = PseudoLocalization.transform("Hello %@", style: style)
            #expect(PseudoLocalization.transform(first, style: style).unicodeScalars.count > first.unicodeScalars.count)
        }
    }

    @Test("A localization keeps its shape: plural forms and substitution variants are transformed")
    func localization() {
        var source = Localization.string("%#@n@ left", state: .new)
        source.substitutions = ["n": Substitution(argNum: 1, formatSpecifier: "lld", variations: .plural([
            .one: .string("%arg file"), .other: .string("%arg files"),
        ]))]
        let pseudo = PseudoLocalization.transform(source, style: .accented)
        #expect(pseudo.stringUnit == StringUnit("%#@n@ ļéƒţ", state: .new))
        #expect(pseudo.substitutions?["n"]?.variations == .plural([.one: .string("%arg ƒîļé"), .other: .string("%arg ƒîļéš")]))
        #expect(pseudo.substitutions?["n"]?.argNum == 1)
    }

    @Test("Default languages follow Android's pseudolocales")
    func defaultLanguages() {
        #expect(PseudoLocalization.Style.allCases.map(\.defaultLanguage) == ["en-XA", "en-XA", "ar-XB", "en-XB"])
    }

    @Test("Hostile text stays linear and intact")
    func hostile() {
        let text = String(repeating: "%#@", count: 5_000) + String(repeating: "{", count: 5_000) + String(repeating: "%1$", count: 5_000)
        let pseudo = PseudoLocalization.transform(text, style: .accented)
        #expect(pseudo == text)
    }
}
