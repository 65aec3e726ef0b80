import Foundation
import ParlanceTestSupport
import Testing
@testable import ParlanceCatalogs
import ParlanceCatalogWriters

@Suite("Writing .stringsdict files")
struct StringsDictWriterTests {
    @Test("Every entry of the fixture reads back as it was written")
    func roundTrip() throws {
        let original = try StringsDictReader.read(ReaderFixtures.data("stringsdict", "plural.stringsdict"), path: "plural.stringsdict")
        let written = StringsDictWriter.write(original.entries.map { ($0.key, $0.value) })
        #expect(written.unwritable.isEmpty)
        let reread = try StringsDictReader.read(written.data, path: "written.stringsdict")
        #expect(reread.entries == original.entries)
        #expect(reread.entries.keys == original.entries.keys)
    }

    @Test("The layout is Xcode's: tabs, the format key first, categories in CLDR order")
    func layout() {
        let written = StringsDictWriter.write([
            ("%lld items <&>", .plural([.other: .string("%lld items"), .one: .string("%lld item"), .zero: .string("none")]))
        ])
        #expect(String(decoding: written.data, as: UTF8.self) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>%lld items &lt;&amp;&gt;</key>
            \t<dict>
            \t\t<key>NSStringLocalizedFormatKey</key>
            \t\t<string>%#@value@</string>
            \t\t<key>value</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringPluralRuleType</string>
            \t\t\t<key>NSStringFormatValueTypeKey</key>
            \t\t\t<string>lld</string>
            \t\t\t<key>zero</key>
            \t\t\t<string>none</string>
            \t\t\t<key>one</key>
            \t\t\t<string>%lld item</string>
            \t\t\t<key>other</key>
            \t\t\t<string>%lld items</string>
            \t\t</dict>
            \t</dict>
            </dict>
            </plist>

            """)
    }

    @Test("What a .stringsdict cannot hold is reported by key, never dropped silently")
    func unwritable() {
        let nested = Localization.device([.iphone: .plural([.one: .string("a"), .other: .string("b")])])
        let set = Localization(stringSet: StringSet(["Open", "Launch"]))
        let written = StringsDictWriter.write([("nested", nested), ("set", set)])
        #expect(written.unwritable.map(\.description) == [
            "error: \"nested\" cannot be written to a .stringsdict file: device variations nested in other variations exist only in String Catalogs.",
            "error: \"set\" cannot be written to a .stringsdict file: string sets exist only in String Catalogs.",
        ])
    }
}

@Suite("The .stringsdict corpus", .enabled(if: Corpus.isAvailable, "PARLANCE_CORPUS is unset"))
struct StringsDictCorpusTests {
    @Test("Every real .stringsdict file reads, with the keys Foundation sees")
    func everyFileReads() throws {
        let files = try Corpus.files("stringsdict")
        #expect(!files.isEmpty)
        for url in files {
            let data = try Data(contentsOf: url)
            let file: StringsDictFile
            do {
                file = try StringsDictReader.read(data, path: url.lastPathComponent)
            } catch {
                Issue.record("\(error)")
                continue
            }
            let foundation = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
            #expect(Set(file.entries.keys) == Set(foundation?.keys ?? [:].keys), "\(url.lastPathComponent)")
            // Writing and reading again changes nothing.
            let written = StringsDictWriter.write(file.entries.map { ($0.key, $0.value) })
            #expect(written.unwritable.isEmpty, "\(url.lastPathComponent)")
            let reread = try StringsDictReader.read(written.data, path: url.lastPathComponent)
            #expect(reread.entries == file.entries, "\(url.lastPathComponent)")
        }
        print("note: \(files.count) .stringsdict corpus files read and round-tripped")
    }
}
