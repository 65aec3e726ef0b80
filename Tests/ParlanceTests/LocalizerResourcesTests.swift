import Foundation
import Testing
@testable import Parlance

@Suite("Key manifests and the component-library bridge")
struct KeyManifestTests {
    @Test("A manifest lists what each language lacks in its own catalogs and its CLDR parents'")
    func coverage() {
        let localizer = TestCatalogs.localizer()
        let manifest = KeyManifest(library: "GomaUI", keys: [.init("l10n.settings.language"), .init("only.english"), .init("total_odds")])
        let missing = localizer.missingKeys(of: manifest).map(\.description)
        #expect(missing == [
            "missing \"total_odds\" in Localizable for en; showed the default or the key",
            "missing \"total_odds\" in Localizable for en-GB; showed the default or the key",
            "missing \"only.english\" in Localizable for fr; fell back to en",
            "missing \"total_odds\" in Localizable for fr; showed the default or the key",
            "missing \"l10n.settings.language\" in Localizable for pt-BR; fell back to en",
            "missing \"only.english\" in Localizable for pt-BR; fell back to en",
            "missing \"total_odds\" in Localizable for pt-BR; showed the default or the key",
            "missing \"only.english\" in Localizable for vi; fell back to en",
            "missing \"total_odds\" in Localizable for vi; showed the default or the key",
        ])
    }

    @Test("Manifests read from JSON, and a bad one names the file")
    func reading() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("GomaUI.keys.json")
        try Data(#"{"library": "GomaUI", "keys": [{"key": "total_odds"}, {"key": "load_more_count", "placeholders": ["count"]}]}"#.utf8).write(to: good)
        let manifest = try KeyManifest.read(from: good)
        #expect(manifest == KeyManifest(library: "GomaUI", keys: [.init("total_odds"), .init("load_more_count", placeholders: ["count"])]))
        let bad = folder.appendingPathComponent("bad.json")
        try Data("[1, 2]".utf8).write(to: bad)
        #expect(throws: ParseError.self) { try KeyManifest.read(from: bad) }
    }

    /// The one test that configures the process-wide provider: the others bind one to their task.
    @Test("The provider returns the key when nothing provides it, and routes through what the app configures")
    func provider() {
        defer { LocalizationProvider.reset() }
        Localizer.withShared(Localizer(catalogs: [])) {
            #expect(LocalizationProvider.string("total_odds") == "total_odds")
        }
        Localizer.withShared(TestCatalogs.localizer(preferred: ["vi"])) {
            #expect(LocalizationProvider.string("l10n.settings.language") == "Ngôn ngữ", "unconfigured, it reads the shared localizer")
        }
        LocalizationProvider.configure { key in ["total_odds": "Cotes Totales", "load_more_count": "Voir {count} de plus"][key] }
        #expect(LocalizationProvider.string("total_odds") == "Cotes Totales")
        #expect(LocalizationProvider.string("bet_amount") == "bet_amount")
        #expect(LocalizationProvider.string("load_more_count", values: ["count": 5]) == "Voir 5 de plus")
        let localizer = TestCatalogs.localizer(preferred: ["vi"])
        LocalizationProvider.configure(with: localizer)
        #expect(LocalizationProvider.string("l10n.settings.language") == "Ngôn ngữ")
        #expect(LocalizationProvider.string("total_odds") == "total_odds")
    }
}

@Suite("Localized resource files")
struct LocalizedResourceTests {
    @Test("Question pools follow the language along the fallback chain (seed 001)")
    func questionPools() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pools-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("vi.lproj"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["questions.json", "questions_fr.json", "questions_pt_BR.json", "vi.lproj/questions.json"] {
            try Data("[]".utf8).write(to: folder.appendingPathComponent(name))
        }
        let localizer = Localizer(catalogs: TestCatalogs.app, configuration: .init(
            preferredLanguages: { ["en"] }, resourceDirectory: folder, notificationCenter: nil))
        func pool() -> String? {
            localizer.url(forResource: "questions", withExtension: "json").map {
                $0.path.replacingOccurrences(of: folder.path + "/", with: "")
            }
        }
        #expect(pool() == "questions.json")
        localizer.selection = .language("fr")
        #expect(pool() == "questions_fr.json")
        localizer.selection = .language("vi")
        #expect(pool() == "vi.lproj/questions.json")
        localizer.selection = .language("pt-BR")
        #expect(pool() == "questions_pt_BR.json")
        #expect(localizer.url(forResource: "missing", withExtension: "json") == nil)
    }
}
