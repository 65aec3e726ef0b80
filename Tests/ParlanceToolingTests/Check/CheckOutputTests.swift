import Parlance
import Testing
@testable import ParlanceTooling

@Suite("Check output formats")
struct CheckOutputTests {
    static let findings = [
        Finding(
            .missingTranslation, "\"Cancel\" has no translation in fr.",
            at: SourceLocation(file: "App/Localizable.xcstrings", line: 4, column: 5),
            table: "Localizable", key: "Cancel", language: "fr"),
        Finding(
            .invalidSpecifier, "\"50%, then\\n\" in de has the malformed format specifier \"%\"; write \"%%\" for a percent sign.",
            at: SourceLocation(file: "odd:name,here.xcstrings", line: 12, column: 9)),
        Finding(
            .needsReview, "\"Save\" in fr needs review.",
            at: SourceLocation(file: "App/Localizable.xcstrings", line: 30, column: 9)),
    ]

    @Test("Text prints one compiler-style line per finding with the rule id in brackets")
    func text() {
        #expect(FindingFormat.text.render(Self.findings) == """
            App/Localizable.xcstrings:4:5: error: "Cancel" has no translation in fr. [missing-translation]
            odd:name,here.xcstrings:12:9: error: "50%, then\\n" in de has the malformed format specifier "%"; write "%%" for a percent sign. [invalid-specifier]
            App/Localizable.xcstrings:30:9: warning: "Save" in fr needs review. [needs-review]

            """)
    }

    @Test("GitHub prints workflow commands, escaping what GitHub requires")
    func github() {
        #expect(FindingFormat.github.render(Self.findings) == """
            ::error file=App/Localizable.xcstrings,line=4,col=5,title=missing-translation::"Cancel" has no translation in fr.
            ::error file=odd%3Aname%2Chere.xcstrings,line=12,col=9,title=invalid-specifier::"50%25, then\\n" in de has the malformed format specifier "%25"; write "%25%25" for a percent sign.
            ::warning file=App/Localizable.xcstrings,line=30,col=9,title=needs-review::"Save" in fr needs review.

            """)
    }

    @Test("GitHub messages escape line breaks so one finding stays one command")
    func githubLineBreaks() {
        let finding = Finding(.emptyValue, "two\nlines\r", at: SourceLocation(file: "a.strings", line: 1, column: 1))
        #expect(FindingFormat.github.render([finding]) == "::error file=a.strings,line=1,col=1,title=empty-value::two%0Alines%0D\n")
    }

    @Test("JSON prints an array of objects with sorted members, leaving out what a finding lacks")
    func json() {
        #expect(FindingFormat.json.render(Array(Self.findings.prefix(2))) == #"""
            [
              {
                "column": 5,
                "file": "App/Localizable.xcstrings",
                "key": "Cancel",
                "language": "fr",
                "line": 4,
                "message": "\"Cancel\" has no translation in fr.",
                "rule": "missing-translation",
                "severity": "error",
                "table": "Localizable"
              },
              {
                "column": 9,
                "file": "odd:name,here.xcstrings",
                "line": 12,
                "message": "\"50%, then\\n\" in de has the malformed format specifier \"%\"; write \"%%\" for a percent sign.",
                "rule": "invalid-specifier",
                "severity": "error"
              }
            ]

            """#)
    }

    @Test("No findings print nothing as text and GitHub commands, and an empty array as JSON")
    func empty() {
        #expect(FindingFormat.text.render([]) == "")
        #expect(FindingFormat.github.render([]) == "")
        #expect(FindingFormat.json.render([]) == "[]\n")
    }
}
