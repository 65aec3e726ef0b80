import Foundation
import Testing
@testable import Parlance

@Suite("Localizing from a resources folder")
struct FolderLocalizationSourceTests {
    /// The example app's resources: a String Catalog and .lproj tables side by side.
    static let resources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/QuizApp/Sources/QuizKit/Resources")

    @Test("Languages come from the String Catalogs and the .lproj folders")
    func languages() throws {
        let source = FolderLocalizationSource(folder: Self.resources)
        #expect(try source.availableLanguages().map(\.identifier).sorted() == ["en", "fr", "it"])
    }

    @Test("A localizer over the folder reads String Catalogs and .lproj tables, each language on first use")
    func localizer() throws {
        let localizer = try Localizer(resourcesAt: Self.resources, configuration: .init(
            defaultLanguage: "fr", preferredLanguages: { ["it"] }, notificationCenter: nil))
        #expect(localizer.string("quiz.title") == "Quiz dei serpenti")
        #expect(localizer.string("settings.title", table: "Settings") == "Impostazioni")
        #expect(localizer.string("settings.cache.size", 2, table: "Settings") == "2 file nella cache")
        localizer.selection = .language("en")
        #expect(localizer.string("settings.title", table: "Settings") == "Settings")
        #expect(localizer.url(forResource: "questions", withExtension: "json")?.lastPathComponent == "questions_en.json")
    }

    @Test(".lproj folders at any depth and linked ones are found; hidden ones, and folders inside them, are not")
    func lprojFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lproj-walk-\(UUID().uuidString)")
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("lproj-target-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let files = FileManager.default
        func table(_ path: String, _ value: String) throws {
            let url = root.appendingPathComponent(path)
            try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("\"title\" = \"\(value)\";\n".utf8).write(to: url)
        }
        try table("Deep/Er/fr.lproj/Localizable.strings", "Titre")
        try files.createDirectory(at: elsewhere.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
        try Data("\"title\" = \"Titel\";\n".utf8).write(to: elsewhere.appendingPathComponent("de.lproj/Localizable.strings"))
        try table(".hidden/it.lproj/Localizable.strings", "Titolo")
        try table("fr.lproj/nested/es.lproj/Localizable.strings", "Título")
        // A link to a folder outside the walk is listed by its own name, never walked through.
        try files.createSymbolicLink(
            at: root.appendingPathComponent("de.lproj"), withDestinationURL: elsewhere.appendingPathComponent("de.lproj"))
        try files.createSymbolicLink(at: root.appendingPathComponent("Deep/loop"), withDestinationURL: root)
        let source = FolderLocalizationSource(folder: root)
        let languages = try source.availableLanguages().map(\.identifier).sorted()
        #expect(languages.contains("fr") && languages.contains("de"))
        #expect(!languages.contains("it"), "a hidden folder was walked")
        #expect(!languages.contains("es"), "a folder inside an .lproj folder was walked")
    }
}
