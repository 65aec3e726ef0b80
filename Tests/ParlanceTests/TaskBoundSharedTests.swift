import Foundation
import Testing
@testable import Parlance

/// `Localizer.withShared` and `LocalizationProvider.withLocalizer`/`withProvider`: what a test
/// or a request binds to its task, every other task leaves alone.
@Suite("A shared localizer and a provider bound to one task")
struct TaskBoundSharedTests {
    static let key = "l10n.settings.language"

    @Test("Two tasks bound to different localizers each read their own, interleaved")
    func parallelTasks() async {
        let french = TestCatalogs.localizer(preferred: ["fr"])
        let vietnamese = TestCatalogs.localizer(preferred: ["vi"])
        let seen = await withTaskGroup(of: (String, Set<String>).self) { group in
            for (name, localizer) in [("fr", french), ("vi", vietnamese)] {
                group.addTask {
                    await Localizer.withShared(localizer) {
                        var seen = Set<String>()
                        for _ in 0..<500 {
                            seen.insert(Self.key.localized())
                            seen.insert(Localizer.shared.string(Self.key))
                            seen.insert(LocalizationProvider.string(Self.key))
                            await Task.yield()
                        }
                        return (name, seen)
                    }
                }
            }
            var all: [String: Set<String>] = [:]
            for await (name, seen) in group { all[name] = seen }
            return all
        }
        #expect(seen == ["fr": ["Langue"], "vi": ["Ngôn ngữ"]])
        #expect(Localizer.shared !== french && Localizer.shared !== vietnamese, "the process-wide localizer is untouched")
    }

    @Test("Child tasks and Task { } made inside inherit the binding; the innermost binding wins")
    func inheritance() async {
        let french = TestCatalogs.localizer(preferred: ["fr"])
        let vietnamese = TestCatalogs.localizer(preferred: ["vi"])
        let (child, unstructured, nested, afterNested) = await Localizer.withShared(french) {
            async let child = Self.key.localized()
            let unstructured = Task { Self.key.localized() }
            let nested = Localizer.withShared(vietnamese) { Self.key.localized() }
            return (await child, unstructured, nested, Self.key.localized())
        }
        #expect(child == "Langue")
        #expect(nested == "Ngôn ngữ")
        #expect(afterNested == "Langue")
        // The binding outlives the scope in the task made inside it, as task-local values do.
        #expect(await unstructured.value == "Langue")
    }

    @Test("Generated accessors and indexed keys read the bound localizer")
    func indexedKeys() {
        let keys = IndexedKeys([.init(LanguageSnapshot.defaultTable, keys: [Self.key])])
        Localizer.withShared(TestCatalogs.localizer(preferred: ["vi"])) {
            #expect(keys.string(0) == "Ngôn ngữ")
        }
    }

    @Test("A provider bound to a task routes that task's keys; others keep theirs")
    func providerBinding() async {
        let french = TestCatalogs.localizer(preferred: ["fr"])
        async let bound = LocalizationProvider.withLocalizer(french) {
            (LocalizationProvider.string(Self.key), LocalizationProvider.string("missing.key"))
        }
        async let closure = LocalizationProvider.withProvider({ $0 == "total_odds" ? "Cotes totales" : nil }, language: { "fr" }) {
            (LocalizationProvider.string("total_odds"), LocalizationProvider.string("load_more_count", values: ["count": 5]))
        }
        let (boundText, missing) = await bound
        #expect(boundText == "Langue")
        #expect(missing == "missing.key")
        let (odds, unprovided) = await closure
        #expect(odds == "Cotes totales")
        #expect(unprovided == "load_more_count")
        // Asynchronous bodies keep the binding across suspension points.
        let afterSleep = await LocalizationProvider.withLocalizer(french) { () async -> String in
            try? await Task.sleep(for: .milliseconds(1))
            return LocalizationProvider.string(Self.key)
        }
        #expect(afterSleep == "Langue")
    }
}
