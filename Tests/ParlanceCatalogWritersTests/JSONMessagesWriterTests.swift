import Foundation
import ParlanceCatalogWriters
import ParlanceCatalogs
import Testing

@Suite("JSON message catalogs written back as they were read")
struct JSONMessagesWriterTests {
    static let flat = """
        {
          "app.title": "Parlance",
          "inbox.count": "{count, plural, =0 {Aucun message} one {# message} other {# messages}}",
          "quote": "L''apostrophe et '{'accolades'}' \\"guillemets\\"\\n"
        }

        """

    static let described = """
        {
          "cart.total": {
            "defaultMessage": "Total : {total, number, ::currency/EUR}",
            "description": "Shown under the cart"
          },
          "cart.items": {
            "defaultMessage": "{count, plural, one {# article} other {# articles}}",
            "id": "cart.items",
            "start": 120,
            "loc": {
              "file": "src/Cart.tsx",
              "lines": [
                3,
                4
              ],
              "empty": {}
            }
          }
        }
        """

    static let nested = """
        {
          "home": {
            "title": "Bienvenue",
            "subtitle": "{gender, select, female {Elle} other {Il}}"
          },
          "settings": {
            "language": {
              "label": "Langue"
            }
          },
          "quit": "Quitter"
        }

        """

    @Test("Each layout reads and writes back byte for byte (JSON.stringify's indentation)",
          arguments: [("flat", Self.flat), ("described", Self.described), ("nested", Self.nested)])
    func roundTrip(name: String, text: String) throws {
        let file = try JSONMessagesReader.read(Data(text.utf8), path: "\(name).json", table: "Localizable", language: "fr")
        let written = try JSONMessagesWriter.write(file.catalog, language: "fr")
        #expect(String(decoding: written, as: UTF8.self) == text)
        let again = try JSONMessagesReader.read(written, path: "\(name).json", table: "Localizable", language: "fr")
        #expect(again.catalog == file.catalog)
    }

    @Test("A layout can be chosen: nested keys written flat, and flat dotted keys written nested")
    func chosenLayout() throws {
        let file = try JSONMessagesReader.read(Data(Self.nested.utf8), path: "n.json", table: "Localizable", language: "fr")
        let flat = String(decoding: try JSONMessagesWriter.write(file.catalog, language: "fr", layout: .flat), as: UTF8.self)
        #expect(flat.contains("\"settings.language.label\": \"Langue\""))
        let back = try JSONMessagesReader.read(Data(flat.utf8), path: "f.json", table: "Localizable", language: "fr")
        let nested = try JSONMessagesWriter.write(back.catalog, language: "fr", layout: .nested)
        #expect(String(decoding: nested, as: UTF8.self) == Self.nested)
    }

    @Test("Only the language asked for is written; keys it lacks are left out")
    func oneLanguage() throws {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en", messageSyntax: .icu)
        catalog.entries["a"] = CatalogEntry(localizations: ["en": .string("A"), "fr": .string("À")])
        catalog.entries["b"] = CatalogEntry(localizations: ["en": .string("B")])
        let french = String(decoding: try JSONMessagesWriter.write(catalog, language: "fr"), as: UTF8.self)
        #expect(french == "{\n  \"a\": \"À\"\n}")
        let none = String(decoding: try JSONMessagesWriter.write(catalog, language: "de"), as: UTF8.self)
        #expect(none == "{}")
    }

    @Test("What a JSON message catalog cannot hold is refused by key, never dropped")
    func refusals() throws {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en", messageSyntax: .icu)
        catalog.entries["files"] = CatalogEntry(localizations: ["en": .plural([.one: .string("%lld file"), .other: .string("%lld files")])])
        let plural = try #require(throws: JSONMessagesWriter.WriteError.self) { try JSONMessagesWriter.write(catalog, language: "en") }
        #expect(plural.key == "files")
        #expect(plural.reason.contains("parlance convert"))

        var clash = Catalog(table: "Localizable", sourceLanguage: "en", messageSyntax: .icu)
        clash.entries["a"] = CatalogEntry(localizations: ["en": .string("A")])
        clash.entries["a.b"] = CatalogEntry(localizations: ["en": .string("B")])
        let parent = try #require(throws: JSONMessagesWriter.WriteError.self) {
            try JSONMessagesWriter.write(clash, language: "en", layout: .nested)
        }
        #expect(parent.key == "a.b")
        #expect(parent.reason.contains("both a message and the parent"))

        var empty = Catalog(table: "Localizable", sourceLanguage: "en", messageSyntax: .icu)
        empty.entries["a..b"] = CatalogEntry(localizations: ["en": .string("A")])
        let level = try #require(throws: JSONMessagesWriter.WriteError.self) {
            try JSONMessagesWriter.write(empty, language: "en", layout: .nested)
        }
        #expect(level.reason.contains("empty level"))
    }
}

@Suite("JSON message catalogs: what nested keys cannot write")
struct JSONMessagesWriterLimitsTests {
    @Test("A key of more levels than a reader reads is refused, not written as a file that cannot be read back")
    func tooDeep() throws {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en", messageSyntax: .icu)
        let key = Array(repeating: "a", count: 600).joined(separator: ".")
        catalog.entries[key] = CatalogEntry(localizations: ["en": .string("deep")])
        let error = try #require(throws: JSONMessagesWriter.WriteError.self) {
            try JSONMessagesWriter.write(catalog, language: "en", layout: .nested)
        }
        #expect(error.reason.contains("levels"))
        #expect(try JSONMessagesWriter.write(catalog, language: "en", layout: .flat).count > 1_000)
    }
}
