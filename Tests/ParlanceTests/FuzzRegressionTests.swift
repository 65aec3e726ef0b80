import Foundation
import ParlanceTestSupport
import Parlance
import ParlanceCatalogWriters
import Testing

/// Inputs the fuzz targets in `Fuzz/` once failed on, kept in `Fixtures/fuzz-regressions/<format>/`
/// and read through the API the target exercised, with the property the target checks.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static func files(_ area: String) -> [String] {
        let folder = Fixtures.root.appendingPathComponent("fuzz-regressions").appendingPathComponent(area)
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    static func data(_ area: String, _ name: String) throws -> Data {
        try Fixtures.data("fuzz-regressions/\(area)", name)
    }

    @Test("There are regressions to check for each format that had one", arguments: ["strings", "xcstrings", "language-tag", "accept-language", "json-messages"])
    func regressionsExist(_ area: String) {
        #expect(!Self.files(area).isEmpty)
    }

    /// The strings-file target's property: what reads, written by `StringsFileWriter`, reads
    /// back to exactly the same pairs.
    /// The exact error for each regression that must fail (names starting with `!`).
    static let expectedErrors: [String: String] = [
        // Foundation on Linux crashed bridging a set inside a binary property list.
        "!set-value-binary-plist.strings":
            "!set-value-binary-plist.strings:1:1: error: the value of the key \"k\" is a set; .strings values must be strings.",
    ]

    @Test("Each must-fail regression fails with its exact error", arguments: files("strings").filter { $0.hasPrefix("!") })
    func mustFail(_ name: String) throws {
        let data = try Self.data("strings", name)
        #expect(Self.expectedErrors[name] != nil)
        #expect(HostileInputs.error(reading: data, as: name) == Self.expectedErrors[name])
    }

    @Test("Each .strings regression reads, and its pairs survive the writer",
          arguments: files("strings").filter { !$0.hasPrefix("!") })
    func stringsRoundTrip(_ name: String) throws {
        let file = try StringsFileReader.read(try Self.data("strings", name), path: name)
        #expect(!file.entries.isEmpty)
        let written = StringsFileWriter.write(file.entries.map { ($0.key, $0.value, $0.comment) })
        let reread = try StringsFileReader.read(written, path: name)
        #expect(reread.entries.map { [$0.key, $0.value] } == file.entries.map { [$0.key, $0.value] })
    }

    /// The json-messages target's property: what reads is written back and reads back equal;
    /// what cannot be written back (an empty level of nested keys, once) is refused when read.
    @Test("Each JSON message catalog regression reads and round-trips, or is refused at its place",
          arguments: files("json-messages"))
    func jsonMessagesRoundTrip(_ name: String) throws {
        let data = try Self.data("json-messages", name)
        let file: CatalogFile
        do {
            file = try JSONMessagesReader.read(data, path: name, table: "Localizable", language: "fr")
        } catch {
            #expect(error.location.line >= 1 && error.location.column >= 1)
            return
        }
        let written = try JSONMessagesWriter.write(file.catalog, language: "fr")
        #expect(try JSONMessagesReader.read(written, path: name, table: "Localizable", language: "fr").catalog == file.catalog)
    }

    /// The xcstrings target's property: read, write, read gives an equal catalog, and writing
    /// that again gives the same bytes, in both key orders.
    @Test("Each String Catalog regression round-trips to an equal catalog", arguments: files("xcstrings"))
    func catalogRoundTrip(_ name: String) throws {
        let catalog = try XCStringsReader.read(try Self.data("xcstrings", name), path: name)
        for order in [XCStringsWriter.KeyOrder.xcode, .preserved] {
            let writer = XCStringsWriter(keyOrder: order)
            let written = writer.write(catalog)
            #expect(written.dropped.isEmpty)
            let reread = try XCStringsReader.read(written.data, path: name)
            #expect(reread == catalog)
            #expect(reread.hashValue == catalog.hashValue)
            #expect(writer.write(reread).data == written.data)
        }
    }

    /// The language-tag target's property: a tag that parses has an identifier that parses to
    /// the same language (so `Codable` round-trips it).
    @Test("Each language tag regression parses to a fixed point or not at all", arguments: files("language-tag"))
    func languageTagFixedPoint(_ name: String) throws {
        let tag = String(decoding: try Self.data("language-tag", name), as: UTF8.self)
        let roundTrips = Language(tag).map { Language($0.identifier) == $0 }
        #expect(roundTrips != false, "\(tag) parses, but its identifier does not parse back to it")
    }

    /// The accept-language target's property: a header reads (never crashes), into languages
    /// each of which is its own tag's fixed point.
    @Test("Each Accept-Language regression reads into languages that parse back to themselves", arguments: files("accept-language"))
    func acceptLanguageRegression(_ name: String) throws {
        let header = String(decoding: try Self.data("accept-language", name), as: UTF8.self)
        for language in AcceptLanguage.languages(from: header) {
            #expect(Language(language.identifier) == language, "\(language.identifier) from \(header)")
        }
    }

    @Test("A tag an alias would lengthen past 64 bytes is refused; a shorter one keeps its alias")
    func aliasLength() {
        let long = "sh-" + String(repeating: "abcde-", count: 10) + "x"
        #expect(long.utf8.count == 64)
        #expect(Language(long) == nil)
        let short = "sh-RS-1901"
        #expect(Language(short)?.identifier == "sr-Latn-RS-1901")
    }
}
