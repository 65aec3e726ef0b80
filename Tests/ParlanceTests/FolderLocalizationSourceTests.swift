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
}
