import Benchmark
import Foundation
import Parlance

/// A message written as code writes it, `localizer.string("You have \(count) new messages")`:
/// the key built from the literal and the value, then the lookup and the plural rendered in
/// French. Beside it, the same lookup with the key and the argument given apart, and
/// `String(format:)` rendering the plain template.
func interpolationBenchmarks() {
    let configuration = ParlanceMetrics.fastCall

    Benchmark(
        "Interpolated: localizer.string(\"You have \\(count) new messages\")",
        configuration: configuration,
        closure: { (benchmark: Benchmark, localizer: Localizer) in
            for index in benchmark.scaledIterations {
                let count = index % 10
                blackHole(localizer.string("You have \(count) new messages"))
            }
        },
        setup: { interpolationLocalizer() }
    )

    Benchmark(
        "Interpolated: localizer.string(key, count) (baseline)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, localizer: Localizer) in
            let key = "You have %lld new messages"
            for index in benchmark.scaledIterations {
                blackHole(localizer.string(key, index % 10))
            }
        },
        setup: { interpolationLocalizer() }
    )

    Benchmark("Interpolated: String(format:) (baseline)", configuration: configuration) { benchmark in
        let format = "Vous avez %lld nouveaux messages"
        for index in benchmark.scaledIterations {
            blackHole(String(format: format, index % 10))
        }
    }
}

/// A French localizer holding the one plural the benchmarks render.
private func interpolationLocalizer() -> Localizer {
    var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
    var entry = CatalogEntry()
    entry["en"] = .plural([.one: .string("You have %lld new message"), .other: .string("You have %lld new messages")])
    entry["fr"] = .plural([.one: .string("Vous avez %lld nouveau message"), .other: .string("Vous avez %lld nouveaux messages")])
    catalog["You have %lld new messages"] = entry
    return Localizer(catalogs: [catalog], configuration: .init(defaultLanguage: "en", preferredLanguages: { ["fr"] }, notificationCenter: nil))
}
