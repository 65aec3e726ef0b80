import Foundation
import Parlance
import Testing

/// Sizes and depths no real file reaches, generated here so nothing big is committed.
/// `docs/ROBUSTNESS.md` states the time and memory each takes; tests assert only results.
extension HostileCatalogTests {
    @Suite("Huge values and key counts")
    struct Sizes {
        @Test("A huge .strings value reads whole")
        func hugeStringsValue() throws {
            let value = HostileInputs.text(bytes: HostileInputs.valueBytes)
            let file = try StringsFileReader.read(Data("\"big\" = \"\(value)\";\n".utf8), path: "big.strings")
            #expect(file.entries.count == 1)
            #expect(file.entries.first?.value.utf8.count == HostileInputs.valueBytes)
            #expect(file.entries.first?.value == value)
        }

        @Test("A huge String Catalog value reads whole")
        func hugeCatalogValue() throws {
            let value = HostileInputs.text(bytes: HostileInputs.valueBytes)
            let unit = #""big":{"localizations":{"en":{"stringUnit":{"state":"new","value":"\#(value)"}}}}"#
            let catalog = try XCStringsReader.read(HostileInputs.catalog(strings: unit), path: "big.xcstrings")
            let read = catalog["big"]?["en"]?.stringUnit?.value
            #expect(read?.utf8.count == HostileInputs.valueBytes)
            #expect(read == value)
        }

        @Test("A .strings file with a huge number of keys reads every one")
        func manyStringsKeys() throws {
            let count = HostileInputs.keyCount
            let file = try StringsFileReader.read(HostileInputs.manyStringsEntries(count), path: "many.strings")
            #expect(file.entries.count == count)
            #expect(file.entries.last.map { [$0.key, $0.value] } == ["k\(count - 1)", "v\(count - 1)"])
            #expect(file.entries.last?.location.line == count)
            #expect(file.diagnostics.isEmpty)
        }

