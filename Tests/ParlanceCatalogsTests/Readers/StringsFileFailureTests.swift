import Foundation
import ParlanceCatalogs
import Testing

@Suite("Failing to read .strings files")
struct StringsFileFailureTests {
    /// The exact error for every must-fail fixture (names starting with `!`).
    static let expectedErrors: [String: String] = [
        "!missing-semicolon.strings": "2:21: error: expected ';' after the value \"Hello\".",
        "!unterminated-string.strings": "2:7: error: unterminated quoted string; expected '\"' before the end of the file.",
        "!unterminated-comment.strings": "2:1: error: unterminated comment; expected '*/' before the end of the file.",
        "!array-value.strings": "1:10: error: the value of the key \"list\" is an array; .strings values must be strings.",
        "!dictionary-value.strings": "1:10: error: the value of the key \"dict\" is a dictionary; .strings values must be strings.",
        "!data-value.strings": "1:10: error: the value of the key \"data\" is data; .strings values must be strings.",
        "!missing-equals.strings": "1:7: error: expected '=' or ';' after the key \"key\" but found ':' (U+003A).",
        "!missing-value.strings": "1:9: error: expected a value for the key \"key\" but found ';' (U+003B).",
        "!key-at-end.strings": "2:9: error: expected '=' or ';' after the key \"orphan\".",
        "!value-at-end.strings": "1:6: error: expected a value for the key \"a\" before the end of the file.",
        "!stray-first-character.strings": "1:1: error: expected a key but found ';' (U+003B).",
        "!unclosed-brace.strings": "3:1: error: expected '}' to close the dictionary opened on line 1 before the end of the file.",
        "!junk-after-brace.strings": "2:1: error: unexpected '\"' (U+0022) after the closing '}'; a .strings file holds one dictionary.",
        "!stray-in-braces.strings": "1:13: error: expected a key or '}' but found ';' (U+003B).",
        "!invalid-utf8.strings": "2:13: error: invalid UTF-8 byte 0xE9; .strings files must be UTF-8 or UTF-16 with a byte order mark.",
        "!utf16-without-bom.strings":
            "1:1: error: the file looks like UTF-16 without a byte order mark; .strings files must be UTF-8 or UTF-16 with a byte order mark.",
        "!xml-array.strings": "3:1: error: the file is an XML property list holding an array, not a dictionary of strings.",
        "!xml-number-value.strings": "3:23: error: the value of the key \"count\" is an integer; .strings values must be strings.",
    ]

    static var mustFailFixtures: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: StringsFixtures.directory.path)) ?? []
        return names.filter { $0.hasPrefix("!") }.sorted()
    }

    @Test("Every must-fail fixture has an expected error")
    func everyFixtureIsChecked() {
        #expect(Self.mustFailFixtures == Self.expectedErrors.keys.sorted())
    }

    @Test("Each must-fail fixture fails with its exact error", arguments: mustFailFixtures)
    func mustFail(name: String) throws {
        let data = try StringsFixtures.data(name)
        let expected = try #require(Self.expectedErrors[name])
        #expect {
            _ = try StringsFileReader.read(data, path: name)
        } throws: { error in
            (error as? ParseError)?.description == "\(name):\(expected)"
        }
    }

    @Test("Broken UTF-16 is an error at the place it breaks", arguments: [
        ([0xFF, 0xFE, 0x41, 0x00, 0x0A, 0x00, 0x42, 0x00, 0x3D, 0xD8, 0x43, 0x00],
         "U.strings:2:2: error: unpaired UTF-16 surrogate 0xD83D; the file is not valid UTF-16."),
        ([0xFE, 0xFF, 0x00, 0x41, 0xDE, 0x00],
         "U.strings:1:2: error: unpaired UTF-16 surrogate 0xDE00; the file is not valid UTF-16."),
        ([0xFF, 0xFE, 0x41, 0x00, 0x42],
         "U.strings:1:2: error: the file ends in the middle of a UTF-16 code unit; UTF-16 text has an even number of bytes."),
    ] as [([UInt8], String)])
    func brokenUTF16(bytes: [UInt8], expected: String) {
        #expect {
            _ = try StringsFileReader.read(Data(bytes), path: "U.strings")
        } throws: { error in
            (error as? ParseError)?.description == expected
        }
    }
}
