import Foundation
import ParlanceTestSupport
import Testing
@_spi(Files) @testable import ParlanceCatalogs
@_spi(Files) import ParlanceCatalogWriters

@Suite("Writing String Catalogs")
struct XCStringsWriterTests {
    @Test("A catalog built in code is written in Xcode's layout")
    func layout() {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        catalog["Hello"] = CatalogEntry(localizations: ["en": .string("Hello")])
        catalog["Shortcut"] = CatalogEntry(localizations: [
            "en": Localization(stringSet: StringSet([], state: .new)),
        ])
        let written = XCStringsWriter().write(catalog)
        let expected = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Hello" : {
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "value" : "Hello"
                      }
                    }
                  }
                },
                "Shortcut" : {
                  "localizations" : {
                    "en" : {
                      "stringSet" : {
                        "state" : "new",
                        "values" : [

                        ]
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        #expect(String(decoding: written.data, as: UTF8.self) == expected)
        #expect(written.dropped.isEmpty)
    }

    @Test("Keys sort in Finder order", arguments: [
        ["zh-HK", "zh-Hant", "zh-Hans", "es", "en-GB", "en"],
        ["config.winVersion", "config.winecfg", "AppUpdates", "AppleID"],
        ["Locked icon message 10", "Locked icon message 2", "365 days", "90 days", "30 days"],
        ["A web browser", "🦖 Dinosaurs", "%@ of %@", "[netnewswire.com](x)", "(No Text)", "(last downloaded %@)", ""],
        ["zero", "two", "other", "one", "many", "few"],
    ])
    func finderOrder(names: [String]) {
        var order = FinderOrder()
        let expected: [[String]: [String]] = [
            ["zh-HK", "zh-Hant", "zh-Hans", "es", "en-GB", "en"]: ["en", "en-GB", "es", "zh-Hans", "zh-Hant", "zh-HK"],
            ["config.winVersion", "config.winecfg", "AppUpdates", "AppleID"]:
                ["AppleID", "AppUpdates", "config.winecfg", "config.winVersion"],
            ["Locked icon message 10", "Locked icon message 2", "365 days", "90 days", "30 days"]:
                ["30 days", "90 days", "365 days", "Locked icon message 2", "Locked icon message 10"],
            ["A web browser", "🦖 Dinosaurs", "%@ of %@", "[netnewswire.com](x)", "(No Text)", "(last downloaded %@)", ""]:
                ["", "(last downloaded %@)", "(No Text)", "[netnewswire.com](x)", "%@ of %@", "🦖 Dinosaurs", "A web browser"],
            ["zero", "two", "other", "one", "many", "few"]: ["few", "many", "one", "other", "two", "zero"],
        ]
        #expect(order.sorted(names) == expected[names])
    }

    @Test("Xcode order sorts keys and languages; preserved order keeps them")
    func keyOrders() throws {
        let catalog = try XCStringsReader.read(ReaderFixtures.data("xcstrings", "unsorted.xcstrings"), path: "unsorted.xcstrings")
        let sorted = try XCStringsReader.read(XCStringsWriter(keyOrder: .xcode).write(catalog).data, path: "unsorted.xcstrings")
        #expect(sorted.entries.keys == ["Apple", "message 9", "message 10", "zebra"])
        #expect(sorted["zebra"]?.localizations?.keys == ["de", "fr"])
        #expect(sorted == catalog)
        let preserved = try XCStringsReader.read(XCStringsWriter(keyOrder: .preserved).write(catalog).data, path: "p.xcstrings")
        #expect(preserved.entries.keys == catalog.entries.keys)
    }

    @Test("Width variations are left out and reported by key")
    func widthVariations() {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en", version: "1.0", endsWithNewline: true)
        let narrow = Localization(variations: .width([20: .string("Hi"), 50: .string("Hello there")]))
        catalog["Greeting"] = CatalogEntry(localizations: ["en": narrow])
        catalog["%lld files"] = CatalogEntry(localizations: [
            "fr": Localization(
                stringUnit: StringUnit("%#@files@", state: .translated),
                substitutions: ["files": Substitution(argNum: 1, formatSpecifier: "lld", variations: .width([:]))]),
        ])
        let written = XCStringsWriter().write(catalog)
        #expect(written.dropped.map(\.description) == [
            #"warning: cannot write the width variations of "%lld files" (fr, substitution "files") to a String Catalog; they were left out."#,
            #"warning: cannot write the width variations of "Greeting" (en) to a String Catalog; they were left out."#,
        ])
        let expected = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "%lld files" : {
                  "localizations" : {
                    "fr" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "%#@files@"
                      },
                      "substitutions" : {
                        "files" : {
                          "argNum" : 1,
                          "formatSpecifier" : "lld"
                        }
                      }
                    }
                  }
                },
                "Greeting" : {
                  "localizations" : {
                    "en" : {

                    }
                  }
                }
              },
              "version" : "1.0"
            }

            """
        #expect(String(decoding: written.data, as: UTF8.self) == expected)
    }

    @Test("Control characters are escaped as JSON requires and the rest is written raw")
    func escaping() {
        var writer = JSONTextWriter()
        writer.string("a\"b\\c\nd\te\rf\u{8}g\u{C}h\u{1}i\u{7F}/ü🦖")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #""a\"b\\c\nd\te\rf\bg\fh\u0001i\#u{7F}/ü🦖""#)
    }
}
