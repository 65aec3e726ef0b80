import Foundation
import Parlance
import QuizKit

// Shows the home screen in every language, switching live in one process.
let storeURL = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-language")
let app = try QuizApp(store: FilePreferenceStore(url: storeURL))
print("Started in \(app.localizer.language.nativeName) (remembered in \(storeURL.path)).")
for language: Language in ["fr", "en", "it"] {
    app.choose(.language(language))
    print("\n\(language.flag ?? "") \(language.nativeName)")
    for line in app.homeScreen(remaining: 3, correct: 1, total: 5, premiumPrice: 4.99) { print("  \(line)") }
    print("  \(try app.questions().first?.text ?? "")")
}
