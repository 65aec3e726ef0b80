import Foundation
import ParlanceCatalogs
import Testing

@Suite("JSON message catalogs (FormatJS, i18next) through their CatalogFormat")
struct JSONMessagesFormatTests {
    @Test("FormatJS's flat form: each member a key and its ICU message, in file order, with positions")
    func flat() throws {
        let file = try FormatFixtures.read("flat.json", language: "fr")
        let catalog = file.catalog
        #expect(catalog.messageSyntax == .icu)
        #expect(catalog.jsonLayout == .flat)
        #expect(catalog.sourceLanguage == "fr")
        #expect(catalog.entries.keys == ["app.title", "inbox.count", "greeting", "quote"])
        #expect(catalog.entries["inbox.count"]?["fr"] == .string("{count, plural, =0 {Aucun message} one {# message} other {# messages}}"))
        // Apostrophes are ICU's to read: the catalog keeps the message as written.
        #expect(catalog.entries["quote"]?["fr"] == .string("L''apostrophe et '{'accolades'}'"))
        #expect(file.locations["greeting"]?.key.position == "4:3")
        #expect(file.locations["greeting"]?.value(in: "fr").position == "4:15")
        #expect(file.diagnostics.isEmpty)
        #expect(catalog.endsWithNewline)
    }

    @Test("FormatJS's described form: defaultMessage is the message, description the comment, other members kept")
    func described() throws {
        let file = try FormatFixtures.read("described.json", language: "fr")
        let catalog = file.catalog
        #expect(catalog.jsonLayout == .described)
        #expect(catalog.entries.keys == ["cart.total", "cart.items", "cart.empty"])
        #expect(catalog.entries["cart.total"]?.comment == "Shown under the cart")
        #expect(catalog.entries["cart.total"]?["fr"] == .string("Total : {total, number, ::currency/EUR}"))
        #expect(catalog.entries["cart.items"]?.comment == nil)
        #expect(catalog.entries["cart.items"]?.unknownFields.names == ["id", "file"])
        #expect(catalog.entries["cart.empty"]?["fr"] == .string("Votre panier est vide"))
        // The value is the defaultMessage string, not the object.
        #expect(file.locations["cart.total"]?.value(in: "fr").position == "3:23")
    }

    @Test("i18next's nested keys: levels joined with '.', leaves the messages")
    func nested() throws {
        let file = try FormatFixtures.read("nested.json", language: "fr")
        let catalog = file.catalog
        #expect(catalog.jsonLayout == .nested)
        #expect(catalog.entries.keys == ["home.title", "home.subtitle", "settings.language.label", "quit"])
        #expect(catalog.entries["settings.language.label"]?["fr"] == .string("Langue"))
        #expect(file.locations["settings.language.label"]?.key.position == "8:7")
    }

    @Test("Without a language the file cannot be read, and the error says how to name one")
    func needsALanguage() throws {
        let error = try #require(throws: ParseError.self) { try FormatFixtures.read("flat.json", language: nil) }
        #expect(error.location.position == "1:1")
        #expect(error.message.contains("fr.json"))
    }

    @Test("Files that must fail fail at the place that is wrong, saying what was expected",
          arguments: [
              ("!array.json", "2:11", "found an array"),
              ("!number.json", "2:12", "found a number"),
              ("!mixed-layouts.json", "1:1", "mixes FormatJS's described messages"),
              ("!collision.json", "3:3", "found \"home.title\" again"),
              ("!dotted-nested.json", "3:3", "it would be read back as two levels"),
              ("!duplicate.json", "3:3", "found \"a\" again"),
              ("!empty-object.json", "2:8", "found an empty object"),
              ("!default-message-number.json", "2:27", "expected a string for \"defaultMessage\""),
              ("!top-level-array.json", "1:1", "expected an object of messages"),
              ("!empty-level.json", "2:9", "found an empty one"),
          ])
    func mustFail(name: String, position: String, says: String) throws {
        let error = try #require(throws: ParseError.self) { try FormatFixtures.read(name, language: "fr") }
        #expect(error.location.position == position, "\(error)")
        #expect(error.message.contains(says), "\(error)")
    }

    @Test("Every must-fail fixture of the format is listed above")
    func everyMustFailFixtureIsTested() {
        #expect(FormatFixtures.mustFail("json").count == 10)
    }

    @Test("The file's name or folder names its language and table; other names name none",
          arguments: [
              ("lang/fr.json", "fr", "Localizable"),
              ("locales/pt_BR.json", "pt-BR", "Localizable"),
              ("locales/fr/common.json", "fr", "common"),
              ("locales/zh-Hant/translation.json", "zh-Hant", "translation"),
              ("locales/common.json", nil, "common"),
              ("config/settings.json", nil, "settings"),
              ("package.json", nil, "package"),
              ("root.json", nil, "root"),
          ] as [(String, String?, String)])
    func placeOfNamedFiles(path: String, language: String?, table: String) {
        let place = CatalogFilePlacement.languageNamed.place(of: URL(fileURLWithPath: "/tmp/" + path))
        #expect(place.language == language)
        #expect(place.table == table)
    }
}

@Suite("JSON message catalogs: limits on what a hostile file can make")
struct JSONMessagesLimitsTests {
    @Test("Nested levels whose joined key passes the limit are refused at the name that passes it")
    func keyLength() throws {
        let name = String(repeating: "k", count: 1_000)
        var text = ""
        for _ in 0..<70 { text += "{\"\(name)\": " }
        text += "\"x\"" + String(repeating: "}", count: 70)
        let error = try #require(throws: ParseError.self) {
            try JSONMessagesReader.read(Data(text.utf8), path: "fr.json", table: "Localizable", language: "fr")
        }
        #expect(error.message.contains("at most \(JSONMessagesReader.maximumKeyLength) bytes"))
    }
}
