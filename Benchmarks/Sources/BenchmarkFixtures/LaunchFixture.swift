import Foundation
import Parlance

/// The files the launch benchmark starts processes on, each in a folder of its own:
/// - `catalog/`: the synthetic catalog with 5,000 keys in English and French as a String Catalog;
/// - `compiled/`: the same String Catalog and, beside it, its compiled pack (as the build plugin
///   ships one), so the localizer checks freshness and reads the pack;
/// - `forty/`: a pack of the same keys in forty languages, no catalogs;
/// - `one/`: a pack of the one key every program prints, in English and French: what the runtime
///   itself costs a launch, whatever the catalogs hold;
/// - `locale/`: the same French strings as a gettext `.mo` compiled by `msgfmt` (what a glibc
///   program maps).
public enum LaunchFixture {
    /// The key every launch program looks up and prints: a plain string in the middle of the
    /// catalog, so no program finds it by luck at the start of a table.
    public static let key = SyntheticResourceFolder.key(2_502)
    /// The gettext domain of the `.mo` file.
    public static let domain = "parlance-bench"

    /// The French value of ``key``, as every program must print it.
    public static var expectedFrench: String {
        SyntheticCatalog.phrase(2_502, SyntheticCatalog.words["fr"]!, count: 1 + 2_502 % 2)
    }

    /// Writes the fixture's folders into `folder`.
    public static func write(to folder: URL, keys: Int = 5_000) throws {
        let catalogFolder = folder.appendingPathComponent("catalog")
        let compiledFolder = folder.appendingPathComponent("compiled")
        let fortyFolder = folder.appendingPathComponent("forty")
        let oneFolder = folder.appendingPathComponent("one")
        for subfolder in [catalogFolder, compiledFolder, fortyFolder, oneFolder] {
            try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
        }
        let twoLanguages = SyntheticCatalog.make(keys: keys, languages: ["en", "fr"])
        try twoLanguages.write(to: catalogFolder.appendingPathComponent("Localizable.xcstrings"))
        try twoLanguages.write(to: compiledFolder.appendingPathComponent("Localizable.xcstrings"))
        try writePack(of: twoLanguages, recordingSource: true, to: compiledFolder.appendingPathComponent("App.pcatpack"))
        let parsed = try XCStringsReader.read(twoLanguages, path: "Localizable.xcstrings")
        var one = Catalog(table: parsed.table, sourceLanguage: parsed.sourceLanguage)
        one[key] = parsed[key]
        try Data(try CompiledCatalogPack.bytes(for: [one], sources: [])).write(to: oneFolder.appendingPathComponent("App.pcatpack"))
        let forty = SyntheticCatalog.make(keys: keys, languages: SyntheticCatalog.fortyLanguages)
        try writePack(of: forty, recordingSource: false, to: fortyFolder.appendingPathComponent("App.pcatpack"))

        let words = SyntheticCatalog.words["fr"]!
        let pairs = (0..<keys).filter { !SyntheticResourceFolder.isPlural($0) }.map { index in
            (key: SyntheticResourceFolder.key(index), value: SyntheticCatalog.phrase(index, words, count: 1 + index % 2))
        }
        try GettextCatalog.write(pairs, language: "fr", domain: domain, to: folder.appendingPathComponent("locale"))
    }

    /// Compiles a String Catalog's bytes into a pack, as `parlance compile … --output App.pcatpack` does.
    private static func writePack(of catalog: Data, recordingSource: Bool, to url: URL) throws {
        let parsed = try XCStringsReader.read(catalog, path: "Localizable.xcstrings")
        let sources = recordingSource ? [CompiledCatalogManifest.Source(path: "Localizable.xcstrings", bytes: catalog)] : []
        try Data(try CompiledCatalogPack.bytes(for: [parsed], sources: sources)).write(to: url)
    }
}

public struct BenchmarkFixtureError: Error, CustomStringConvertible {
    public var description: String
}
