import Foundation
import ParlanceTestSupport
import Testing

@Suite("parlance check")
struct CheckCommandTests {
    static let fixtures = "Tests/ParlanceToolingTests/Fixtures/check"

    @Test("Errors print as compiler-style lines and exit 1")
    func errors() throws {
        let result = try Parlance.run(["check", "\(Self.fixtures)/!missing-translation"])
        let file = "\(Self.fixtures)/!missing-translation/Localizable.xcstrings"
        #expect(result.status == 1)
        #expect(result.standardOutput == """
            \(file):26:5: error: "Save" has no translation in de. [missing-translation]
            \(file):42:5: error: "Share" has no translation in de. [missing-translation]
            \(file):42:5: error: "Share" has no translation in fr. [missing-translation]

            """)
        #expect(result.standardError == "Checked 1 file: 3 errors.\n")
    }

    @Test("Clean catalogs print nothing and exit 0")
    func clean() throws {
        let result = try Parlance.run(["check", "\(Self.fixtures)/missing-translation", "\(Self.fixtures)/placeholder-mismatch"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "Checked 2 files: no problems found.\n")
    }

    @Test("Warnings alone exit 0; with --strict they are errors and exit 1", arguments: [false, true])
    func strict(strict: Bool) throws {
        let result = try Parlance.run(["check", "\(Self.fixtures)/!new"] + (strict ? ["--strict"] : []))
        let severity = strict ? "error" : "warning"
        #expect(result.status == (strict ? 1 : 0))
        #expect(result.standardOutput == """
            \(Self.fixtures)/!new/Localizable.xcstrings:13:9: \(severity): "Cancel" in fr is marked new and was never confirmed. [new]

            """)
    }

    @Test("--format github prints workflow annotations")
    func github() throws {
        let result = try Parlance.run(["check", "\(Self.fixtures)/!plural-unused-category", "--format", "github"])
        let file = "\(Self.fixtures)/!plural-unused-category/Localizable.xcstrings"
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            ::warning file=\(file),line=6,col=9,title=plural-unused-category::"%25lld files" in en has the plural form "few", which CLDR's rules for en never choose; they use one, other.
            ::warning file=\(file),line=30,col=9,title=plural-unused-category::"%25lld files" in ja has the plural form "one", which CLDR's rules for ja never choose; they use other.

            """)
    }

    @Test("--format json prints an array of finding objects")
    func json() throws {
        let result = try Parlance.run(["check", "\(Self.fixtures)/!new", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            [
              {
                "column": 9,
                "file": "\(Self.fixtures)/!new/Localizable.xcstrings",
                "key": "Cancel",
                "language": "fr",
                "line": 13,
                "message": "\\"Cancel\\" in fr is marked new and was never confirmed.",
                "rule": "new",
                "severity": "warning",
                "table": "Localizable"
              }
            ]

            """)
    }

    @Test("--manifest checks a component library's keys against the catalogs")
    func manifest() throws {
        let folder = "\(Self.fixtures)/!manifest-missing-key"
        let result = try Parlance.run([
            "check", folder, "--manifest", "\(folder)/QuizUI.keys.json", "--ignore", "missing-translation",
        ])
        #expect(result.status == 1)
        #expect(result.standardOutput == """
            \(folder)/QuizUI.keys.json:5:14: error: QuizUI declares "close", which the Localizable catalogs do not translate into it. [manifest-missing-key]
            \(folder)/QuizUI.keys.json:6:14: error: QuizUI declares "loading", which the Localizable catalogs do not translate into fr. [manifest-missing-key]
            \(folder)/QuizUI.keys.json:6:14: error: QuizUI declares "loading", which the Localizable catalogs do not translate into it. [manifest-missing-key]
            \(folder)/QuizUI.keys.json:7:14: error: QuizUI declares "no_results", which no Localizable catalog holds. [manifest-missing-key]

            """)
    }

    @Test("The example app provides every key its component library declares")
    func exampleManifest() throws {
        let result = try Parlance.run([
            "check", "Examples/QuizApp", "--manifest", "Examples/QuizApp/Sources/QuizUI/QuizUI.keys.json", "--format", "json",
        ])
        #expect(!result.standardOutput.contains("manifest-missing-key"))
        #expect(!result.standardOutput.contains("parse-error"))
    }

    @Test("--sources finds keys the code uses that no catalog holds, and keys no code uses")
    func sources() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-sources-\(UUID().uuidString)")
        let en = folder.appendingPathComponent("Resources/en.lproj")
        try FileManager.default.createDirectory(at: en, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Code"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#""greeting" = "Hello";\#n"farewell" = "Bye";\#n"unused.one" = "Nobody";\#n"#.utf8)
            .write(to: en.appendingPathComponent("Localizable.strings"))
        try Data("""
            import SwiftUI
            struct Screen: View {
                var body: some View {
                    Text("greeting")
                    Text("farewell".localized())
                    Text(localizer.string("missing.key"))
                }
            }

            """.utf8).write(to: folder.appendingPathComponent("Code/Screen.swift"))
        let result = try Parlance.run(["check", folder.appendingPathComponent("Resources").path, "--sources", folder.appendingPathComponent("Code").path])
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix(folder.appendingPathComponent("Code/Screen.swift").path + ":6:31: error: ") && $0.hasSuffix("[unknown-key]") })
        #expect(lines.contains { $0.contains("\"unused.one\"") && $0.hasSuffix("[unused-key]") })
        #expect(!lines.contains { $0.contains("\"greeting\"") || $0.contains("\"farewell\"") })
    }

    @Test("Usage errors: an unknown rule for --ignore, a path that does not exist", arguments: [
        (["check", "Examples", "--ignore", "typo"], "Error: unknown rule \"typo\" for --ignore; expected one of missing-translation, "),
        (["check", "no/such/folder"], "Error: cannot read no/such/folder: no such file or folder.\n"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try Parlance.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix(message))
    }
}
