import Foundation
import Parlance
import SnakesssKit

// Shows Snakesss's home screen and next question, switching the `language` setting live in
// one process: UI strings and the question pool change together, with no relaunch. The
// setting is remembered in the "SnakesssDemo" defaults suite.
let app = try Snakesss(suiteName: "SnakesssDemo")
print("Setting: \(app.language), showing \(app.shownLanguage) (device: \(Localizer.devicePreferredLanguages().first?.identifier ?? "none given")).")
for setting in ["fr", "en", "auto"] {
    app.language = setting
    print("\nlanguage = \(setting) → \(app.shownLanguage), pool \(app.localeQuestionsResource() ?? "?")")
    for line in app.homeScreen(score: 3) { print("  \(line)") }
    print("  \(app.categories.joined(separator: " · "))")
    print("  \(app.difficulties.joined(separator: " · "))")
    let next = try app.getQuestion()
    print("  [\(next.category), \(next.difficulty)] \(next.question.text)")
}
