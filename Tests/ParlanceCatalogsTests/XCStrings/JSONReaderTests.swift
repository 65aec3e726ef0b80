import Foundation
import Testing
@testable import ParlanceCatalogs

@Suite("Reading JSON")
struct JSONReaderTests {
    /// Reads `text` as one JSON value, as the catalog reader reads members it does not know.
    static func parse(_ text: String) throws(ParseError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    static func parse(bytes: [UInt8]) throws(ParseError) -> JSONValue {
        let result: Result<JSONValue, ParseError> = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ParseError) in
                var reader = JSONReader(bytes: buffer, path: "t.json")
                let value = try reader.readValue()
                try reader.expectEnd()
                return value
            }
        }
        return try result.get()
    }

    @Test("Objects keep member order and numbers keep their text")
    func values() throws {
        let value = try Self.parse(#" {"b" : [1, -2.50e+10, true, false, null], "a" : "x"} "#)
        let expected = JSONValue.object(JSONObject([
            ("b", .array([.number("1"), .number("-2.50e+10"), .bool(true), .bool(false), .null])),
            ("a", .string("x")),
        ]))
        #expect(value == expected)
    }

    @Test("Nesting up to the limit reads; one level more is an error")
    func depthLimit() throws {
        let limit = JSONReader.maximumDepth
        #expect(throws: Never.self) {
            try Self.parse(String(repeating: "[", count: limit) + String(repeating: "]", count: limit))
        }
        let error = #expect(throws: ParseError.self) {
            try Self.parse(String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1))
        }
        #expect(error?.description
            == "t.json:1:513: error: expected at most 512 nested objects and arrays, found deeper nesting.")
    }

    @Test("Malformed JSON fails with the place and what was expected", arguments: [
        ("[1, 2,]", "1:7: error: expected another element after ',', found ']'; JSON allows no trailing comma."),
        (#"{"a" 1}"#, #"1:6: error: expected ':' after the object key "a"."#),
        (#"{"a" : 1 "b" : 2}"#, #"1:10: error: expected ',' or '}' after the value of "a", found '"'."#),
        (#"{"a" : 1, "a" : 2}"#, #"1:11: error: expected each member name once in an object, found "a" again."#),
        (#"{"a" : 1,}"#, "1:10: error: expected another member after ',', found '}'; JSON allows no trailing comma."),
        ("{1 : 2}", "1:2: error: expected a member name in quotes or '}', found '1'."),
        ("[01]", "1:3: error: expected ',' or ']' after an array element, found '1'."),
        ("-", "1:2: error: expected a digit after '-', found the end of the file."),
        ("1.", "1:3: error: expected a digit after '.', found the end of the file."),
        ("1e+", "1:4: error: expected a digit after the exponent mark, found the end of the file."),
        ("tru", "1:1: error: expected a value, found 't'."),
        ("[1] x", "1:5: error: expected the end of the file after the top-level value, found 'x'."),
        (#""abc"#, #"1:5: error: expected '"' to end the string, found the end of the file."#),
        (#""\x""#, #"1:2: error: expected an escape such as \n, \" or \u0041 after '\', found 'x'."#),
        (#""\u12G4""#, #"1:6: error: expected four hex digits after \u, found 'G'."#),
        (#""\uDE00""#, #"1:2: error: expected a high surrogate \uD800 to \uDBFF before the low surrogate \uDE00, found none."#),
        (#""\uD83D\u0041""#, #"1:2: error: expected a low surrogate \uDC00 to \uDFFF after the high surrogate \uD83D, found none."#),
        ("[\"日本\", é]", "1:8: error: expected a value, found 'é'."),
        ("[\n  1,\n  ?]", "3:3: error: expected a value, found '?'."),
        ("", "1:1: error: expected a value, found the end of the file."),
    ])
    func malformed(text: String, expected: String) {
        let error = #expect(throws: ParseError.self) { try Self.parse(text) }
        #expect(error?.description == "t.json:" + expected)
    }

    @Test("Bytes that are not UTF-8 fail at the first bad byte", arguments: [
        ([0x22, 0x5C, 0x6E, 0xFF, 0x22], "1:4: error: expected UTF-8 text, found the invalid byte 0xFF."),
        ([0x22, 0x61, 0xC0, 0xAF, 0x22], "1:3: error: expected UTF-8 text, found the invalid byte 0xC0."),
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "1:2: error: expected UTF-8 text, found the invalid byte 0xED."),
        ([0x22, 0xE2, 0x82, 0x22], "1:2: error: expected UTF-8 text, found the invalid byte 0xE2."),
        ([0x5B, 0xFE, 0x5D], "1:2: error: expected a value, found the byte 0xFE."),
    ] as [([UInt8], String)])
    func invalidUTF8(bytes: [UInt8], expected: String) {
        let error = #expect(throws: ParseError.self) { try Self.parse(bytes: bytes) }
        #expect(error?.description == "t.json:" + expected)
    }

    @Test("A repeated name is found in a large object too")
    func duplicateInLargeObject() {
        let members = (0..<40).map { "\"m\($0)\" : \($0)" } + [#""m7" : 0"#]
        let error = #expect(throws: ParseError.self) { try Self.parse("{" + members.joined(separator: ",") + "}") }
        #expect(error?.description == "t.json:1:422: error: expected each member name once in an object, found \"m7\" again.")
    }

    @Test("A byte order mark is skipped and columns count scalars after it")
    func byteOrderMark() {
        let error = #expect(throws: ParseError.self) { try Self.parse("\u{FEFF}[x]") }
        #expect(error?.description == "t.json:1:2: error: expected a value, found 'x'.")
    }

    @Test("Member names written with escapes still match the schema")
    func escapedMemberNames() throws {
        let json = #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":{"stringUnit":{"st\u0061te":"new","value":"A"}}}}}}"#
        let catalog = try XCStringsReader.read(Data(json.utf8), path: "x.xcstrings")
        #expect(catalog["a"]?["de"] == .string("A", state: .new))
    }

    @Test("Schema errors name the member and the kind found", arguments: [
        (#"{"sourceLanguage":"en","strings":{"a":{"shouldTranslate":"no"}}}"#,
         #"1:58: error: expected a boolean for "shouldTranslate", found a string."#),
        (#"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":{"substitutions":{"n":{"argNum":1.5,"formatSpecifier":"d"}}}}}}}"#,
         #"1:94: error: expected an integer for "argNum", found the number 1.5."#),
        (#"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":{"stringSet":{"values":["x",2]}}}}}}"#,
         #"1:90: error: expected a string in "values", found a number."#),
        (#"{"sourceLanguage":"en","strings":{"a":{"localizations":{"de":{"substitutions":{"n":{}}}}}}}"#,
         #"1:84: error: expected a "formatSpecifier" member in the substitution "n"."#),
        (#"["en"]"#, "1:1: error: expected an object at the top level, found an array."),
        (#"{"sourceLanguage":null,"strings":{}}"#, #"1:19: error: expected a string for "sourceLanguage", found null."#),
        (#"{"sourceLanguage":"en"}"#, #"1:1: error: expected a "strings" member in the top-level object."#),
    ])
    func schemaErrors(json: String, expected: String) {
        let error = #expect(throws: ParseError.self) { try XCStringsReader.read(Data(json.utf8), path: "x.xcstrings") }
        #expect(error?.description == "x.xcstrings:" + expected)
    }
}
