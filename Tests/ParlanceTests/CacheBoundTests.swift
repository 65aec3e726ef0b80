import Foundation
import Synchronization
import ParlanceTestSupport
import Testing
@testable import Parlance
@testable import ParlanceCore

/// Every cache the runtime keeps, fed 100,000 distinct inputs (docs/ROBUSTNESS.md, "Every
/// cache is capped"). The likely-script cache has its own test in LanguageCacheBoundTests.
@Suite("Every cache stays bounded under 100,000 distinct inputs")
struct CacheBoundTests {
    @Test("snapshot(for:) keeps one snapshot per available language, whatever tags are asked for")
    func snapshotsPerTag() throws {
        let localizer = TestCatalogs.localizer()
        for index in 0..<100_000 {
            let digits = String(index, radix: 36)
            let tag = ["fr", "de", "en-GB", "pt", "zz"][index % 5] + "-va" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            _ = localizer.snapshot(for: try #require(Language(tag)))
        }
        // en, en-GB, fr, vi, pt-BR, and the default (en) at most.
        #expect(localizer.cachedSnapshotCount <= localizer.availableLanguages.count + 1)
    }

    @Test("Accept-Language headers resolve to available languages' snapshots only")
    func snapshotsPerHeader() {
        let localizer = TestCatalogs.localizer()
        var generator = SystemRandomNumberGenerator()
        for index in 0..<100_000 {
            let header = "x\(index % 26)-\(index);q=0.\(index % 9), \(["fr-CA", "vi-VN", "de"][Int(generator.next() % 3)]);q=0.5, *"
            _ = localizer.snapshot(acceptLanguage: header)
        }
        #expect(localizer.cachedSnapshotCount <= localizer.availableLanguages.count + 1)
        #expect(localizer.matcher.headerMemo.count <= AcceptLanguageMemo.capacity)
    }

    @Test("The Accept-Language memo: 100,000 distinct headers keep it at its capacity; each answer is the unmemoized one")
    func acceptLanguageMemo() throws {
        let matcher = LanguageMatcher(available: ["en", "fr", "pt-BR", "zh-Hant"].compactMap(Language.init))
        let choices = ["fr-CA", "pt-PT", "zh-TW", "ja", "en-AU;q=0.1"]
        for index in 0..<100_000 {
            let header = "x\(String(index, radix: 36)), \(choices[index % choices.count]);q=0.5"
            let memoized = matcher.bestMatch(acceptLanguage: header)
            if index % 997 == 0 {
                #expect(memoized == matcher.bestMatch(for: AcceptLanguage.languages(from: header)))
                #expect(matcher.bestMatch(acceptLanguage: header) == memoized, "asked again, from the memo")
            }
            #expect(matcher.headerMemo.count <= AcceptLanguageMemo.capacity)
        }
        #expect(matcher.headerMemo.count > 0)
        // A header too long to remember is still answered, and not kept.
        let long = String(repeating: "q", count: AcceptLanguageMemo.maximumHeaderLength) + ", fr"
        let before = matcher.headerMemo.count
        #expect(matcher.bestMatch(acceptLanguage: long) == Language("fr"))
        #expect(matcher.headerMemo.count == before)
        // A header that matches nothing is remembered as such (asked twice: the first time may
        // find every place of its set in use, which only clears their marks).
        #expect(matcher.bestMatch(acceptLanguage: "ja, ko") == nil)
        #expect(matcher.bestMatch(acceptLanguage: "ja, ko") == nil)
        #expect(matcher.headerMemo.match(for: "ja, ko") == .some(nil))
    }

    /// A memo with fixed seeds, so headers take the same places every run, and a function that
    /// asks it as `LanguageMatcher.bestMatch(acceptLanguage:)` does: whether the memo answered.
    static func seededMemo() -> (memo: AcceptLanguageMemo, ask: (String) -> Bool) {
        let matcher = LanguageMatcher(available: ["en", "fr", "de", "ja"])
        let memo = AcceptLanguageMemo(available: matcher.available, seeds: (0x5EED_0033, 0xC0FF_EE00))
        return (memo, { header in
            guard let key = memo.key(for: header) else { return false }
            if memo.position(for: key) != nil { return true }
            let match = matcher.bestMatch(for: AcceptLanguage.languages(from: header))
            memo.remember(position: match.flatMap { memo.position(of: $0) }, for: key)
            return false
        })
    }

    @Test("The Accept-Language memo: with a new header in every third request, the headers in use are still answered from it")
    func acceptLanguageMemoKeepsTheHeadersInUse() {
        let (memo, ask) = Self.seededMemo()
        let inUse = (0..<60).map { ["fr-CA", "en-GB", "de-AT", "ja-JP"][$0 % 4] + ",en;q=0.\($0 % 9 + 1),x\($0)" }
        for header in inUse { _ = ask(header) }
        #expect(inUse.allSatisfy { memo.match(for: $0) != nil }, "remembered")
        // As in the load benchmark's `third` run: each header in use comes back after thirty new ones.
        var answered = 0
        for index in 0..<30_000 {
            _ = ask("q\(String(index, radix: 36))-abcdefgh, fr;q=0.5")
            if ask(inUse[(2 * index) % inUse.count]) { answered += 1 }
            if ask(inUse[(2 * index + 1) % inUse.count]) { answered += 1 }
        }
        // A new header takes a place whose header was not read since it arrived, and none from
        // a set whose headers all were: the headers in use keep theirs.
        #expect(answered == 60_000, "\(answered) of 60,000 requests with a header in use answered from the memo")
        #expect(memo.count <= AcceptLanguageMemo.capacity)
    }

    @Test("The Accept-Language memo: a set whose four headers are in use keeps them; a new header gets in once one goes unread")
    func acceptLanguageMemoFullSet() throws {
        let (memo, ask) = Self.seededMemo()
        // Five headers that share a set of four places.
        let first = try #require(memo.key(for: "h0")).firstPlace
        let sharing = (0..<100_000).lazy.map { "h\($0)" }.filter { memo.key(for: $0)?.firstPlace == first }.prefix(5)
        let five = Array(sharing)
        try #require(five.count == 5)
        for header in five.prefix(4) { #expect(!ask(header), "new: matched and kept") }
        for header in five.prefix(4) { #expect(ask(header), "kept, and now marked in use") }
        #expect(!ask(five[4]), "every place in use: the marks are cleared, the new header is not kept")
        // Counted, not read: a read would mark them in use again.
        #expect(memo.count == 4, "none of the four was pushed out")
        #expect(!ask(five[4]), "asked again before the four were read: it takes an unread place")
        #expect(ask(five[4]), "and is kept")
        #expect(five.prefix(4).filter { memo.match(for: $0) != nil }.count == 3, "one of the four gave way")
    }

    @Test("Currency patterns: 100,000 amounts in distinct codes keep at most 32 patterns, each answer Foundation's")
    func currencyPatterns() {
        let formatter = LocaleFormatter(language: "fr")
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        for index in 0..<100_000 {
            // Every three-letter code in turn (17,576 of them), known to ICU or not.
            let code = String([letters[index / 676 % 26], letters[index / 26 % 26], letters[index % 26]])
            let amount = Double(index) + 0.25
            let written = formatter.currency(amount, code: code)
            if index % 997 == 0 {
                #expect(written == FloatingPointFormatStyle<Double>.Currency(code: code, locale: formatter.locale).format(amount))
            }
        }
        #expect(formatter.currencyPatterns.count == CurrencyPatternCache.capacity)
    }

    @Test("Pseudo-localization keeps one snapshot per style")
    func pseudoSnapshots() {
        let localizer = TestCatalogs.localizer()
        for index in 0..<100_000 {
            let style = PseudoLocalization.Style.allCases[index % PseudoLocalization.Style.allCases.count]
            if index % 1_000 == 0 { localizer.selection = .pseudo(style) } else { _ = localizer.pseudoStorage(style) }
        }
        #expect(localizer.cachedSnapshotCount <= localizer.availableLanguages.count + 1 + PseudoLocalization.Style.allCases.count)
    }

    @Test("The missing-key reporter remembers at most 10,000 keys and never queues more than 1,000")
    func missingKeys() {
        let heard = Recorder<String>()
        let localizer = TestCatalogs.localizer(missingKeys: { heard.append($0.key) })
        for index in 0..<100_000 { let key = "absent.\(index)"; _ = localizer.string(key) }
        let reporter = localizer.reporter!
        #expect(reporter.rememberedCount <= MissingKeyReporter.maximumRemembered)
        localizer.flushMissingKeyReports()
        // Every report was handled or counted as dropped.
        #expect(heard.all.count + localizer.droppedMissingKeyReports == 100_000)
        #expect(heard.all.count >= MissingKeyReporter.maximumPending)
    }

    @Test("A missing-key handler that never returns holds at most 1,000 reports")
    func stuckHandler() {
        let gate = DispatchSemaphore(value: 0)
        let localizer = TestCatalogs.localizer(missingKeys: { _ in gate.wait() })
        for index in 0..<100_000 { let key = "absent.\(index)"; _ = localizer.string(key) }
        #expect(localizer.droppedMissingKeyReports >= 100_000 - MissingKeyReporter.maximumPending)
        for _ in 0..<MissingKeyReporter.maximumPending { gate.signal() }
        localizer.flushMissingKeyReports()
    }

    @Test("Diagnostics stop growing at 256: a store that fails 100,000 times")
    func diagnostics() {
        let localizer = TestCatalogs.localizer(store: FailingStore())
        for index in 0..<100_000 { localizer.selection = index % 2 == 0 ? .language("fr") : .language("en") }
        #expect(localizer.diagnostics.count == Localizer.State.maximumDiagnostics)
    }

    @Test("The template cache holds at most its slots, whatever templates pass")
    func templates() {
        for index in 0..<100_000 { _ = CompiledTemplate.cached("template %lld number \(index)") }
        #expect(CompiledTemplate.cachedTemplateCount <= TemplateCache.slotCount)
    }

    @Test("Reader slots: 100,000 threads that each look something up leave no slot taken", .tags(.soak), .soakOnly)
    func readerSlots() async throws {
        let domain = Self.slotDomain
        let reference = ReclaimingReference(Tracked(1), domain: domain)
        let sum = Atomic<Int>(0)
        let owned = try await onOwnThread {
            for _ in 0..<1_000 {
                let group = DispatchGroup()
                for _ in 0..<100 {
                    group.enter()
                    Thread {
                        sum.add(reference.read { $0.value }, ordering: .relaxed)
                        group.leave()
                    }.start()
                }
                group.wait()
            }
            // Each exiting thread gives its slot back (the last ones may still be exiting).
            var owned = domain.readers.ownedSlotCount
            for _ in 0..<1_000 where owned > 0 {
                usleep(1_000)
                owned = domain.readers.ownedSlotCount
            }
            return owned
        }
        #expect(sum.load(ordering: .relaxed) == 100_000)
        #expect(owned == 0)
    }

    /// Kept for the process's lifetime: threads remember their slot in a domain.
    static let slotDomain = ReclamationDomain()

    @Test("The date formatter cache holds one formatter per pair of styles")
    func dateFormatters() {
        let formatter = LocaleFormatter(language: "fr")
        let styles: [DateFormatter.Style] = [.none, .short, .medium, .long, .full]
        for index in 0..<100_000 {
            _ = formatter.dateFormatters.string(
                from: Date(timeIntervalSince1970: Double(index) * 3_600), date: styles[index % 5], time: styles[(index / 5) % 5])
        }
        #expect(formatter.dateFormatters.count <= styles.count * styles.count)
    }
}

/// A preference store whose every save fails.
struct FailingStore: LanguagePreferenceStore {
    struct Failure: Error {}
    func load() throws -> String? { nil }
    func save(_ identifier: String?) throws { throw Failure() }
}
