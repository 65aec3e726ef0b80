import Benchmark
import BenchmarkFixtures
import CGettext
import Foundation

/// glibc's gettext over a `.mo` that `msgfmt` compiled from the same German plain strings the
/// runtime benchmarks look up: the C world's compiled-catalog lookup (mapped file, hash
/// probe), measured beside `Localizer.shared.string(key)` in the same run.
func gettextBenchmarks() {
    let configuration = ParlanceMetrics.fastCall

    // What a Swift caller gets: a Swift String key in, a Swift String out.
    Benchmark(
        "Runtime: glibc gettext, Swift String in and out, plain strings only (baseline)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, table: GettextFixture) in
            var next = benchmark.currentIteration &* benchmark.scaledIterations.count % table.keys.count
            for _ in benchmark.scaledIterations {
                blackHole(table.keys[next].withCString { String(cString: parlance_gettext($0)) })
                next = next + 1 == table.keys.count ? 0 : next + 1
            }
        },
        setup: { () throws -> GettextFixture in try GettextFixture.shared.get() }
    )

    // The probe alone: C strings prepared in setup, the returned pointer unread.
    Benchmark(
        "Runtime: glibc gettext, C string in and out, plain strings only",
        configuration: configuration,
        closure: { (benchmark: Benchmark, table: GettextFixture) in
            var next = benchmark.currentIteration &* benchmark.scaledIterations.count % table.keys.count
            for _ in benchmark.scaledIterations {
                blackHole(parlance_gettext(table.cKeys[next]))
                next = next + 1 == table.keys.count ? 0 : next + 1
            }
        },
        setup: { () throws -> GettextFixture in try GettextFixture.shared.get() }
    )
}

/// The plain German strings of the runtime fixture as a `.mo`, bound once per process.
final class GettextFixture: @unchecked Sendable {
    static let domain = "parlance-bench"
    /// Once per process: gettext's domain binding and locale are process-wide.
    static let shared = Result { try GettextFixture() }

    /// Same order as `RuntimeFixture.plainKeys`.
    let keys: [String]
    /// The keys as C strings, never freed (the fixture lives as long as the process).
    let cKeys: [UnsafePointer<CChar>]

    private init() throws {
        let runtime = try RuntimeFixture.make()
        keys = runtime.plainKeys
        cKeys = keys.map { UnsafePointer(strdup($0)!) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-bench-gettext")
        try? FileManager.default.removeItem(at: folder)
        try GettextCatalog.write(keys.map { ($0, runtime.dictionary[$0]!) }, language: "de", domain: Self.domain, to: folder)
        guard parlance_gettext_setup(folder.path, Self.domain, "de") == 0 else {
            throw FixtureError(description: "the C.UTF-8 locale cannot be set")
        }
        for key in keys where String(cString: parlance_gettext(key)) != runtime.dictionary[key] {
            throw FixtureError(description: "gettext gives \"\(String(cString: parlance_gettext(key)))\" for \"\(key)\", not \"\(runtime.dictionary[key]!)\"")
        }
    }
}
