import Dispatch
import Foundation
import ParlanceTestSupport
import Testing
@testable import Parlance

@Suite("Stress: lookups, plurals and snapshots while languages switch and catalogs reload", .tags(.soak), .soakOnly)
struct StressTests {
    static let languages: [Language] = ["en", "fr", "vi", "ru"]
    static let keyCount = 200

    /// Every language holds every key, each value naming its language and key, so any
    /// torn or mixed read shows.
    static let catalogs: [Catalog] = {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        for index in 0..<keyCount {
            var entry = CatalogEntry()
            var plural = CatalogEntry()
            for language in languages {
                entry[language.identifier] = .string("\(language)-\(index)")
                plural[language.identifier] = .plural([
                    .one: .string("\(language) %lld one \(index)"), .few: .string("\(language) %lld few \(index)"),
                    .many: .string("\(language) %lld many \(index)"), .other: .string("\(language) %lld other \(index)"),
                ])
            }
            catalog.entries["key.\(index)"] = entry
            catalog.entries["count.\(index)"] = plural
        }
        return [catalog]
    }()

    /// What a plural lookup may return: each language's form for the count.
    static func pluralValues(index: Int, count: Int) -> Set<String> {
        var values = Set<String>()
        for language in languages {
            let category = PluralRules.cardinal(for: language.identifier)?.category(for: count) ?? .other
            let form = [PluralCategory.one, .few, .many].contains(category) ? category.rawValue : "other"
            values.insert("\(language) \(count) \(form) \(index)")
        }
        return values
    }

    /// All threads' operations together: 1,000,000, or `PARLANCE_STRESS_OPERATIONS` (the
    /// ThreadSanitizer run in .ci/run lowers it, since the sanitizer slows every access tenfold).
    static let operations = ProcessInfo.processInfo.environment["PARLANCE_STRESS_OPERATIONS"].flatMap(Int.init) ?? 1_000_000

    @Test("8 threads, 1,000,000 operations (fewer under ThreadSanitizer), a switcher that also reloads: every value is one a catalog holds")
    func millionOperations() async throws {
        let localizer = Localizer(catalogs: Self.catalogs, configuration: .init(
            preferredLanguages: { ["en"] }, notificationCenter: nil))
        let threads = 8
        let operationsPerThread = max(1, Self.operations / threads)
        let bad = Locked(0)
        let done = Locked(0)
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread {
                var failures = 0
                for operation in 0..<operationsPerThread {
                    let index = (operation &* 7 &+ thread) % Self.keyCount
                    switch operation % 3 {
                    case 0:
                        let key = "key.\(index)"
                        let value = localizer.string(key)
                        if !Self.languages.contains(where: { value == "\($0)-\(index)" }) { failures += 1 }
                    case 1:
                        let count = operation % 25
                        if !Self.pluralValues(index: index, count: count)
                            .contains(localizer.string("count.\(index)", MessageArgument(count)))
                        {
                            failures += 1
                        }
                    default:
                        // One snapshot answers in one language for every key.
                        let snapshot = localizer.currentSnapshot
                        let language = snapshot.language
                        let key = "key.\(index)", nextKey = "key.\((index + 1) % Self.keyCount)"
                        if snapshot.string(key) != "\(language)-\(index)"
                            || snapshot.string(nextKey) != "\(language)-\((index + 1) % Self.keyCount)"
                        {
                            failures += 1
                        }
                    }
                }
                bad.withLock { $0 += failures }
                done.withLock { $0 += 1 }
                group.leave()
            }.start()
        }
        // The switcher spins until the readers finish: on a thread of its own, off the pool.
        let switches = try await onOwnThread {
            var switches = 0
            while done.withLock({ $0 }) < threads {
                localizer.select(.language(Self.languages[switches % Self.languages.count]))
                if switches % 64 == 63 { localizer.reload() }
                switches += 1
            }
            group.wait()
            return switches
        }
        #expect(bad.withLock { $0 } == 0)
        #expect(switches > 10)
    }
}
