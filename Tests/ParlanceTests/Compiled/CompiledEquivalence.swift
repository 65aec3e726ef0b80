import Foundation
import Testing
@testable import Parlance
@testable import ParlanceCore

/// Compares a localizer reading catalogs with one reading the same catalogs compiled: for
/// every language, the snapshot's language and chain, and for every key the plain lookup and,
/// for every message, its rendering with one number of each plural category the language has
/// (positional and `{count}` arguments alike).
struct CompiledEquivalence {
    let reference: Localizer
    let compiled: Localizer
    /// Keys per table.
    let keys: [String: [String]]
    let context: String

    /// Numbers of each plural category, per language, found once.
    private static let samples = Locked<[String: [MessageArgument]]>([:])

    /// One argument per plural category of `language`: integers where one exists, else decimals.
    static func samples(for language: Language) -> [MessageArgument] {
        if let known = samples.withLock({ $0[language.identifier] }) { return known }
        var found: [PluralCategory: MessageArgument] = [:]
        if let rules = PluralRules.cardinal(for: language.identifier) {
            for value in Array(0...200) + [1_000, 10_000, 100_000, 1_000_000, 2_000_000] {
                let category = rules.category(for: value)
                if found[category] == nil { found[category] = .int(Int64(value)) }
            }
            for value in [0.5, 1.5, 2.5, 0.1, 1.1, 2.1, 5.5, 0.0, 1.0] {
                let category = rules.category(for: value)
                if found[category] == nil { found[category] = .double(value) }
            }
            for category in rules.categories {
                #expect(found[category] != nil, "no sample number of category \(category) for \(language)")
            }
        } else {
            found[.other] = .int(3)
        }
        let arguments = found.sorted { $0.key.rawValue < $1.key.rawValue }.map(\.value)
        samples.withLock { $0[language.identifier] = arguments }
        return arguments
    }

    /// How many comparisons were made, so a caller can tell the test compared something.
    @discardableResult
    func check(languages: [Language]) -> Int {
        var compared = 0
        for language in languages {
            let expected = reference.snapshot(for: language)
            let actual = compiled.snapshot(for: language)
            #expect(actual.language == expected.language, "\(context) \(language)")
            #expect(actual.fallbackChain == expected.fallbackChain, "\(context) \(language)")
            let samples = Self.samples(for: expected.language)
            for (table, keys) in keys {
                for key in keys {
                    compared += 1
                    #expect(actual.contains(key, table: table) == expected.contains(key, table: table), "\(context) \(language) \(table) \(key)")
                    #expect(actual.string(key, table: table) == expected.string(key, table: table), "\(context) \(language) \(table) \(key)")
                    guard case .rich? = expected.storage.value(key, table: table) else { continue }
                    for sample in samples {
                        let one = expected.message(key, arguments: [sample, sample], table: table)
                        #expect(actual.message(key, arguments: [sample, sample], table: table) == one,
                            "\(context) \(language) \(table) \(key) \(sample)")
                        let named = expected.message(key, values: ["count": sample], table: table)
                        #expect(actual.message(key, values: ["count": sample], table: table) == named,
                            "\(context) \(language) \(table) \(key) {count} \(sample)")
                        compared += 2
                    }
                }
            }
        }
        return compared
    }
}

/// A fresh temporary folder, removed by the caller.
func temporaryFolder(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// A configuration that depends on nothing outside the test.
func isolatedConfiguration(default language: Language = "en") -> Localizer.Configuration {
    Localizer.Configuration(defaultLanguage: language, preferredLanguages: { [] }, notificationCenter: nil)
}
