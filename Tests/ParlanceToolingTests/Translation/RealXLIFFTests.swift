import Foundation
import Parlance
import Testing
@testable import ParlanceTooling

/// XLIFF files Xcode exported from String Catalogs in public repositories. They belong to
/// their authors and live outside the project, like the corpus: point
/// `PARLANCE_XLIFF_REAL` at the folder. Each `.xliff` is imported into the catalogs it was
/// exported from (the `.xcstrings` in its `.xcloc`'s `Source Contents`, or a `source.xcstrings`
/// beside it), and every translated unit must land on its key, language and variant.
@Suite("Real XLIFF files exported by Xcode")
struct RealXLIFFTests {
    static let folder = ProcessInfo.processInfo.environment["PARLANCE_XLIFF_REAL"]

    /// The String Catalogs an XLIFF was exported from, with their paths relative to the
    /// project root Xcode names in `original`: the `.xcloc`'s `Source Contents` (or a sibling
    /// bundle's, when only one language's bundle carries them), or a `source.xcstrings` beside
    /// a bare XLIFF, which stands for the first `<file>`'s catalog.
    static func sourceCatalogs(for xliff: URL, document: TranslationDocument) throws -> [(path: String, catalog: Catalog)] {
        let folder = xliff.deletingLastPathComponent()
        guard folder.lastPathComponent == "Localized Contents" else {
            let source = folder.appendingPathComponent("source.xcstrings")
            guard let first = document.files.first, FileManager.default.fileExists(atPath: source.path) else { return [] }
            return [(first.original, try XCStringsReader.read(try Data(contentsOf: source), path: source.path, table: first.table))]
        }
        let bundle = folder.deletingLastPathComponent()
        var roots = [bundle.appendingPathComponent("Source Contents")]
        let siblings = (try? FileManager.default.contentsOfDirectory(atPath: bundle.deletingLastPathComponent().path)) ?? []
        for sibling in siblings.sorted() where sibling.hasSuffix(".xcloc") {
            roots.append(bundle.deletingLastPathComponent().appendingPathComponent(sibling).appendingPathComponent("Source Contents"))
        }
        for root in roots {
            guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { continue }
            var catalogs: [(String, Catalog)] = []
            for case let relative as String in enumerator where relative.hasSuffix(".xcstrings") {
                let data = try Data(contentsOf: root.appendingPathComponent(relative))
                catalogs.append((relative, try XCStringsReader.read(data, path: relative)))
            }
            if !catalogs.isEmpty { return catalogs.sorted { $0.0 < $1.0 } }
        }
        return []
    }

