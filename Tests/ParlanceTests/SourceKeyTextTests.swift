import Foundation
import Testing
@testable import Parlance

/// Xcode's rule for a String Catalog: a key with no value in the source language is its own
/// text there, so an English screen shows the key rather than a translation.
@Suite("A String Catalog key is its own source text")
struct SourceKeyTextTests {
    static let json = Data(#"""
    {"sourceLanguage":"en","strings":{"Settings":{"localizations":{"fr":{"stringUnit":{"state":"translated","value":"Réglages"}}}},"Only French":{"localizations":{"fr":{"stringUnit":{"state":"translated","value":"Seulement"}}}}},"version":"1.0"}
    """#.utf8)

    @Test("From the catalog, and from compiled files, English shows the key and French the translation")
    func sourceLanguageShowsTheKey() throws {
        let catalog = try XCStringsReader.read(Self.json, path: "Localizable.xcstrings")
        let localizer = Localizer(catalogs: [catalog], configuration: .init(
            defaultLanguage: "en", preferredLanguages: { ["en"] }, notificationCenter: nil))
        #expect(localizer.string("Settings") == "Settings")
        #expect(localizer.snapshot(for: "fr").string("Settings") == "Réglages")
        #expect(localizer.snapshot(for: "en-GB").string("Settings") == "Settings")
        // German is not held: it falls back to the source language, the key.
        #expect(localizer.snapshot(for: "de").string("Settings") == "Settings")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("source-key-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try CompiledCatalogWriter.write([catalog], sources: [], to: folder)
        let compiled = try Localizer(source: CompiledLocalizationSource(folder: folder), configuration: .init(
            defaultLanguage: "en", preferredLanguages: { ["en"] }, notificationCenter: nil))
        #expect(compiled.string("Settings") == "Settings")
        #expect(compiled.snapshot(for: "fr").string("Settings") == "Réglages")
        #expect(compiled.snapshot(for: "de").string("Only French") == "Only French")
    }

    @Test("A catalog made in code, or from .lproj tables, has no such rule: a key falls back as before")
    func otherCatalogsFallBack() {
        let catalog = TestCatalogs.catalog([("Settings", ["fr": .string("Réglages")])])
        let localizer = Localizer(catalogs: [catalog], configuration: .init(
            defaultLanguage: "en", preferredLanguages: { ["en"] }, notificationCenter: nil))
        #expect(localizer.string("Settings") == "Réglages")
    }
}
