import Foundation

/// The files the launch benchmark starts processes on: the synthetic catalog with 5,000 keys
/// in English and French as a String Catalog (what a Parlance app ships today), and the same
/// French strings as a gettext `.mo` compiled by `msgfmt` (what a glibc program maps).
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

    /// Writes `Localizable.xcstrings` (5,000 keys × en, fr) into `folder`, and
    /// `locale/fr/LC_MESSAGES/parlance-bench.mo` built by `msgfmt` from the same French strings
    /// (plain strings only: gettext's plurals are another model; the launch looks up one plain string).
    public static func write(to folder: URL, keys: Int = 5_000) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try SyntheticCatalog.make(keys: keys, languages: ["en", "fr"])
            .write(to: folder.appendingPathComponent("Localizable.xcstrings"))
        let words = SyntheticCatalog.words["fr"]!
        let pairs = (0..<keys).filter { !SyntheticResourceFolder.isPlural($0) }.map { index in
            (key: SyntheticResourceFolder.key(index), value: SyntheticCatalog.phrase(index, words, count: 1 + index % 2))
        }
        try GettextCatalog.write(pairs, language: "fr", domain: domain, to: folder.appendingPathComponent("locale"))
    }
}

public struct BenchmarkFixtureError: Error, CustomStringConvertible {
    public var description: String
}
