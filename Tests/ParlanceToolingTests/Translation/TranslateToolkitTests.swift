import Foundation
import Parlance
import Testing
@testable import ParlanceTooling

/// What `export` writes, read by translate-toolkit (PyPI `translate-toolkit`), the library
/// behind Pootle, Weblate's converters and Virtaal: its XLIFF and PO parsers must see the
/// same units and plural forms, and a round trip through its own converters must import back
/// to the same catalogs. `.ci/run` installs it; without it these tests are skipped.
@Suite("translate-toolkit reads what export writes")
struct TranslateToolkitTests {
    static func run(_ arguments: [String]) -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, Data()) }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    static let available = run(["python3", "-c", "import translate.storage.factory"]).status == 0
    static let script = TranslationExchangeTests.fixtures.appendingPathComponent("read_with_translate_toolkit.py").path
    static let languages = ["it", "ru", "ar", "ja", "en"]

    /// Exports the example app into a fresh folder; returns the folder and the files.
    static func exported(_ format: TranslationExchange.Format) throws -> (URL, [CatalogConversion.OutputFile]) {
        let folder = try TranslationExchangeTests.exampleFolder()
        let exported = TranslationExchange.export(folder, root: TranslationExchangeTests.example, languages: languages, format: format, project: "QuizApp")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-ttk-\(UUID().uuidString)")
        try CatalogConversion.write(exported.files, to: directory)
        return (directory, exported.files)
    }

    static func read(_ paths: [String]) throws -> [[String: Any]] {
        let result = run(["python3", script] + paths)
        try #require(result.status == 0, "translate-toolkit could not read \(paths)")
        return try #require(try JSONSerialization.jsonObject(with: result.output) as? [[String: Any]])
    }

    @Test("Its XLIFF parser reads every exported unit: id, source and target", .enabled(if: available, "pip install translate-toolkit to run this."))
    func xliffUnits() throws {
        let (directory, files) = try Self.exported(.xliff)
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in files {
            let ours = try XLIFF.read(file.data, path: file.path)
            let theirs = try #require(try Self.read([directory.appendingPathComponent(file.path).path]).first)
            let units = try #require(theirs["units"] as? [[String: Any]])
            let expected = ours.files.flatMap { translationFile in translationFile.units.map { (translationFile.original, $0) } }
            #expect(units.count == expected.count, "\(file.path)")
            for (unit, (original, mine)) in zip(units, expected) {
                #expect(unit["id"] as? String == original + "\u{4}" + mine.id)
                #expect(unit["source"] as? [String] == [mine.source])
                let target = (unit["target"] as? [String] ?? []).filter { !$0.isEmpty }
                #expect(target == (mine.target.map { [$0] } ?? []), "\(mine.id)")
            }
        }
    }

    @Test("Its PO parser reads every entry, with the plural forms the header declares", .enabled(if: available, "pip install translate-toolkit to run this."))
    func poEntries() throws {
        let (directory, files) = try Self.exported(.po)
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in files {
            let ours = try GettextPO.read(file.data, path: file.path)
            let theirs = try #require(try Self.read([directory.appendingPathComponent(file.path).path]).first)
            let language = try #require(ours.files.first?.targetLanguage)
            let rules = try #require(PluralRules.cardinal(for: language))
            let nplurals = (theirs["nplurals"] as? Int) ?? Int(theirs["nplurals"] as? String ?? "")
            #expect(nplurals == rules.categories.count, "\(file.path)")
            #expect("nplurals=\(rules.categories.count); plural=\(theirs["plural"] as? String ?? "");" == rules.gettextPluralForms)
            let units = try #require(theirs["units"] as? [[String: Any]])
            // Our reader splits a plural entry into one unit per category; theirs keeps one.
            var expectedEntries = 0
            var seenBases = Set<String>()
            for unit in ours.files[0].units {
                guard unit.isPluralForm else {
                    expectedEntries += 1
                    continue
                }
                if seenBases.insert(TranslationUnit(key: unit.key, path: Array(unit.path.dropLast(2)), source: "").id).inserted { expectedEntries += 1 }
            }
            #expect(units.count == expectedEntries, "\(file.path)")
            for unit in units where unit["plural"] as? Bool == true {
                let targets = unit["target"] as? [String] ?? []
                #expect(targets.count == rules.categories.count || targets.allSatisfy(\.isEmpty), "\(file.path): \(unit["context"] ?? "")")
            }
        }
    }

    @Test("Exported .po, through po2xliff and back through xliff2po, imports to the same catalogs", .enabled(if: available, "pip install translate-toolkit to run this."))
    func converterRoundTrip() throws {
        let (directory, files) = try Self.exported(.po)
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = try TranslationExchangeTests.exampleFolder()
        var imported = 0
        for file in files {
            let po = directory.appendingPathComponent(file.path)
            let xliff = po.deletingPathExtension().appendingPathExtension("xlf")
            let back = po.deletingPathExtension().appendingPathExtension("back.po")
            try #require(Self.run(["po2xliff", "--progress=none", po.path, xliff.path]).status == 0)
            try #require(Self.run(["xliff2po", "--progress=none", xliff.path, back.path]).status == 0)
            let document = try GettextPO.read(try Data(contentsOf: back), path: back.path)
            let result = TranslationImport.merge(document, into: folder.catalogs)
            #expect(result.diagnostics.isEmpty, "\(file.path): \(result.diagnostics)")
            #expect(result.changedTables.isEmpty, "\(file.path)")
            #expect(result.catalogs == folder.catalogs)
            imported += result.unchangedUnits
        }
        #expect(imported > 0)
    }
}