        @Test("A huge run of stray characters in a .strings file is warned about in bounded space")
        func strayCharacters() throws {
            let count = HostileInputs.keyCount
            let text = "\"a\" = \"b\";\n" + String(repeating: ";", count: count) + "\n\"c\" = \"d\";\n;"
            let file = try StringsFileReader.read(Data(text.utf8), path: "stray.strings")
            #expect(file.table == ["a": "b", "c": "d"])
            let limit = 100
            #expect(file.diagnostics.count == limit + 1)
            #expect(file.diagnostics.first?.description == "stray.strings:2:1: warning: unexpected character ';' (U+003B) "
                + "in key position; Apple's parser stops reading here and drops the remaining 1 entry.")
            #expect(file.diagnostics.last?.description == "stray.strings:2:\(limit + 1): warning: skipped "
                + "\(count - limit + 1) more unexpected characters in key position without a warning each "
                + "(Apple's parser already stopped reading on line 2).")
        }

        @Test("A huge number of repeated .strings keys is warned about in bounded space")
        func repeatedKeys() throws {
            let count = HostileInputs.keyCount
            let file = try StringsFileReader.read(Data(String(repeating: "a;", count: count).utf8), path: "repeated.strings")
            #expect(file.entries.count == count)
            #expect(file.table == ["a": "a"])
            #expect(file.diagnostics.count == 101)
            #expect(file.diagnostics.first?.description
                == "repeated.strings:1:3: warning: duplicate key \"a\" repeats line 1 with the same value.")
            #expect(file.diagnostics.last?.description == "repeated.strings:1:203: warning: \(count - 101) more duplicate "
                + "keys are not listed one by one; for each, the last value wins, as in Foundation.")
        }

        @Test("Warnings past both limits stay in file order")
        func bothLimits() throws {
            let text = String(repeating: "a;", count: 150) + String(repeating: ";", count: 150) + "a;"
            let file = try StringsFileReader.read(Data(text.utf8), path: "both.strings")
            #expect(file.diagnostics.count == 202)
            let places = file.diagnostics.compactMap { $0.location.map { [$0.line, $0.column] } }
            #expect(places.count == 202)
            #expect(places == places.sorted { $0.lexicographicallyPrecedes($1) })
            #expect(file.diagnostics[100].message
                == "50 more duplicate keys are not listed one by one; for each, the last value wins, as in Foundation.")
            #expect(file.diagnostics[201].message == "skipped 50 more unexpected characters in key position "
                + "without a warning each (Apple's parser already stopped reading on line 1).")
        }

        @Test("A String Catalog with a huge number of keys reads every one, in order")
        func manyCatalogKeys() throws {
            let count = HostileInputs.keyCount
            let catalog = try XCStringsReader.read(HostileInputs.manyCatalogEntries(count), path: "many.xcstrings")
            #expect(catalog.entries.count == count)
            #expect(catalog.entries.keys.last == "k\(count - 1)")
            #expect(catalog["k\(count / 2)"]?["en"]?.stringUnit?.value == "v\(count / 2)")
        }
    }

    @Suite("Deep nesting")
    struct Depth {
        static let depth = 1_000

        @Test("1,000 nested arrays in a String Catalog stop at the 512-level limit")
        func catalogArrays() {
            let deep = String(repeating: "[", count: Self.depth) + String(repeating: "]", count: Self.depth)
            let data = HostileInputs.catalog(strings: "", extra: #""x":\#(deep),"#)
            #expect(HostileInputs.error(reading: data, as: "deep.xcstrings")
                == "deep.xcstrings:1:539: error: expected at most 512 nested objects and arrays, found deeper nesting.")
        }

        @Test("1,000 nested device variations in a String Catalog stop at the 512-level limit")
        func catalogVariations() {
            let open = String(repeating: #"{"variations":{"device":{"iphone":"#, count: Self.depth)
            let close = String(repeating: "}}}", count: Self.depth)
            let data = HostileInputs.catalog(strings: #""k":{"localizations":{"en":\#(open){}\#(close)}}"#)
            #expect(HostileInputs.error(reading: data, as: "deep.xcstrings")
                == "deep.xcstrings:1:5822: error: expected at most 512 nested objects and arrays, found deeper nesting.")
        }

        @Test("1,000 nested dictionaries in a .stringsdict stop at the 512-level limit")
        func stringsDictDictionaries() {
            let open = String(repeating: "<key>k</key><dict>", count: Self.depth)
            let close = String(repeating: "</dict>", count: Self.depth)
            let data = HostileInputs.stringsDict("<key>NSStringLocalizedFormatKey</key><string>%#@k@</string>\(open)\(close)")
            #expect(HostileInputs.error(reading: data, as: "deep.stringsdict")
                == "deep.stringsdict:6:9252: error: the property list nests deeper than 512 levels.")
        }

        @Test("1,000 opening braces in a .strings file fail at the second")
        func stringsBraces() {
            let data = Data((String(repeating: "{", count: Self.depth) + String(repeating: "}", count: Self.depth)).utf8)
            #expect(HostileInputs.error(reading: data, as: "deep.strings")
                == "deep.strings:1:2: error: expected a key or '}' but found '{' (U+007B).")
        }

        @Test("1,000 nested arrays as a .strings value fail at the first")
        func stringsArrayValue() {
            let data = Data(("\"a\" = " + String(repeating: "(", count: Self.depth) + String(repeating: ")", count: Self.depth) + ";").utf8)
            #expect(HostileInputs.error(reading: data, as: "deep.strings")
                == "deep.strings:1:7: error: the value of the key \"a\" is an array; .strings values must be strings.")
        }

        @Test("1,000 nested dictionaries in an XML property list saved as .strings are refused at the reader's depth limit")
        func stringsPropertyList() {
            let open = String(repeating: "<key>k</key><dict>", count: Self.depth)
            let close = String(repeating: "</dict>", count: Self.depth)
            let data = Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>\#(open)\#(close)</dict></plist>"#.utf8)
            // The same located reader as .stringsdict files, on every platform: where the 513th level opens.
            #expect(HostileInputs.error(reading: data, as: "deep.strings")
                == "deep.strings:1:9276: error: the file is an XML property list that could not be read: the property list nests deeper than 512 levels.")
        }
    }
}
