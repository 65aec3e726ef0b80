import Foundation
import Testing
@testable import ParlanceCatalogs
import ParlanceCatalogWriters

@Suite("String Catalog fixtures")
struct XCStringsFixtureTests {
    @Test("Every fixture round-trips byte for byte with the order preserved", arguments: XCStringsFixtures.names(mustFail: false))
    func roundTripsPreserved(name: String) throws {
        let data = try XCStringsFixtures.data(name)
        let catalog = try XCStringsReader.read(data, path: name)
        let written = XCStringsWriter(keyOrder: .preserved).write(catalog)
        #expect(String(decoding: written.data, as: UTF8.self) == String(decoding: data, as: UTF8.self))
        #expect(written.dropped.isEmpty)
    }

    @Test("Every sorted fixture round-trips byte for byte in Xcode's order",
          arguments: XCStringsFixtures.names(mustFail: false).filter { $0 != "unsorted.xcstrings" })
    func roundTripsInXcodeOrder(name: String) throws {
        let data = try XCStringsFixtures.data(name)
        let written = XCStringsWriter().write(try XCStringsReader.read(data, path: name))
        #expect(String(decoding: written.data, as: UTF8.self) == String(decoding: data, as: UTF8.self))
    }

    /// The whole error text each must-fail fixture gives.
    static let expectedErrors: [String: String] = [
        "!control-character.xcstrings":
            "!control-character.xcstrings:4:9: error: expected an escape such as \\n or \\u0000 instead of the control character U+0009 in a string.",
        "!deep-nesting.xcstrings":
            "!deep-nesting.xcstrings:3:525: error: expected at most 512 nested objects and arrays, found deeper nesting.",
        "!duplicate-key.xcstrings":
            "!duplicate-key.xcstrings:7:5: error: expected each member name once in an object, found \"Hello\" again.",
        "!empty.xcstrings": "!empty.xcstrings:1:1: error: expected a value, found the end of the file.",
        "!invalid-utf8.xcstrings": "!invalid-utf8.xcstrings:4:11: error: expected UTF-8 text, found the invalid byte 0xFF.",
        "!lone-surrogate.xcstrings":
            "!lone-surrogate.xcstrings:4:12: error: expected a low surrogate \\uDC00 to \\uDFFF after the high surrogate \\uD83D, found none.",
        "!missing-colon.xcstrings": "!missing-colon.xcstrings:3:13: error: expected ':' after the object key \"strings\".",
        "!missing-source-language.xcstrings":
            "!missing-source-language.xcstrings:1:1: error: expected a \"sourceLanguage\" member in the top-level object.",
        "!missing-value.xcstrings": "!missing-value.xcstrings:7:26: error: expected a \"value\" member in \"stringUnit\".",
        "!plural-case-not-object.xcstrings":
            "!plural-case-not-object.xcstrings:9:23: error: expected an object for \"one\", found a string.",
        "!state-number.xcstrings": "!state-number.xcstrings:8:23: error: expected a string for \"state\", found a number.",
        "!strings-not-object.xcstrings":
            "!strings-not-object.xcstrings:3:15: error: expected an object for \"strings\", found an array.",
        "!trailing-comma.xcstrings":
            "!trailing-comma.xcstrings:7:3: error: expected another member after ',', found '}'; JSON allows no trailing comma.",
        "!trailing-garbage.xcstrings":
            "!trailing-garbage.xcstrings:8:1: error: expected the end of the file after the top-level value, found '}'.",
        "!truncated.xcstrings":
            "!truncated.xcstrings:6:1: error: expected a member name in quotes or '}', found the end of the file.",
    ]

    @Test("Every must-fail fixture fails with its whole error text")
    func mustFailFixtures() throws {
        let names = XCStringsFixtures.names(mustFail: true)
        #expect(Set(names) == Set(Self.expectedErrors.keys))
        for name in names {
            let data = try XCStringsFixtures.data(name)
            let error = #expect(throws: ParseError.self, "\(name)") {
                try XCStringsReader.read(data, path: name)
            }
            #expect(error?.description == Self.expectedErrors[name], "\(name)")
        }
    }
}
