import Foundation
import ParlanceCatalogs
import Testing

@Suite("Escapes in .strings files")
struct StringsFileEscapeTests {
    static let expected: [(key: String, value: String)] = [
        ("newline", "a\nb"),
        ("tab", "a\tb"),
        ("return", "a\rb"),
        ("quote", "a\"b"),
        ("apostrophe", "a'b"),
        ("backslash", "a\\b"),
        ("controls", "\u{07}\u{08}\u{0C}\u{0B}"),
        ("line continuation", "a\nb"),
        // Up to three octal digits: \1012 is "A" then "2".
        ("octal", "A\u{00}\u{07}A2"),
        // NeXTSTEP bytes: 0x80 is a no-break space, 0xE1 is Æ, 0xFE has no character.
        ("octal NeXTSTEP", "\u{A0}\u{C6}\u{00}"),
        // 8-bit arithmetic: \777 is 0xFF and \400 is 0x00.
        ("octal wraps", "\u{00}\u{00}"),
        // Four hex digits at most: \U1F600 is U+1F60 then "0".
        ("U escapes", "é€😀\u{1F60}0"),
        ("short U escapes", "Ax\u{00}"),
        ("lower-case u", "u203A"),
        ("any other character", "ה q"),
        ("single ' quote", "it's \"fine\""),
    ]

    @Test("Every escape gives what Foundation gives")
    func everyEscape() throws {
        let file = try StringsFixtures.read("escapes.strings")
        #expect(file.entries.map(\.key) == Self.expected.map(\.key))
        for (entry, expected) in zip(file.entries, Self.expected) {
            #expect(entry.value.unicodeScalars.elementsEqual(expected.value.unicodeScalars), "\(entry.key)")
        }
        #expect(file.diagnostics.isEmpty)
    }

    @Test("A lone surrogate becomes U+FFFD with a warning at its escape", arguments: [
        (#""k" = "\UD83Dx";"#, "\u{FFFD}x", 8, "D83D"),
        (#""k" = "x\UDE00";"#, "x\u{FFFD}", 9, "DE00"),
        (#""k" = "\UD83D\n\UDE00";"#, "\u{FFFD}\n\u{FFFD}", 8, "D83D"),
    ])
    func loneSurrogate(source: String, value: String, column: Int, code: String) throws {
        let file = try StringsFileReader.read(Data(source.utf8), path: "L.strings")
        #expect(file.entries.first?.value.unicodeScalars.elementsEqual(value.unicodeScalars) == true)
        #expect(file.diagnostics.first == Diagnostic(
            .warning,
            "lone UTF-16 surrogate \\U\(code) becomes U+FFFD; write a character outside the Basic Multilingual "
                + "Plane as itself or as a pair such as \\UD83D\\UDE00.",
            at: ParlanceCatalogs.SourceLocation(file: "L.strings", line: 1, column: column)))
    }
}
