import Foundation
@_spi(Checking) import Parlance
import ParlanceCatalogWriters

/// Fuzzes ``XCStringsReader`` and ``XCStringsWriter`` together: any bytes must read or throw a
/// ``ParseError``; a catalog that reads must read the same through ``StringCatalogFormat`` with
/// its keys and languages located, and must round-trip. Read, write, read gives an equal
/// catalog, and writing that catalog again gives identical bytes, in both key orders. The one
/// documented change: a file without a `version` member is written as version `1.0`. Every
/// value of a catalog that reads is then judged by the argument rule (``ArgumentRule``) against
/// its source-language value, as `check`, `import` and live updates judge untrusted values.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let catalog: Catalog
    do {
        catalog = try XCStringsReader.read(data, path: "Fuzz.xcstrings")
    } catch {
        require(!error.message.isEmpty && error.location.line >= 1 && error.location.column >= 1, "bad error \(error)")
        return 0
    }
    _ = catalog.languages
    // Read again through the format, locating: the same table, and every key and language
    // located inside the file.
    do {
        let located = try StringCatalogFormat().read(data, path: "Fuzz.xcstrings", table: "Fuzz", language: nil, locating: true)
        require(located.catalog.entries == catalog.entries, "locating changed the table")
        require(located.locations.count == catalog.entries.count, "a key without a location")
        for (key, entry) in catalog.entries {
            guard let place = located.locations[key] else { continue }
            require(place.key.line >= 1 && place.key.column >= 1, "a key located before the file")
            require(place.values.count == (entry.localizations?.count ?? 0), "a language without a location")
        }
    } catch {
        require(false, "a catalog that reads does not read when located: \(error)")
    }
    for (key, entry) in catalog.entries {
        let source = entry.localizations?[catalog.sourceLanguage].map { ArgumentFacts($0) } ?? ArgumentFacts(template: key)
        for (language, localization) in entry.localizations ?? OrderedMap() {
            for problem in ArgumentRule.problems(ArgumentFacts(localization), language: language, source: source) {
                require(!problem.message(language: language, sourceLanguage: catalog.sourceLanguage).isEmpty, "an empty message")
            }
        }
    }
    var expected = catalog
    if expected.version == nil { expected.version = "1.0" }
    for order in [XCStringsWriter.KeyOrder.xcode, .preserved] {
        let writer = XCStringsWriter(keyOrder: order)
        let first = writer.write(catalog)
        require(first.dropped.isEmpty, "a catalog read from a String Catalog lost \(first.dropped) on writing")
        let reread: Catalog
        do {
            reread = try XCStringsReader.read(first.data, path: "Fuzz.xcstrings")
        } catch {
            require(false, "the writer's output (\(order)) does not read back: \(error)")
            return 0
        }
        require(reread == expected, "the round trip (\(order)) changed the catalog")
        require(reread.hashValue == expected.hashValue, "equal catalogs (\(order)) hash differently")
        let second = writer.write(reread)
        require(second.data == first.data, "writing the round-tripped catalog (\(order)) gave other bytes")
    }
    return 0
}
