import Benchmark
import Parlance

/// Choosing a plural category, the call every plural message makes: Russian, whose rules
/// look at the last one and two digits, against the same rules written as a plain switch.
func pluralBenchmarks() {
    let configuration = ParlanceMetrics.fastCall
    // 1,000 counts, one per call of a measured iteration, spread from 0 to about a million.
    let integers = (0..<1_000).map { ($0 &* 7_919) % 1_000_003 }
    // A quarter of them whole (2.0), the rest with a fraction (2.25, 2.5, 2.75).
    let doubles = integers.map { Double($0) / 4 }

    Benchmark(
        "Plural ru: category(for: Int)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, rules: PluralRules) in
            for index in benchmark.scaledIterations {
                blackHole(rules.category(for: integers[index]))
            }
        },
        setup: { try russianRules() }
    )

    Benchmark("Plural ru: Int switch (baseline)", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(HandWrittenRussian.category(for: integers[index]))
        }
    }

    Benchmark(
        "Plural ru: category(for: Double)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, rules: PluralRules) in
            for index in benchmark.scaledIterations {
                blackHole(rules.category(for: doubles[index]))
            }
        },
        setup: { try russianRules() }
    )

    Benchmark("Plural ru: Double switch (baseline)", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(HandWrittenRussian.category(for: doubles[index]))
        }
    }

    // Not a target: what it costs to look the rules up by tag on every call instead of once.
    Benchmark("Plural ru: cardinal(for:) on each call", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(PluralRules.cardinal(for: "ru")?.category(for: integers[index]))
        }
    }
}

private func russianRules() throws -> PluralRules {
    guard let rules = PluralRules.cardinal(for: "ru") else {
        throw FixtureError(description: "Parlance has no cardinal plural rules for \"ru\".")
    }
    return rules
}

/// CLDR's Russian cardinal rules typed by hand for Russian alone: the fastest code an app
/// could write for one language, with no table and no generality.
enum HandWrittenRussian {
    static func category(for value: Int) -> PluralCategory {
        let magnitude = value.magnitude
        let lastDigit = magnitude % 10
        let lastTwo = magnitude % 100
        switch lastDigit {
        case 1 where lastTwo != 11: return .one
        case 2...4 where !(12...14).contains(lastTwo): return .few
        default: return .many
        }
    }

    /// Only whole numbers take `one`, `few` or `many`; anything with a fraction is `other`.
    static func category(for value: Double) -> PluralCategory {
        guard value.isFinite, value.rounded(.towardZero) == value, value.magnitude < 1e15 else { return .other }
        return category(for: Int(value))
    }
}
