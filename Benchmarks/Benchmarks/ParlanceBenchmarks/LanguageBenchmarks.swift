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

    // What the load benchmark's third request sends (Benchmarks/Load/load.lua, `third`): a
    // never-seen tag first, an available language behind it, through the memo that cannot
    // answer it. The headers are made before the run, 65,536 of them in turn.
    let served = LanguageMatcher(available: ["ar", "cs", "de", "en", "es", "fr", "he", "hi", "it", "ja",
        "ko", "nl", "pl", "pt-BR", "ru", "sv", "tr", "uk", "zh-Hans", "zh-Hant"])
    var generator = SystemRandomNumberGenerator()
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    func subtag(_ length: Int) -> String { String((0..<length).map { _ in letters.randomElement(using: &generator)! }) }
    let neverSeen = (0..<65_536).map { index in subtag(3) + "-" + subtag(8) + ", " + ["fr", "de", "ja", "pt-BR"][index % 4] + ";q=0.5" }
    Benchmark("Languages: a never-seen tag first, through the header memo", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(served.bestMatch(acceptLanguage: neverSeen[index & 65_535]))
        }
    }
}
