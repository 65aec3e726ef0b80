import Foundation
import ParlanceTestSupport
import Testing
import Parlance

@Suite("parlance compile")
struct CompileCommandTests {
    @Test("compile writes <table>.<language>.pcat for every language, and each reads back as the catalog")
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
            let compiled = try CompiledCatalog(contentsOf: output.appendingPathComponent("Localizable.\(language.identifier).pcat"))
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
        // The manifest lists every file and the catalog with its size.
        let manifest = try CompiledCatalogManifest.read(
            Data(contentsOf: output.appendingPathComponent(CompiledCatalogManifest.fileName)), path: "manifest")
        #expect(Set(manifest.languages) == languages)
        #expect(manifest.sourceLanguages == [Language(catalog.sourceLanguage)!])
        let size = try Data(contentsOf: Parlance.packageRoot.appendingPathComponent(input)).count
        #expect(manifest.sources == [CompiledCatalogManifest.Source(
            path: "Localizable.xcstrings", bytes: try Data(contentsOf: Parlance.packageRoot.appendingPathComponent(input)))])
        #expect(manifest.sources.first?.size == size)
    }

    @Test("Compiling twice writes the same bytes")
    func deterministic() throws {
        var outputs: [[String: Data]] = []
        for _ in 0..<2 {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("compile-twice-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: output) }
            let result = try Parlance.run(["compile", "Examples/QuizApp", "--output", output.path])
            #expect(result.status == 0, "\(result.standardError)")
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: output.path) {
                files[name] = try Data(contentsOf: output.appendingPathComponent(name))
            }
            outputs.append(files)
        }
        #expect(outputs[0].count == 7)
        #expect(outputs[0] == outputs[1])
    }

    @Test("The README's example: the quiz app compiles to six files, and its French title reads back")
    func readmeExample() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("compile-quiz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try Parlance.run(["compile", "Examples/QuizApp", "--output", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Compiled 36 values into 6 files in \(output.path).\n")
        let french = try CompiledCatalog(contentsOf: output.appendingPathComponent("Localizable.fr.pcat"))
        #expect(try french.value(forKey: "quiz.title") == .plain("Quiz des serpents"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasPrefix("Settings.") }.sorted()
            == ["Settings.en.pcat", "Settings.fr.pcat", "Settings.it.pcat"])
    }

    @Test("An output ending in .pcatpack gets one pack holding every table")
    func pack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compile-pack-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("QuizKit.pcatpack")
        let result = try Parlance.run(["compile", "Examples/QuizApp", "--output", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Compiled 36 values into 6 tables in \(output.path).\n")
        let pack = try CompiledCatalogPack(contentsOf: output)
        #expect(pack.manifest.files.count == 6)
        let french = try #require(pack.manifest.files.first { $0.table == "Localizable" && $0.language == "fr" })
        #expect(try pack.catalog(french).value(forKey: "quiz.title") == .plain("Quiz des serpents"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["QuizKit.pcatpack"])
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
