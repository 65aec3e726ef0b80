import Benchmark
import Foundation
import Parlance

/// Rendering a message, the call every visible string makes: Parlance's formatter against
/// `String(format:)` rendering the equivalent plain template on the same counts.
func messageBenchmarks() {
    let configuration = ParlanceMetrics.fastCall
    let english = MessageFormatter(language: "en")
    let files = filesLocalization()

    Benchmark("Message: plural substitution", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(english.format(files, [.int(Int64(index % 10))]))
        }
    }

    Benchmark("Message: String(format:) %lld files (baseline)", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(String(format: "%lld files", index % 10))
        }
    }

    Benchmark("Message: %@ %d", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(english.format("%@ %d", ["Ada", .int(Int64(index % 10))]))
        }
    }

    Benchmark("Message: String(format:) %@ %d (baseline)", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(String(format: "%@ %d", "Ada", index % 10))
        }
    }

    // Not a target: what making the formatter costs (it looks up the plural rules by tag),
    // for code that makes one per message instead of keeping one per language.
    Benchmark("Message: plural substitution, new formatter each call", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(MessageFormatter(language: "en").format(files, [.int(Int64(index % 10))]))
        }
    }
}

/// `"%#@files@"` with one plural substitution, as a String Catalog holds "%lld files".
private func filesLocalization() -> Localization {
    let forms: [PluralCategory: Localization] = [
        .one: .string("%arg file"),
        .other: .string("%arg files"),
    ]
    return Localization(
        stringUnit: StringUnit("%#@files@"),
        substitutions: ["files": Substitution(argNum: 1, formatSpecifier: "lld", variations: .plural(forms))]
    )
}