    @Test(
        "Every unit of every real XLIFF lands on its key, language and variant",
        .enabled(if: folder != nil, "Set PARLANCE_XLIFF_REAL to a folder of Xcode-exported .xliff/.xcloc files to run this.")
    )
    func realFiles() throws {
        let folder = URL(fileURLWithPath: try #require(Self.folder))
        let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".xliff") }.sorted()
        try #require(!files.isEmpty, "No .xliff files below \(folder.path).")
        var totals = (files: 0, units: 0, landed: 0, refused: 0, unmatched: 0, notTranslatable: 0, untranslated: 0)
        for relative in files {
            let url = folder.appendingPathComponent(relative)
            let document = try XLIFF.read(try Data(contentsOf: url), path: relative)
            let sources = try Self.sourceCatalogs(for: url, document: document)
            guard !sources.isEmpty else {
                print("\(relative): read \(document.files.count) <file>s, \(document.files.reduce(0) { $0 + $1.units.count }) units; no source catalog beside it to import into.")
                continue
            }
            totals.files += 1
            // Only the String Catalogs' units: legacy .strings units have other ids.
            var catalogDocument = TranslationDocument()
            for (file, locations) in zip(document.files, document.locations) where file.original.hasSuffix(".xcstrings") {
                catalogDocument.files.append(file)
                catalogDocument.locations.append(locations)
            }
            let result = TranslationImport.merge(catalogDocument, into: sources.map(\.catalog), originals: sources.map(\.path))
            var counts = (units: 0, landed: 0, refused: 0, unmatched: 0, notTranslatable: 0, untranslated: 0)
            for diagnostic in result.diagnostics {
                if diagnostic.severity == .error {
                    counts.refused += 1
                    print("  refused: \(diagnostic)")
                } else if diagnostic.message.contains("marked not to be translated") {
                    continue
                } else {
                    counts.unmatched += 1
                    print("  unmatched: \(diagnostic)")
                }
            }
            for file in catalogDocument.files {
                let index = try #require(TranslationImport.catalogIndex(for: file, in: result.catalogs, originals: sources.map(\.path)))
                let catalog = result.catalogs[index]
                for unit in file.units {
                    counts.units += 1
                    let literalKey = catalog.entries[unit.id] != nil && !unit.path.isEmpty && catalog.entries[unit.key] == nil
                    if catalog.entries[literalKey ? unit.id : unit.key]?.shouldTranslate == false {
                        counts.notTranslatable += 1
                        continue
                    }
                    if let phrases = unit.targetValues {
                        #expect(catalog.entries[unit.key]?[file.targetLanguage]?.stringSet?.values == phrases, "\(relative): \(unit.id)")
                        counts.landed += 1
                        continue
                    }
                    guard let target = unit.target else {
                        counts.untranslated += 1
                        continue
                    }
                    let literal = catalog.entries[unit.id] != nil && !unit.path.isEmpty && catalog.entries[unit.key] == nil
                    let key = literal ? unit.id : unit.key
                    let path = literal ? [] : unit.path
                    guard catalog.entries[key]?.shouldTranslate != false else { continue }
                    if let landed = VariantPath.leaf(in: catalog.entries[key]?[file.targetLanguage], path: path[...]), landed.value == target {
                        counts.landed += 1
                    } else if !result.diagnostics.contains(where: { $0.message.contains("\"\(unit.id)\"") }) {
                        Issue.record("\(relative): \(unit.id) in \(file.targetLanguage) did not land: \(String(describing: VariantPath.leaf(in: catalog.entries[key]?[file.targetLanguage], path: path[...])))")
                    }
                }
            }
            print("\(relative): \(counts.units) units, \(counts.landed) landed, \(counts.untranslated) untranslated, \(counts.notTranslatable) not translatable, \(counts.refused) refused, \(counts.unmatched) unmatched.")
            #expect(counts.unmatched == 0, "\(relative)")
            totals.units += counts.units
            totals.landed += counts.landed
            totals.refused += counts.refused
            totals.unmatched += counts.unmatched
            totals.notTranslatable += counts.notTranslatable
            totals.untranslated += counts.untranslated
        }
        print("Real XLIFF: \(files.count) files read, \(totals.files) imported: \(totals.units) units, \(totals.landed) landed, \(totals.untranslated) untranslated, \(totals.notTranslatable) not translatable, \(totals.refused) refused, \(totals.unmatched) unmatched.")
        #expect(totals.landed > 0)
    }
}

/// Every String Catalog of the corpus, exported for each of its languages in XLIFF and
/// `.po` and imported back untouched, must come back equal, with nothing reported.
@Suite("Export and import over the corpus")
struct TranslationCorpusTests {
    @Test(
        "Every corpus String Catalog round-trips through XLIFF and .po unchanged",
        .enabled(if: CheckCorpusTests.corpusPath != nil, "Set PARLANCE_CORPUS to the corpus folder to round-trip real catalogs.")
    )
    func corpusRoundTrip() throws {
        let corpus = URL(fileURLWithPath: try #require(CheckCorpusTests.corpusPath))
        let paths = (FileManager.default.enumerator(atPath: corpus.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".xcstrings") }.sorted()
        try #require(!paths.isEmpty)
        var units = 0
        var catalogs = 0
        for path in paths {
            guard let catalog = try? XCStringsReader.read(Data(contentsOf: corpus.appendingPathComponent(path)), path: path) else { continue }
            catalogs += 1
            let keys = TranslationExport.xcodeKeyOrder(of: catalog)
            for language in catalog.languages {
                let file = TranslationExport.file(for: catalog, original: path, language: language, keys: keys).file
                units += file.units.count
                let xliff = XLIFF.write([file])
                let fromXLIFF = TranslationImport.merge(try XLIFF.read(xliff.data, path: "\(path).\(language).xliff"), into: [catalog])
                #expect(fromXLIFF.diagnostics.isEmpty, "\(path) \(language): \(fromXLIFF.diagnostics.prefix(3))")
                #expect(fromXLIFF.catalogs == [catalog], "\(path) \(language) through XLIFF")
                let po = GettextPO.write(file)
                let fromPO = TranslationImport.merge(try GettextPO.read(po.data, path: "\(path).\(language).po"), into: [catalog])
                #expect(fromPO.diagnostics.isEmpty, "\(path) \(language): \(fromPO.diagnostics.prefix(3))")
                #expect(fromPO.catalogs == [catalog], "\(path) \(language) through .po")
            }
        }
        print("Round-tripped \(catalogs) corpus String Catalogs, \(units) units, through XLIFF and .po.")
    }
}
