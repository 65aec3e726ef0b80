import Foundation
import Parlance
import Testing
@testable import ParlanceTooling

/// XLIFF and .po files come from outside the project: every hazard is refused with a
/// location, in bounded time and memory, and none crashes the process.
@Suite("Hostile XLIFF and .po files")
struct HostileTranslationFileTests {
    func xliffError(_ text: String) -> ParseError? {
        do {
            _ = try XLIFF.read(Data(text.utf8), path: "hostile.xliff")
            return nil
        } catch {
            return error
        }
    }

    @Test("A DTD is refused, so neither external entities (XXE) nor entity expansion (billion laughs) happen")
    func doctypeRefused() throws {
        let url = TranslationExchangeTests.fixtures.appendingPathComponent("doctype-entities.xliff")
        #expect {
            _ = try TranslationExchange.read(url)
        } throws: { error in
            let error = error as? ParseError
            return error?.location.line == 2 && error?.location.column == 1 && error?.message.contains("DOCTYPE") == true
        }
    }

    @Test("Entities other than XML's five are refused, by name and place")
    func undeclaredEntity() throws {
        let error = try #require(xliffError(#"<xliff version="1.2"><file original="a" source-language="en" target-language="fr"><body><trans-unit id="a"><source>&nbsp;</source></trans-unit></body></file></xliff>"#))
        #expect(error.message.contains("&nbsp;"))
        #expect(error.location.column == 116)
    }

    @Test("Deep nesting is refused where it passes the limit, without recursion past it")
    func deepNesting() throws {
        let depth = 100_000
        let text = String(repeating: "<g>", count: depth) + String(repeating: "</g>", count: depth)
        let error = try #require(xliffError(text))
        #expect(error.message.contains("deeper than 64"))
        #expect(error.location.column == 64 * 3 + 1)
    }

    @Test("A huge attribute is refused")
    func hugeAttribute() throws {
        let text = "<xliff version=\"" + String(repeating: "1", count: 2 << 20) + "\"/>"
        let error = try #require(xliffError(text))
        #expect(error.message.contains("longer than"))
    }

    @Test("Malformed XML names the place: unclosed element, mismatched end tag, stray ampersand, bad UTF-8")
    func malformed() throws {
        #expect(xliffError("<xliff version=\"1.2\">")?.message.contains("never closed") == true)
        #expect(xliffError("<xliff>\n  </file>")?.location == SourceLocation(file: "hostile.xliff", line: 2, column: 3))
        #expect(xliffError("<xliff>a & b</xliff>")?.message.contains("&amp;") == true)
        var bytes = Array("<xliff>".utf8)
        bytes += [0xC3, 0x28]
        #expect(throws: ParseError.self) { _ = try XLIFF.read(Data(bytes), path: "x") }
        #expect(xliffError(#"<xliff version="2.0"/>"#)?.message.contains("XLIFF 2.0") == true)
        #expect(xliffError(#"<xliff version="1.2"><file original="a" source-language="en" target-language="fr"><body><trans-unit id="a"><source>x</source><target>a <g id="1">b</g></target></trans-unit></body></file></xliff>"#)?.message.contains("inline") == true)
    }

    @Test("Malformed .po files name the place")
    func malformedPO() throws {
        func poError(_ text: String) -> ParseError? {
            do {
                _ = try GettextPO.read(Data(text.utf8), path: "hostile.po")
                return nil
            } catch {
                return error
            }
        }
        let header = "msgid \"\"\nmsgstr \"Language: fr\\nX-Catalog: L.xcstrings\\n\"\n\n"
        #expect(poError(header + "msgid \"a\nmsgstr \"b\"\n")?.location.line == 4)
        #expect(poError(header + "msgid \"a\"\nmsgstr \"\\q\"\n")?.message.contains("\\q") == true)
        #expect(poError(header + "msgid \"a\"\nmsgstr[1] \"b\"\n")?.message.contains("msgid_plural") == true)
        #expect(poError(header + "bogus \"a\"\n")?.location == SourceLocation(file: "hostile.po", line: 4, column: 1))
        #expect(poError("msgid \"a\"\nmsgstr \"b\"\n")?.message.contains("header") == true)
        // 100,000 obsolete entries are passed over without recursion.
        let obsolete = String(repeating: "#~ msgid \"x\"\n#~ msgstr \"y\"\n\n", count: 100_000)
        let document = try GettextPO.read(Data((header + obsolete).utf8), path: "obsolete.po")
        #expect(document.files.first?.units.isEmpty == true)
    }

    @Test("Two .po entries that give the same unit are refused where the second starts (found by fuzzing)")
    func entriesGivingOneUnit() {
        func poError(_ body: String) -> ParseError? {
            let header = "msgid \"\"\nmsgstr \"Language: en\\nX-Catalog: L.xcstrings\\n\"\n\n"
            do {
                _ = try GettextPO.read(Data((header + body).utf8), path: "twice.po")
                return nil
            } catch {
                return error
            }
        }
        let plural = "msgctxt \"k\"\nmsgid \"a\"\nmsgid_plural \"b\"\nmsgstr[0] \"c\"\nmsgstr[1] \"d\"\n\n"
        // `k|==|` is how Xcode would spell the key `k` with an empty path.
        let spelledTwice = poError(plural + "msgctxt \"k|==|\"\nmsgid \"x\"\nmsgstr \"y\"\n")
        #expect(spelledTwice?.location == SourceLocation(file: "twice.po", line: 10, column: 1))
        #expect(spelledTwice?.message == "a second entry for \"k\" (spelled \"k|==|\" here).")
        // A plain entry for one of the plural entry's forms.
        let form = poError(plural + "msgctxt \"k|==|plural.other\"\nmsgid \"x\"\nmsgstr \"y\"\n")
        #expect(form?.message == "this entry gives \"k|==|plural.other\", which an earlier entry gives too.")
        #expect(form?.location.line == 10)
        // The same msgctxt twice, as before.
        #expect(poError("msgctxt \"k\"\nmsgid \"a\"\nmsgstr \"b\"\n\nmsgctxt \"k\"\nmsgid \"a\"\nmsgstr \"b\"\n")?.message == "a second entry for \"k\".")
        // Distinct units that merely look alike still read.
        #expect(poError(plural + "msgctxt \"k|==|device.mac\"\nmsgid \"x\"\nmsgstr \"y\"\n") == nil)
    }

    /// The inputs the `po` fuzz target once failed on: each is refused with a location (a name
    /// starting with `!`) or survives the fuzz target's round trip.
    @Test("Each .po fuzz regression is refused with a place, or writes and reads back to the same translations",
          arguments: try! FileManager.default.contentsOfDirectory(atPath: Fixtures.url("fuzz-regressions/po").path).sorted())
    func poRegression(_ name: String) throws {
        let data = try Data(contentsOf: Fixtures.url("fuzz-regressions/po/\(name)"))
        if name.hasPrefix("!") {
            #expect(throws: ParseError.self) { _ = try GettextPO.read(data, path: name, fallbackOriginal: "L.xcstrings") }
            return
        }
        let file = try #require(try GettextPO.read(data, path: name, fallbackOriginal: "L.xcstrings").files.first)
        let written = GettextPO.write(file)
        let again = try #require(try GettextPO.read(written.data, path: "written.po").files.first)
        // What the writer reports as left out is missing; everything else comes back as it was.
        let lost = Set(file.units.map(\.id).filter { id in written.losses.contains { $0.message.contains("\"\(id)\"") } })
        let kept = file.units.filter { !lost.contains($0.id) }
        #expect(again.units.map(\.id) == kept.map(\.id))
        #expect(again.units.map(\.target) == kept.map(\.target))
    }

    @Test("A line break in a table name, path or note cannot start a .po entry of its own (found by fuzzing)")
    func lineBreaksInComments() throws {
        let file = TranslationFile(
            original: "Evil\nmsgid \"x\".xcstrings", sourceLanguage: "en", targetLanguage: "ru\nPlural-Forms: 9",
            units: [TranslationUnit(key: "k", source: "s", target: "t", note: "one\r\nmsgstr \"two\"")])
        let written = GettextPO.write(file)
        let document = try GettextPO.read(written.data, path: "written.po")
        #expect(document.files.first?.units.map(\.target) == ["t"])
        #expect(document.files.first?.original == "Evil msgid \"x\".xcstrings", "a header field keeps one line")
    }

    @Test("100,000 distinct units read and import in bounded structures: one unit each, nothing kept across calls")
    func manyDistinctUnits() throws {
        var text = #"<xliff version="1.2"><file original="L.xcstrings" source-language="en" target-language="fr"><body>"#
        for index in 0..<100_000 { text += "<trans-unit id=\"k\(index)\"><source>s</source><target>t\(index)</target></trans-unit>" }
        text += "</body></file></xliff>"
        let document = try XLIFF.read(Data(text.utf8), path: "many.xliff")
        #expect(document.files[0].units.count == 100_000)
        let result = TranslationImport.merge(document, into: [Catalog(table: "L", sourceLanguage: "en")])
        #expect(result.diagnostics.count == 100_000)
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
    }
}
