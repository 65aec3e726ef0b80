import ArgumentParser
import Foundation
import Parlance
import ParlanceTooling

struct Lookup: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the string an app shows for a key in a language, following the fallback chain.",
        discussion: """
            With --explain, also print the chain of languages tried and where the value came from: the \
            language and its CLDR parents, the default, the catalogs' source languages, then every other \
            language the catalogs hold, so a key is shown only when no catalog holds it.
            """
    )

    @Argument(help: "A catalog file or a resources folder.")
    var path: String

    @Argument(help: "The key to look up.")
    var key: String

    @Option(name: .customLong("lang"), help: Terminal.languageOptionHelp)
    var language: String?

    @Option(help: "The table, such as Localizable or InfoPlist.")
    var table: String = LanguageSnapshot.defaultTable

    @Flag(help: "Print the languages tried and where the value came from.")
    var explain = false

    func run() throws {
        let localizer = try Terminal.localizer(for: path, language: language)
        let snapshot = localizer.currentSnapshot
        print(snapshot.string(key, table: table))
        guard explain else { return }
        let explanation = snapshot.explain(key, table: table)
        let unheld = explanation.chain.contains(snapshot.language) ? "" : " (no catalog holds it)"
        let environment = Localizer.devicePreferredLanguages().map(\.identifier)
        let requested = language.map { Language($0)?.identifier ?? $0 }
            ?? (environment.isEmpty ? "nothing (the environment names no language)"
                : "\(environment.joined(separator: ", ")) (from the environment)")
        print("requested: \(requested), showing: \(snapshot.language)\(unheld)")
        print("chain: \(explanation.chain.map(\.identifier).joined(separator: " → "))")
        switch explanation.source {
        case .language(let found):
            print("from: \(found)\(found == snapshot.language ? "" : " (fallback)")")
        case .key:
            print("from: no catalog holds \"\(key)\" in \(table); the key itself is shown")
        }
    }
}
