import Foundation
import ParlanceTestSupport
import Testing

@Suite("parlance generate, extract and pseudo")
struct CodegenCommandTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static let exampleResources = "Examples/QuizApp/Sources/QuizKit/Resources"

    @Test("generate writes accessors for the example's String Catalog and .lproj tables together")
    func generate() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("L10n.swift")
        let result = try Parlance.run(["generate", Self.exampleResources, "--output", output.path, "--access", "public"])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let source = try String(contentsOf: output, encoding: .utf8)
        #expect(source.contains("public static func correctSurTotal(correct: Swift.Int, total: Swift.Int, localizer: Parlance.Localizer? = nil) -> Swift.String {"))
        #expect(source.contains(".init(\"Settings\", keys: [\n            \"settings.cache.size\","))
        #expect(source.contains("L10n.parlanceKeys.string(8, arguments: [Parlance.MessageArgument(count)], localizer: localizer)"))
    }

    @Test("generate fails on an unknown access level with ArgumentParser's sentence")
    func generateBadAccess() throws {
        let result = try Parlance.run(["generate", Self.exampleResources, "--output", "/dev/null", "--access", "open"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: The value 'open' is invalid for '--access <access>'"))
    }

    @Test("extract creates a catalog from sources, then marks a removed key stale")
    func extract() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("App.swift")
        let catalog = folder.appendingPathComponent("Localizable.xcstrings")
        try Data(#"let a = "hello".localized(); let b = String(localized: "bye", defaultValue: "Bye!")"#.utf8).write(to: source)
        let first = try Parlance.run(["extract", folder.path, "--catalog", catalog.path])
        #expect(first.status == 0)
        #expect(first.standardOutput == """
            Localizable.xcstrings: 2 added, 0 marked stale, 0 found again, 0 updated (2 uses in code, 0 of other tables).
              + hello
              + bye

            """)
        try Data(#"let a = "hello".localized()"#.utf8).write(to: source)
        let second = try Parlance.run(["extract", source.path, "--catalog", catalog.path])
        #expect(second.standardOutput.hasSuffix("  - bye (stale)\n"))
        let written = try String(contentsOf: catalog, encoding: .utf8)
        #expect(written == """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "bye" : {
                  "extractionState" : "stale",
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "new",
                        "value" : "Bye!"
                      }
                    }
                  }
                },
                "hello" : {

                }
              },
              "version" : "1.0"
            }
            """)
    }

    @Test("pseudo adds en-XA to a copy of the example catalog, and running it again changes nothing")
    func pseudo() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appendingPathComponent("Localizable.xcstrings")
        try FileManager.default.copyItem(
            at: Parlance.packageRoot.appendingPathComponent("\(Self.exampleResources)/Localizable.xcstrings"), to: catalog)
        let result = try Parlance.run(["pseudo", catalog.path, "--style", "expanded"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "Localizable.xcstrings: wrote en-XA (expanded) for 8 keys.\n")
        let once = try Data(contentsOf: catalog)
        #expect(String(decoding: once, as: UTF8.self).contains("\"value\" : \"Ǫûîž ðéš šéŕþéñţš one two\""))
        _ = try Parlance.run(["pseudo", catalog.path, "--style", "expanded"])
        #expect(try Data(contentsOf: catalog) == once)
    }

    @Test("pseudo refuses to overwrite the source language")
    func pseudoSourceLanguage() throws {
        let result = try Parlance.run(["pseudo", "\(Self.exampleResources)/Localizable.xcstrings", "--style", "accented", "--language", "fr"])
        #expect(result.status == 1)
        #expect(result.standardError == "Error: the pseudo-language \"fr\" is the catalog's source language; choose another with --language.\n")
    }
}
