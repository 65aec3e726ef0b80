import Foundation
import ParlanceTestSupport
import ParlanceCatalogs
import Testing
@testable import Parlance

/// Every real catalog of the corpus, compiled language by language and read back: every key,
/// every language, every variation and plural form must come back as the runtime would read
/// it from the String Catalog (in the source language a key with no value is its own text),
/// and every template with the tokens the scanner finds.
@Suite("Compiled catalogs over the corpus", .enabled(
    if: ProcessInfo.processInfo.environment["PARLANCE_CORPUS"] != nil,
    "PARLANCE_CORPUS is not set, so the compiled-catalog corpus test is skipped."))
struct CompiledCatalogCorpusTests {
    @Test("Every corpus String Catalog compiles and reads back identically, in every language")
    func corpus() throws {
        let files = try Corpus.files("xcstrings").filter { $0.pathExtension == "xcstrings" }
        #expect(!files.isEmpty)
        var compiledValues = 0
        for file in files {
            let catalog = try XCStringsReader.read(Data(contentsOf: file), path: file.lastPathComponent)
            let languages = Set(catalog.languages.compactMap { Language($0) })
            for language in languages {
                let compiled = try CompiledCatalog(
                    bytes: try CompiledCatalogWriter.bytes(for: catalog, language: language),
                    path: "\(file.lastPathComponent) [\(language)]")
                try compiled.validate()
                var expected = 0
                for (key, entry) in catalog.entries {
                    // What the runtime reads: the language's value, or in the source language a
                    // key with none, which is its own text (Xcode's rule).
                    guard let localization = catalog.localization(of: entry, key: key, in: language) else {
                        #expect(!compiled.contains(key), "\(file.lastPathComponent) \(language) \(key)")
                        continue
                    }
                    expected += 1
                    let value = try compiled.value(forKey: key)
                    #expect(value?.localization == runtimeView(localization), "\(file.lastPathComponent) \(language) \(key)")
                    if case .message(let message) = value {
                        for (text, tokens) in message.templates where tokens != FormatTemplateScanner.tokens(in: text) {
                            Issue.record("\(file.lastPathComponent) \(language) \(key): tokens of \(text) differ")
                        }
                    }
                }
                #expect(compiled.count == expected, "\(file.lastPathComponent) \(language)")
                compiledValues += expected
            }
        }
        #expect(compiledValues > 10_000)
    }
}
