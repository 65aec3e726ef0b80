// Long runs of the runtime in a process of its own, so that resident memory measures what
// the run did and nothing else the test runner does in parallel. Prints one JSON object.
//
//   ParlanceSoak reload <iterations> [readers]   reloads and switches under concurrent lookups
//   ParlanceSoak shared <iterations> [readers]   replaces Localizer.shared under concurrent lookups
//   ParlanceSoak tags <count> [keys]             snapshot(for:) with that many distinct tags
//
// Resident memory is read from /proc/self/statm, so it is reported on Linux only (-1 elsewhere).
import Dispatch
import Foundation
import Parlance
import Synchronization

let languages: [Language] = ["en", "fr", "vi", "ru"]

/// Resident memory in bytes, or -1 where /proc is not there.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return -1 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return -1 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Every language holds every key, each value naming its language and key, so a torn or
/// mixed read shows as a value no single language holds.
func catalogs(keys: Int, languages: [Language]) -> [Catalog] {
    var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
    for index in 0..<keys {
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
}

/// What a plural lookup of `count.index` may return for `count` in `language`.
func pluralValue(_ language: Language, index: Int, count: Int) -> String {
    let category = PluralRules.cardinal(for: language.identifier)?.category(for: count) ?? .other
    let form = [PluralCategory.one, .few, .many].contains(category) ? category.rawValue : "other"
    return "\(language) \(count) \(form) \(index)"
}

/// Reader threads that look up, render and read snapshots until told to stop; each
/// result is checked against the one language it must come from.
final class Readers: Sendable {
    private let stop = Atomic<Bool>(false)
    private let operations = Atomic<Int>(0)
    private let bad = Atomic<Int>(0)
    private let group = DispatchGroup()

    init(count: Int, keys: Int, localizer: @escaping @Sendable () -> Localizer?) {
        for thread in 0..<count {
            group.enter()
            let readers = self
            Thread {
                #if os(Linux)
                // Below the writer's priority: on a machine with fewer cores than readers the
                // writer still gets a core, while the readers keep every other core busy. (On
                // Linux, who 0 is the calling thread: nice values are per thread.)
                setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
                #endif
                var operation = thread
                while !readers.stop.load(ordering: .relaxed) {
                    let index = (operation &* 7) % keys
                    if !readers.check(operation: operation, index: index, localizer: localizer) {
                        readers.bad.add(1, ordering: .relaxed)
                    }
                    operation &+= 1
                    readers.operations.add(1, ordering: .relaxed)
                }
                readers.group.leave()
            }.start()
        }
    }

    private func check(operation: Int, index: Int, localizer: @Sendable () -> Localizer?) -> Bool {
        switch operation % 4 {
        case 0:
            let key = "key.\(index)"
            let value = localizer()?.string(key) ?? key.localized()
            return languages.contains { value == "\($0)-\(index)" }
        case 1:
            let count = operation % 25
            let value = localizer()?.string("count.\(index)", count) ?? "count.\(index)".localized(with: count)
            return languages.contains { value == pluralValue($0, index: index, count: count) }
        default:
            // One snapshot: its language and every value it gives agree.
            let snapshot = (localizer() ?? Localizer.shared).currentSnapshot
            let count = operation % 25
            let key = "key.\(index)"
            return snapshot.string(key) == "\(snapshot.language)-\(index)"
                && snapshot.string("count.\(index)", count) == pluralValue(snapshot.language, index: index, count: count)
        }
    }

    /// Stops the readers and returns (operations, bad results).
    func finish() -> (Int, Int) {
        stop.store(true, ordering: .relaxed)
        group.wait()
        return (operations.load(ordering: .relaxed), bad.load(ordering: .relaxed))
    }
}

/// Resident memory every 10,000 iterations, on standard error, so a run that grows shows how.
func trace(_ iteration: Int) {
    FileHandle.standardError.write(Data("\(iteration) \(residentBytes())\n".utf8))
}

func report(_ fields: [String: Int]) {
    let body = fields.keys.sorted().map { "\"\($0)\": \(fields[$0]!)" }.joined(separator: ", ")
    print("{\(body)}")
}

let arguments = CommandLine.arguments.dropFirst()
guard let mode = arguments.first, let count = arguments.dropFirst().first.flatMap({ Int($0) }) else {
    FileHandle.standardError.write(Data("usage: ParlanceSoak reload|shared|tags <count> [readers|keys]\n".utf8))
    exit(2)
}
let extra = arguments.dropFirst(2).first.flatMap { Int($0) }
/// Where resident memory is first read: a tenth of the run (at least 1,000 iterations, or the
/// whole of a shorter run). The allocator's arenas settle over the first several thousand
/// iterations (on the fenced path, resident memory rose from 25.6 MB at 1,000 reloads to
/// 27.7 MB at 10,000, then 28.2 MB at 50,000), so "flat" is measured from there.
let checkpoint = min(count, max(1_000, count / 10))
let started = Date()

switch mode {
case "reload":
    let keys = 50
    let localizer = Localizer(catalogs: catalogs(keys: keys, languages: languages), configuration: .init(
        preferredLanguages: { ["en"] }, notificationCenter: nil))
    let readers = Readers(count: extra ?? 8, keys: keys) { localizer }
    var atCheckpoint = 0
    for iteration in 0..<count {
        if iteration % 2 == 0 {
            localizer.reload()
        } else {
            localizer.selection = .language(languages[(iteration / 2) % languages.count])
        }
        if iteration + 1 == checkpoint { atCheckpoint = residentBytes() }
        if (iteration + 1) % 10_000 == 0 { trace(iteration + 1) }
    }
    let (operations, bad) = readers.finish()
    report([
        "iterations": count, "checkpoint": checkpoint, "rss_at_checkpoint": atCheckpoint, "rss_end": residentBytes(), "operations": operations,
        "bad": bad, "milliseconds": Int(Date().timeIntervalSince(started) * 1000),
    ])
case "shared":
    let keys = 50
    let shared = catalogs(keys: keys, languages: languages)
    Localizer.shared = Localizer(catalogs: shared, configuration: .init(preferredLanguages: { ["en"] }, notificationCenter: nil))
    let readers = Readers(count: extra ?? 8, keys: keys) { nil }
    var atCheckpoint = 0
    for iteration in 0..<count {
        let language = languages[iteration % languages.count]
        Localizer.shared = Localizer(catalogs: shared, configuration: .init(
            preferredLanguages: { [language] }, notificationCenter: nil))
        if iteration + 1 == checkpoint { atCheckpoint = residentBytes() }
    }
    let (operations, bad) = readers.finish()
    report([
        "iterations": count, "checkpoint": checkpoint, "rss_at_checkpoint": atCheckpoint, "rss_end": residentBytes(), "operations": operations,
        "bad": bad, "milliseconds": Int(Date().timeIntervalSince(started) * 1000),
    ])
case "tags":
    let keys = extra ?? 5_000
    let localizer = Localizer(catalogs: catalogs(keys: keys, languages: ["en", "fr"]), configuration: .init(
        preferredLanguages: { ["en"] }, notificationCenter: nil))
    _ = localizer.snapshot(for: "fr")
    let before = residentBytes()
    var atCheckpoint = 0
    var wrong = 0
    for index in 0..<count {
        // Well-formed variants of an available language: fr-va0000, fr-va0001, …
        let digits = String(index, radix: 36)
        let tag = "fr-va" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        guard let language = Language(tag) else { wrong += 1; continue }
        let snapshot = localizer.snapshot(for: language)
        if snapshot.string("key.1") != "fr-1" { wrong += 1 }
        if index + 1 == checkpoint { atCheckpoint = residentBytes() }
    }
    report([
        "tags": count, "checkpoint": checkpoint, "rss_before": before, "rss_at_checkpoint": atCheckpoint, "rss_end": residentBytes(),
        "bad": wrong, "milliseconds": Int(Date().timeIntervalSince(started) * 1000),
    ])
default:
    FileHandle.standardError.write(Data("ParlanceSoak: unknown mode \"\(mode)\"\n".utf8))
    exit(2)
}
