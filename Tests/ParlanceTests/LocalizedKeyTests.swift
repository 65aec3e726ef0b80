import Foundation
import Testing
@testable import Parlance

/// Keys written as code writes them: `localizer.string("You have \(count) new messages")`.
@Suite("Interpolated keys: LocalizedKey")
struct LocalizedKeyTests {
    @Test("Each interpolated type writes the specifier Xcode writes, as the extractor's table says")
    func specifiers() {
        let samples: [(String, LocalizedKey)] = [
            ("Int", "\(Int(1))"), ("Int64", "\(Int64(1))"), ("Int32", "\(Int32(1))"), ("Int16", "\(Int16(1))"),
            ("Int8", "\(Int8(1))"), ("UInt", "\(UInt(1))"), ("UInt64", "\(UInt64(1))"), ("UInt32", "\(UInt32(1))"),
            ("UInt16", "\(UInt16(1))"), ("UInt8", "\(UInt8(1))"), ("Double", "\(Double(1))"), ("Float", "\(Float(1))"),
            ("CGFloat", "\(CGFloat(1))"), ("String", "\("a")"), ("Substring", "\("ab".dropFirst())"),
            ("Decimal", "\(Decimal(1))"), ("Date", "\(Date(timeIntervalSince1970: 0))"),
            ("URL", "\(URL(string: "https://example.com/a")!)"), ("UUID", "\(UUID())"),
        ]
        for (type, key) in samples {
            #expect(key.key == LocalizedKey.specifiersByTypeName[type], "\(type)")
            #expect(key.arguments.count == 1, "\(type)")
        }
        #expect(Set(samples.map(\.0)).isSubset(of: LocalizedKey.specifiersByTypeName.keys))
        // URL and UUID, as `%@` prints their Foundation objects, with no deprecation warning.
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        #expect(("\(URL(string: "https://example.com/a")!) \(id)" as LocalizedKey).arguments
            == [.string("https://example.com/a"), .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")])
    }

    @Test("Literal text around interpolations is kept, a % doubled; a literal alone is the key as written")
    func literalText() {
        let count = 3
        let name = "Ada"
        let key: LocalizedKey = "\(name) has \(count) new messages (100% read)"
        #expect(key.key == "%@ has %lld new messages (100%% read)")
        #expect(key.arguments == [.string("Ada"), .int(3)])
        let plain: LocalizedKey = "100% read"
        #expect(plain.key == "100% read")
        #expect(plain.arguments.isEmpty)
        #expect(LocalizedKey("50%", arguments: [.int(1)]).key == "50%")
    }

    @Test("specifier: is written into the key as given")
    func explicitSpecifier() {
        let price = 2.5
        let code = 255
        let key: LocalizedKey = "Total \(price, specifier: "%.2f"), code \(code, specifier: "%x")"
        #expect(key.key == "Total %.2f, code %x")
        #expect(key.arguments == [.double(2.5), .int(255)])
    }

    static let catalog = TestCatalogs.catalog([
        ("You have %lld new messages", [
            "en": .plural([.one: .string("You have %lld new message"), .other: .string("You have %lld new messages")]),
            "fr": .plural([.one: .string("Vous avez %lld nouveau message"), .other: .string("Vous avez %lld nouveaux messages")]),
        ]),
        ("Hello, %@!", ["en": .string("Hello, %@!"), "fr": .string("Bonjour, %@ !")]),
        ("quiz.title", ["en": .string("Snake Quiz"), "fr": .string("Quiz des serpents")]),
        ("100%", ["en": .string("All of it"), "fr": .string("Tout")]),
    ])

    static func localizer(_ language: Language) -> Localizer {
        Localizer(catalogs: [catalog], configuration: .init(
            defaultLanguage: "en", preferredLanguages: { [language] }, notificationCenter: nil))
    }

    @Test("A localizer renders an interpolated call in its language, the plural chosen by the value", arguments: [
        (1, "fr", "Vous avez 1 nouveau message"), (0, "fr", "Vous avez 0 nouveau message"),
        (5, "fr", "Vous avez 5 nouveaux messages"), (1, "en", "You have 1 new message"), (2, "en", "You have 2 new messages"),
    ] as [(Int, Language, String)])
    func rendersInTheLanguage(_ count: Int, _ language: Language, _ expected: String) {
        let localizer = Self.localizer(language)
        #expect(localizer.string("You have \(count) new messages") == expected)
        #expect(localizer.currentSnapshot.string("You have \(count) new messages") == expected)
    }

    @Test("Literals without interpolations, String values and explicit arguments look up as before")
    func overloadsKeepTheirMeaning() {
        let localizer = Self.localizer("fr")
        let name = "Ada"
        #expect(localizer.string("Hello, \(name)!") == "Bonjour, Ada !")
        #expect(localizer.string("quiz.title") == "Quiz des serpents")
        let key = "quiz.title"
        #expect(localizer.string(key) == "Quiz des serpents")
        #expect(localizer.string("You have %lld new messages", 2) == "Vous avez 2 nouveaux messages")
        #expect(localizer.string("You have %lld new messages", arguments: [1]) == "Vous avez 1 nouveau message")
        // A literal alone is not formatted: "100%" is a key, not a format.
        #expect(localizer.string("100%") == "Tout")
        #expect(localizer.string("quiz.title", table: "Localizable", default: "x") == "Quiz des serpents")
        #expect(localizer.currentSnapshot.string("quiz.title") == "Quiz des serpents")
    }

    @Test("A key no catalog holds shows the literal rendered with its values, and is reported")
    func missing() {
        let heard = Recorder<MissingKey>()
        let localizer = Localizer(catalogs: [Self.catalog], configuration: .init(
            defaultLanguage: "en", preferredLanguages: { ["fr"] }, missingKeyHandler: { heard.append($0) }, notificationCenter: nil))
        let count = 4
        #expect(localizer.string("\(count) items at 100% off") == "4 items at 100% off")
        #expect(localizer.string("\(count) items", default: "%lld articles") == "4 articles")
        localizer.flushMissingKeyReports()
        #expect(heard.all.map(\.key).sorted() == ["%lld items", "%lld items at 100%% off"])
    }
}

/// Keys built at runtime with interpolation, as code wrote them before interpolated keys.
@Suite("Interpolated keys: keys built at runtime keep working")
struct RuntimeBuiltKeyTests {
    static let catalog = TestCatalogs.catalog([
        ("item.42.title", ["en": .string("The answer"), "fr": .string("La réponse")]),
        ("greeting", ["en": .string("Hello"), "fr": .string("Bonjour")]),
        ("%lld items", ["en": .string("%lld items"), "fr": .string("%lld articles")]),
    ])

    @Test("A key no catalog holds under Xcode's key is looked up as the text the literal makes")
    func builtKeys() {
        let heard = Recorder<String>()
        let localizer = Localizer(catalogs: [Self.catalog], configuration: .init(
            defaultLanguage: "en", preferredLanguages: { ["fr"] }, missingKeyHandler: { heard.append($0.key) },
            notificationCenter: nil))
        let id = 42
        #expect(localizer.string("item.\(id).title") == "La réponse")
        let key = "greeting"
        #expect(localizer.string("\(key)") == "Bonjour")
        // Xcode's key wins when a catalog holds it.
        #expect(localizer.string("\(id) items") == "42 articles")
        // Neither: a built key (no words) shows and reports its text, and its default as written;
        // a message reports Xcode's key.
        #expect(localizer.string("item.\(7).title") == "item.7.title")
        #expect(localizer.string("item.\(8).title", default: "50% off") == "50% off")
        #expect(localizer.string("Sent \(9) times") == "Sent 9 times")
        localizer.flushMissingKeyReports()
        #expect(heard.all.sorted() == ["Sent %lld times", "item.7.title", "item.8.title"])
    }

    @Test("The text a literal makes replaces each specifier by its value and %% by %")
    func interpolatedText() {
        let name = "Ada"
        let count = 3
        let share = 0.5
        #expect(("\(name) has \(count) at 100% and \(share)" as LocalizedKey).interpolatedText == "Ada has 3 at 100% and 0.5")
        #expect(("x \(share, specifier: "%.2f") y" as LocalizedKey).interpolatedText == "x 0.5 y")
        #expect(LocalizedKey("%lld and %lld", arguments: [1]).interpolatedText == nil)
        #expect(LocalizedKey("trailing %", arguments: []).interpolatedText == nil)
        // As Swift's own interpolation writes them: a whole Double keeps ".0", a Float its short form.
        let zoom = 2.0, tenth = Float(0.1), big = 1e21
        #expect(("zoom.\(zoom)" as LocalizedKey).interpolatedText == "zoom.\(zoom)")
        #expect(("zoom.\(tenth)" as LocalizedKey).interpolatedText == "zoom.\(tenth)")
        #expect(("zoom.\(big)" as LocalizedKey).interpolatedText == "zoom.\(big)")
        #expect(("zoom.\(CGFloat(2))" as LocalizedKey).interpolatedText == "zoom.\(CGFloat(2))")
    }

    @Test("Floating-point values are written with the language's decimal separator, as String(format:locale:) writes them")
    func localizedDecimals() {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        var entry = CatalogEntry()
        entry["en"] = .string("Zoom %lf× (%.1f%%)")
        entry["fr"] = .string("Zoom à %lf× (%.1f %%)")
        entry["de"] = .string("Zoom %lf× (%.1f %%)")
        catalog["Zoom %lf× (%.1f%%)"] = entry
        let localizer = Localizer(catalogs: [catalog], configuration: .init(
            defaultLanguage: "en", preferredLanguages: { ["fr"] }, notificationCenter: nil))
        let factor = 2.5, share = 12.25
        for language in ["fr", "de", "en"] {
            localizer.selection = .language(Language(language)!)
            let template = localizer.currentSnapshot.string("Zoom %lf× (%.1f%%)")
            let expected = String(format: template, locale: Locale(identifier: language), factor, share)
            #expect(localizer.string("Zoom \(factor)× (\(share, specifier: "%.1f")%)") == expected, "\(language)")
        }
        localizer.selection = .language("fr")
        #expect(localizer.string("Zoom \(factor)× (\(share, specifier: "%.1f")%)") == "Zoom à 2,500000× (12,2 %)")
        // The key and its arguments apart keep String(format:)'s POSIX digits.
        #expect(localizer.string("Zoom %lf× (%.1f%%)", factor, share) == "Zoom à 2.500000× (12.2 %)")
    }

    @Test("A runtime-built key with a whole Double is looked up as Swift writes it")
    func runtimeBuiltDoubleKey() {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        var entry = CatalogEntry()
        entry["en"] = .string("Double size")
        catalog["zoom.2.0"] = entry
        let localizer = Localizer(catalogs: [catalog], configuration: .init(
            defaultLanguage: "en", preferredLanguages: { ["en"] }, notificationCenter: nil))
        let factor = 2.0
        #expect(localizer.string("zoom.\(factor)") == "Double size")
    }
}

@Suite("Interpolated keys: escaping")
struct LocalizedKeyEscapingTests {
    @Test("A % is doubled even when a combining mark follows it, as the extractor doubles it")
    func percentBeforeCombiningMark() {
        let count = 1
        let key: LocalizedKey = "\(count) at 5%\u{301} off"
        #expect(key.key == "%lld at 5%%\u{301} off")
        #expect(key.interpolatedText == "1 at 5%\u{301} off")
    }
}
