import Foundation
import Testing
@testable import Parlance
@testable import ParlanceCore

@Suite("Lookups while languages switch")
struct LocalizerConcurrencyTests {
    static let values: [String: Set<String>] = [
        "l10n.auth.welcome.to": ["Welcome to", "Chào mừng đến với", "Bienvenue sur"],
        "l10n.settings.language": ["Language", "Ngôn ngữ", "Langue"],
    ]

    @Test("Four threads look up while another switches thousands of times; no torn value")
    func switchingUnderLoad() async {
        let localizer = TestCatalogs.localizer()
        let languages: [Language] = ["en", "vi", "fr"]
        let switches = 3_000
        await withTaskGroup(of: Int.self) { group in
            group.addTask {
                for index in 0..<switches { localizer.select(.language(languages[index % languages.count])) }
                return 0
            }
            for _ in 0..<4 {
                group.addTask {
                    var torn = 0
                    for index in 0..<20_000 {
                        // One snapshot gives one language for every key of a screen.
                        let snapshot = localizer.currentSnapshot
                        let welcome = snapshot.string("l10n.auth.welcome.to")
                        let language = snapshot.string("l10n.settings.language")
                        let expected = ["en": ("Welcome to", "Language"), "vi": ("Chào mừng đến với", "Ngôn ngữ"), "fr": ("Bienvenue sur", "Langue")]
                        if let pair = expected[snapshot.language.identifier], pair != (welcome, language) { torn += 1 }
                        let direct = localizer.string(index.isMultiple(of: 2) ? "l10n.auth.welcome.to" : "l10n.settings.language")
                        if !(Self.values.values.contains { $0.contains(direct) }) { torn += 1 }
                        _ = localizer.string("photos.count", MessageArgument(index))
                    }
                    return torn
                }
            }
            var torn = 0
            for await count in group { torn += count }
            #expect(torn == 0)
        }
    }

    @Test("Four threads share one Accept-Language memo, with headers in use and new ones: every answer is the unmemoized one")
    func sharedHeaderMemo() async {
        let matcher = LanguageMatcher(available: ["en", "fr", "de", "ja", "pt-BR"])
        let inUse = ["fr-CH, fr;q=0.9", "de-AT", "ja-JP,en;q=0.5", "pt-PT", "xx, yy", "en-GB,en;q=0.8"]
        let expected = inUse.map { matcher.bestMatch(for: AcceptLanguage.languages(from: $0)) }
        await withTaskGroup(of: Bool.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    var right = true
                    for index in 0..<5_000 {
                        let which = (index + thread) % inUse.count
                        right = right && matcher.bestMatch(acceptLanguage: inUse[which]) == expected[which]
                        // A new header in every other request, taking places the others read.
                        let new = "q\(thread)x\(String(index, radix: 36)), \(["fr", "de", "ja"][index % 3]);q=0.5"
                        right = right && matcher.bestMatch(acceptLanguage: new) == Language(["fr", "de", "ja"][index % 3])
                    }
                    return right
                }
            }
            var allRight = true
            for await right in group { allRight = allRight && right }
            #expect(allRight)
        }
    }

    @Test("Concurrent requests use snapshots of different languages at once")
    func serverSnapshots() async {
        let localizer = TestCatalogs.localizer()
        let headers = ["vi-VN,vi;q=0.9", "fr-CH, fr;q=0.9, en;q=0.8", "en-GB", "ja, de;q=0.5", "pt-BR"]
        let expected = ["Chào mừng đến với", "Bienvenue sur", "Welcome to", "Welcome to", "Welcome to"]
        await withTaskGroup(of: Bool.self) { group in
            for round in 0..<200 {
                let index = round % headers.count
                group.addTask {
                    let snapshot = localizer.snapshot(acceptLanguage: headers[index])
                    return snapshot.string("l10n.auth.welcome.to") == expected[index]
                }
            }
            var allRight = true
            for await right in group { allRight = allRight && right }
            #expect(allRight)
        }
        #expect(localizer.language == "en")
    }

    @Test("Reloading keeps lookups answering")
    func reloading() async {
        let localizer = TestCatalogs.localizer()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for _ in 0..<200 { localizer.reload() } }
            group.addTask {
                for _ in 0..<20_000 { #expect(localizer.string("l10n.settings.language") == "Language") }
            }
        }
    }
}
