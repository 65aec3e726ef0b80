import Foundation
import ParlanceCatalogs
import Testing

@Suite("Warnings while reading .strings files")
struct StringsFileDiagnosticsTests {
    @Test("Duplicate keys are all kept, the last one wins, and each repeat is reported")
    func duplicateKeys() throws {
        let file = try StringsFixtures.read("duplicate-keys.strings")
        #expect(pairs(file) == [["Add Cheat…", "Add"], ["Same", "Same"], ["Add Cheat…", "チートコードを追加…"], ["Same", "Same"]])
        #expect(file.table == ["Add Cheat…": "チートコードを追加…", "Same": "Same"])
        #expect(file.diagnostics.map(\.description) == [
            "duplicate-keys.strings:3:1: warning: duplicate key \"Add Cheat…\": line 1 gives \"Add\", "
                + "this line gives \"チートコードを追加…\"; the last one wins, as in Foundation.",
            "duplicate-keys.strings:4:1: warning: duplicate key \"Same\" repeats line 2 with the same value.",
        ])
        // Tools act on the code, not the wording (parlance check's duplicate-key rule).
        #expect(file.diagnostics.map(\.code) == [.duplicateKey, .duplicateKey])
    }

    @Test("Where Foundation silently stops, the reader warns, skips the character and reads on")
    func silentTruncation() throws {
        let file = try StringsFixtures.read("silent-truncation.strings")
        #expect(pairs(file) == [["one", "1"], ["two", "2"], ["three", "3"]])
        #expect(file.diagnostics.map(\.description) == [
            "silent-truncation.strings:2:46: warning: unexpected character U+0008 in key position; "
                + "Apple's parser stops reading here and drops the remaining 2 entries.",
            "silent-truncation.strings:3:13: warning: unexpected character ';' (U+003B) in key position; "
                + "skipped it (Apple's parser already stopped reading on line 2).",
        ])
    }

    @Test("The truncation warning counts the entries Foundation drops", arguments: [
        ("\"a\" = \"b\";;", "Apple's parser stops reading here, but no entries follow."),
        ("\"a\" = \"b\";;\"c\" = \"d\";", "Apple's parser stops reading here and drops the remaining 1 entry."),
        ("\"a\" = \"b\";}\"c\";\"d\";", "Apple's parser stops reading here and drops the remaining 2 entries."),
    ])
    func truncationCount(source: String, consequence: String) throws {
        let file = try StringsFileReader.read(Data(source.utf8), path: "T.strings")
        let character = source.contains("}") ? "'}' (U+007D)" : "';' (U+003B)"
        #expect(file.diagnostics == [Diagnostic(
            .warning, "unexpected character \(character) in key position; \(consequence)",
            at: ParlanceCatalogs.SourceLocation(file: "T.strings", line: 1, column: 11))])
    }

    @Test("An error past the point where Foundation stops is a warning, and reading ends there")
    func errorAfterTruncation() throws {
        let source = "\"a\" = \"b\";\n;\"c\" = \"d\";\n\"e\" = \"f\"\n\"g\" = \"h\";\n"
        let file = try StringsFileReader.read(Data(source.utf8), path: "T.strings")
        #expect(pairs(file) == [["a", "b"], ["c", "d"]])
        #expect(file.diagnostics.map(\.description) == [
            "T.strings:2:1: warning: unexpected character ';' (U+003B) in key position; "
                + "Apple's parser stops reading here and drops the remaining 1 entry.",
            "T.strings:3:10: warning: expected ';' after the value \"f\"; reading stops here "
                + "(Apple's parser already stopped on line 2).",
        ])
    }

    @Test("A non-ASCII character in key position is skipped whole")
    func nonASCIIStrayCharacter() throws {
        let file = try StringsFileReader.read(Data("\"a\" = \"b\"; «\"c\" = \"d\";".utf8), path: "T.strings")
        #expect(pairs(file) == [["a", "b"], ["c", "d"]])
        #expect(file.diagnostics.map(\.message) == [
            "unexpected character '«' (U+00AB) in key position; Apple's parser stops reading here and drops the remaining 1 entry.",
        ])
    }
}
