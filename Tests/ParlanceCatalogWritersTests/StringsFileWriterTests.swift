import Foundation
import ParlanceCatalogs
import ParlanceCatalogWriters
import Testing

@Suite("Writing .strings files")
struct StringsFileWriterTests {
    @Test("Entries are written in the genstrings layout, in the order given")
    func layout() {
        let data = StringsFileWriter.write([
            (key: "Welcome", value: "Welcome, %@!", comment: "Title of the main window."),
            (key: "Quit", value: "Quit", comment: nil),
            (key: "A", value: "B", comment: "a */ inside"),
        ])
        #expect(String(decoding: data, as: UTF8.self) == """
            /* Title of the main window. */
            "Welcome" = "Welcome, %@!";

            "Quit" = "Quit";

            /* a * / inside */
            "A" = "B";

            """)
    }

    @Test("Awkward strings are escaped", arguments: [
        ("say \"hi\"", #""say \"hi\"""#),
        ("C:\\path", #""C:\\path""#),
        ("line\nbreak\r\ttab", #""line\nbreak\r\ttab""#),
        ("bell\u{07}nul\u{00}del\u{7F}", #""bell\U0007nul\U0000del\U007F""#),
        ("emoji 👩‍💻 and \u{2028}", "\"emoji 👩‍💻 and \u{2028}\""),
    ])
    func escaping(value: String, written: String) {
        let text = String(decoding: StringsFileWriter.write([(key: "k", value: value, comment: nil)]), as: UTF8.self)
        #expect(text == "\"k\" = \(written);\n")
    }

    @Test("Reading the output gives back exactly the same pairs")
    func roundTrip() throws {
        let awkward = [
            "", "plain", "say \"hi\"", "it's", "C:\\path\\", "\\u203A is not an escape", "\\U0041 neither",
            "emoji 👩‍💻 🇺🇦", "line\nbreak", "\r\n", "\ttab", "/* not a comment */", "// nor this", "a = b; c",
            "\u{00}\u{01}\u{1F}\u{7F}", "\u{2028}\u{2029}", "ends with backslash \\", "'single'", "\u{FEFF}bom",
        ]
        let entries = awkward.enumerated().map { number, text in
            (key: text.isEmpty ? "" : "\(number) \(text)", value: text, comment: number % 2 == 0 ? "note \(number)" : nil)
        }
        let file = try StringsFileReader.read(StringsFileWriter.write(entries), path: "R.strings")
        #expect(file.entries.map(\.key) == entries.map(\.key))
        #expect(file.entries.map(\.value) == entries.map(\.value))
        #expect(file.entries.map(\.comment) == entries.map(\.comment))
        #expect(file.diagnostics.isEmpty)
        // String equality is canonical equivalence; the scalars must match too.
        for (entry, original) in zip(file.entries, entries) {
            #expect(entry.value.unicodeScalars.elementsEqual(original.value.unicodeScalars))
        }
    }

    @Test("No entries make an empty file")
    func empty() throws {
        let data = StringsFileWriter.write([])
        #expect(data.isEmpty)
        #expect(try StringsFileReader.read(data, path: "E.strings").entries.isEmpty)
    }
}
