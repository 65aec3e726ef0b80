import Benchmark
import Foundation
import Parlance
import ParlanceMessageFormat

/// Unicode MessageFormat 2: a `.match` plural and a `{$name}` message, each parsed once and
/// formatted with bidi isolation (the default), and parsing a 200-character message; ICU
/// MessageFormat's plural, parsed once and as a JSON message catalog serves it by key; beside
/// Parlance's own printf plural by key and `String(format:)`.
func messageFormat2Benchmarks() {
    let configuration = ParlanceMetrics.fastCall
    let plural = try! MF2.Message(parsing: ".input {$count :number} .match $count one {{{$count} fichier}} * {{{$count} fichiers}}")
    let named = try! MF2.Message(parsing: "Bonjour {$name} !")
    let french = MF2.Formatter(locale: "fr")
    let twoHundred = """
        .input {$count :integer} .local $others = {$count :offset subtract=1} .match $count $others \
        0 * {{Personne}} 1 * {{{$name} aime ça}} * one {{{$name} et {$others} autre}} * * {{{$name} et {$others} autres}}
        """

    Benchmark("MF2: .match plural, parsed once, fr", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(french.format(plural, arguments: ["count": .int(Int64(index % 10))]).string)
        }
    }

    Benchmark("MF2: {$name} message, parsed once", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(french.format(named, arguments: ["name": "Ada"]).string)
        }
    }

    Benchmark("MF2: parse a 200-character message", configuration: configuration) { benchmark in
        precondition(twoHundred.count >= 190 && twoHundred.count <= 210, "\(twoHundred.count) characters")
        for _ in benchmark.scaledIterations {
            blackHole(try? MF2.Message(parsing: twoHundred))
        }
    }

    let icuPlural = try! ICUMessageFormat.Message(parsing: "{count, plural, one {# fichier} other {# fichiers}}")
    let icuFrench = ICUMessageFormat.Formatter(locale: "fr")

    Benchmark("ICU: plural, parsed once, fr", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(icuFrench.format(icuPlural, arguments: ["count": .int(Int64(index % 10))]).string)
        }
    }

    Benchmark(
        "ICU: plural by key from a JSON message catalog, fr",
        configuration: configuration,
        closure: { (benchmark: Benchmark, localizer: Localizer) in
            for index in benchmark.scaledIterations {
                blackHole(localizer.string("files", values: ["count": .int(Int64(index % 10))]))
            }
        },
        setup: {
            var catalog = Catalog(table: "Localizable", sourceLanguage: "fr", messageSyntax: .icu, jsonLayout: .flat)
            var entry = CatalogEntry()
            entry["fr"] = .string("{count, plural, one {# fichier} other {# fichiers}}")
            catalog["files"] = entry
            return Localizer(catalogs: [catalog], configuration: .init(defaultLanguage: "fr", preferredLanguages: { ["fr"] }, notificationCenter: nil))
        }
    )

    Benchmark(
        "MF2: Parlance printf plural by key, fr (baseline)",
        configuration: configuration,
        closure: { (benchmark: Benchmark, localizer: Localizer) in
            for index in benchmark.scaledIterations {
                blackHole(localizer.string("%lld fichiers", index % 10))
            }
        },
        setup: {
            var catalog = Catalog(table: "Localizable", sourceLanguage: "fr")
            var entry = CatalogEntry()
            entry["fr"] = .plural([.one: .string("%lld fichier"), .other: .string("%lld fichiers")])
            catalog["%lld fichiers"] = entry
            return Localizer(catalogs: [catalog], configuration: .init(defaultLanguage: "fr", preferredLanguages: { ["fr"] }, notificationCenter: nil))
        }
    )

    Benchmark("MF2: String(format:) %@ (baseline)", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(String(format: "Bonjour %@ !", "Ada"))
        }
    }
}
