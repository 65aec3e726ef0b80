import Foundation
import Testing
import Parlance

@Suite("parlance compile")
struct CompileCommandTests {
    @Test("compile writes <language>/<table>.pcat for every language, and each reads back as the catalog")
    func compile() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("compile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let input = "Tests/ParlanceToolingTests/Fixtures/equivalence/catalog/Localizable.xcstrings"
        let result = try Parlance.run(["compile", input, "--output", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "")
        let catalog = try XCStringsReader.read(
            Data(contentsOf: Parlance.packageRoot.appendingPathComponent(input)), path: input)
        let languages = Set(catalog.languages.compactMap { Language($0) })
        #expect(!languages.isEmpty)
        for language in languages {
            let compiled = try CompiledCatalog(contentsOf: output.appendingPathComponent("\(language.identifier)/Localizable.pcat"))
            #expect(compiled.language == language.identifier)
            for (key, entry) in catalog.entries {
                guard let localization = entry.localizations?.first(where: { Language($0.key) == language })?.value,
                    localization.stringUnit != nil || localization.stringSet != nil || localization.variations != nil
                else { continue }
                #expect(try compiled.value(forKey: key) != nil, "\(language) \(key)")
            }
        }
        #expect(result.standardOutput.hasPrefix("Compiled "))
        #expect(result.standardOutput.contains("into \(languages.count) files in \(output.path)."))
    }

    @Test("The README's example: the quiz app compiles to six files, and its French title reads back")
    func readmeExample() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("compile-quiz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try Parlance.run(["compile", "Examples/QuizApp", "--output", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Compiled 36 values into 6 files in \(output.path).\n")
        let french = try CompiledCatalog(contentsOf: output.appendingPathComponent("fr/Localizable.pcat"))
        #expect(try french.value(forKey: "quiz.title") == .plain("Quiz des serpents"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("fr").path).sorted()
            == ["Localizable.pcat", "Settings.pcat"])
    }

    @Test("A malformed catalog is not compiled: the error names file, line and column, and nothing is written")
    func malformed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compile-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Localizable.xcstrings")
        try Data("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : }\n}\n".utf8).write(to: file)
        let output = folder.appendingPathComponent("out")
        let result = try Parlance.run(["compile", file.path, "--output", output.path])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("\(file.path):4:"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
