import Benchmark
import Foundation
import Parlance

/// Likely subtags, which the matcher reads for every tag that names a region or a script
/// (`zh-TW` is written in Hant): from CLDR's table compiled into the binary, beside what it
/// cost to ask Foundation (ICU) before. And an `Accept-Language` header the matcher has not
/// seen, which is the path a request with a new header takes.
func languageBenchmarks() {
    let configuration = ParlanceMetrics.fastCall
    let tags: [Language] = ["zh-TW", "pt-BR", "sr-ME", "en-AU", "es-419", "uz-AF", "pa-PK", "ku-IQ"]

    Benchmark("Languages: likely region, CLDR table", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(tags[index % tags.count].likelyRegion)
        }
    }

    Benchmark("Languages: Locale.Language maximalIdentifier (baseline)", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(Locale.Language(identifier: tags[index % tags.count].identifier).maximalIdentifier)
        }
    }

    // The header is read and matched each time, past the memo that spares a server this work
    // for the headers it has seen: the path of a request with a new header.
    let matcher = LanguageMatcher(available: ["en", "fr", "de", "zh-Hant", "pt-PT", "sr-Latn"])
    let header = "zh-TW;q=0.9, pt-BR, sr-ME;q=0.5"
    Benchmark("Languages: read and match an Accept-Language header, past the memo", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(matcher.bestMatch(for: AcceptLanguage.languages(from: header)))
        }
    }
}
