import Benchmark
import Foundation
import Parlance

/// What a server renders into each response besides plain strings: an amount of money and a
/// plural from a catalog, against Foundation's formatter and `String(format:)` doing the same.
func formattingBenchmarks() {
    let configuration = ParlanceMetrics.fastCall
    let french = LocaleFormatter(language: "fr")
    let style = FloatingPointFormatStyle<Double>.Currency(code: "EUR", locale: french.locale)
    // Amounts with cents, grouping and both signs, taken in turn.
    let amounts: [Double] = (0..<64).map { (index: Int) -> Double in
        let magnitude = Double(index * index * 137) + 0.25 * Double(index % 4)
        return index % 5 == 0 ? -magnitude : magnitude
    }

    Benchmark("Formatting: LocaleFormatter.currency, fr EUR", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(french.currency(amounts[index & 63], code: "EUR"))
        }
    }

    Benchmark("Formatting: FloatingPointFormatStyle.Currency, fr EUR (baseline)", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(style.format(amounts[index & 63]))
        }
    }

    // The same amounts off by fractions of a cent (rates, shares, converted prices): each is
    // rounded through its shortest decimal, where the amounts above, in whole cents, are
    // written from the integer.
    let fractional = amounts.enumerated().map { index, amount in amount + (amount < 0 ? -1 : 1) * (0.0013 + 0.0007 * Double(index % 7)) }

    Benchmark("Formatting: LocaleFormatter.currency, fr EUR, amounts not in whole cents", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(french.currency(fractional[index & 63], code: "EUR"))
        }
    }

    Benchmark(
        "Formatting: FloatingPointFormatStyle.Currency, fr EUR, amounts not in whole cents (baseline)", configuration: configuration
    ) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(style.format(fractional[index & 63]))
        }
    }

    let snapshot = catalogLocalizer().snapshot(for: "fr")
    Benchmark("Message: catalog plural through a snapshot", configuration: configuration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(snapshot.string("files", index % 10))
        }
    }
}

/// A localizer over one catalog whose `files` key is a plural, as String Catalogs hold one.
private func catalogLocalizer() -> Localizer {
    var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
    var entry = CatalogEntry()
    entry["en"] = .plural([.one: .string("%lld file"), .other: .string("%lld files")])
    entry["fr"] = .plural([.one: .string("%lld fichier"), .many: .string("%lld de fichiers"), .other: .string("%lld fichiers")])
    catalog["files"] = entry
    return Localizer(catalogs: [catalog], configuration: .init(defaultLanguage: "en", preferredLanguages: { [] }, notificationCenter: nil))
}
