import Benchmark
import BenchmarkFixtures
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Parlance
import ParlanceTooling

/// Translators' formats over the synthetic 5,000-key × 20-language String Catalog: export
/// of all 19 target languages, and import of all 19 back with every translation edited,
/// each beside a plain serializer or parser of the same data in the same run.
func translationBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: ParlanceMetrics.all,
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: .seconds(10),
        maxIterations: 10
    )
    let catalog = { () throws -> Catalog in
        let catalog = try XCStringsReader.read(Fixtures.catalog, path: "Localizable.xcstrings")
        guard catalog.entries.count == 5_000, catalog.languages.count == 20 else {
            throw FixtureError(description: "the synthetic catalog read as \(catalog.entries.count) keys in \(catalog.languages.count) languages.")
        }
        return catalog
    }
    let targets = { (catalog: Catalog) in catalog.languages.filter { $0 != catalog.sourceLanguage } }

    Benchmark(
        "Translators: export 5,000 keys × 19 languages as XLIFF",
        configuration: configuration,
        closure: { (benchmark: Benchmark, catalog: Catalog) in
            for _ in benchmark.scaledIterations {
                let keys = TranslationExport.xcodeKeyOrder(of: catalog)
                for language in targets(catalog) {
                    let file = TranslationExport.file(for: catalog, original: "Localizable.xcstrings", language: language, keys: keys).file
                    blackHole(XLIFF.write([file]))
                }
            }
        },
        setup: catalog
    )

    Benchmark(
        "Translators: export 5,000 keys × 19 languages as .po",
        configuration: configuration,
        closure: { (benchmark: Benchmark, catalog: Catalog) in
            for _ in benchmark.scaledIterations {
                let keys = TranslationExport.xcodeKeyOrder(of: catalog)
                for language in targets(catalog) {
                    let file = TranslationExport.file(for: catalog, original: "Localizable.xcstrings", language: language, keys: keys).file
                    blackHole(GettextPO.write(file))
                }
            }
        },
        setup: catalog
    )

    // The baseline: JSONEncoder writing the same units, one file per language.
    struct PlainUnit: Encodable {
        var id, source: String
        var target: String?
    }
    Benchmark(
        "Translators: JSONEncoder of the same units (baseline)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, files: [[PlainUnit]]) throws in
            for _ in benchmark.scaledIterations {
                for units in files { blackHole(try JSONEncoder().encode(units)) }
            }
        },
        setup: { () throws -> [[PlainUnit]] in
            let catalog = try catalog()
            return targets(catalog).map { language in
                TranslationExport.file(for: catalog, original: "Localizable.xcstrings", language: language).file.units
                    .map { PlainUnit(id: $0.id, source: $0.source, target: $0.target) }
            }
        }
    )

    // Every translation edited, so every unit changes its catalog and the catalog is written.
    let editedExports = { () throws -> (Catalog, [Data]) in
        let catalog = try catalog()
        let files = targets(catalog).map { language in
            let file = TranslationExport.file(for: catalog, original: "Localizable.xcstrings", language: language).file
            let text = String(decoding: XLIFF.write([file]).data, as: UTF8.self).replacingOccurrences(of: "</target>", with: " (v2)</target>")
            return Data(text.utf8)
        }
        return (catalog, files)
    }

    Benchmark(
        "Translators: import 19 edited XLIFF files into 5,000 keys and write the catalog",
        configuration: configuration,
        closure: { (benchmark: Benchmark, input: (Catalog, [Data])) throws in
            for _ in benchmark.scaledIterations {
                var document = TranslationDocument()
                for (index, data) in input.1.enumerated() {
                    let read = try XLIFF.read(data, path: "\(index).xliff")
                    document.files += read.files
                    document.locations += read.locations
                }
                let result = TranslationImport.merge(document, into: [input.0])
                guard result.updatedUnits > 90_000, !result.hasErrors else {
                    throw FixtureError(description: "the import updated \(result.updatedUnits) units: \(result.diagnostics.prefix(2))")
                }
                blackHole(XCStringsWriter().write(result.catalogs[0]))
            }
        },
        setup: editedExports
    )

    #if canImport(FoundationXML)
    // The baseline: Foundation's XMLParser (libxml2) reading the same files, collecting nothing.
    final class Counter: NSObject, XMLParserDelegate {
        var elements = 0
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            elements += 1
        }
    }
    Benchmark(
        "Translators: XMLParser over the same XLIFF files (baseline)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, input: (Catalog, [Data])) in
            for _ in benchmark.scaledIterations {
                for data in input.1 {
                    let parser = XMLParser(data: data)
                    let counter = Counter()
                    parser.delegate = counter
                    blackHole(parser.parse())
                    blackHole(counter.elements)
                }
            }
        },
        setup: editedExports
    )
    #endif
}
