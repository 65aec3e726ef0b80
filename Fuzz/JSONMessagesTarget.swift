import Foundation
import Parlance
import ParlanceCatalogWriters
import ParlanceCore
import ParlanceMessageFormat

/// Fuzzes ``JSONMessagesReader`` and ``JSONMessagesWriter`` together, then serves what they
/// read: any bytes read or throw a ``ParseError`` placed inside the file; a catalog that reads
/// reads the same when located, with every key and value placed; written back in its layout it
/// reads back equal, and writing that gives identical bytes; and a localizer over it renders
/// every message (ICU MessageFormat, with and without values) without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let file: CatalogFile
    do {
        file = try JSONMessagesReader.read(data, path: "fr.json", table: "Localizable", language: "fr")
    } catch {
        require(!error.message.isEmpty && error.location.line >= 1 && error.location.column >= 1, "bad error \(error)")
        return 0
    }
    let catalog = file.catalog
    require(catalog.messageSyntax == .icu && catalog.jsonLayout != nil, "a JSON catalog without its syntax or layout")
    do {
        let located = try JSONMessagesFormat().read(data, path: "fr.json", table: "Localizable", language: "fr", locating: true)
        require(located.catalog == catalog, "locating changed the table")
        require(located.locations.count == catalog.entries.count, "a key without a location")
        for (_, place) in located.locations {
            require(place.key.line >= 1 && place.key.column >= 1, "a key located before the file")
            require(place.value(in: "fr").line >= 1, "a value located before the file")
        }
    } catch {
        require(false, "a catalog that reads does not read when located: \(error)")
    }
    let written: Data
    do {
        written = try JSONMessagesWriter.write(catalog, language: "fr")
    } catch {
        require(false, "a catalog read from a JSON message catalog cannot be written back: \(error)")
        return 0
    }
    do {
        let reread = try JSONMessagesReader.read(written, path: "fr.json", table: "Localizable", language: "fr").catalog
        require(reread == catalog, "the round trip changed the catalog")
        require((try? JSONMessagesWriter.write(reread, language: "fr")) == written, "writing the round-tripped catalog gave other bytes")
    } catch {
        require(false, "the writer's output does not read back: \(error)")
    }
    // The static archives must keep Parlance's layer, or ICU messages go unrendered here.
    require(foundationLayer != nil, "the Foundation layer is not installed: link Parlance's archive whole")
    let localizer = Localizer(catalogs: [catalog], configuration: .init(
        defaultLanguage: "fr", preferredLanguages: { ["fr"] }, notificationCenter: nil))
    for key in catalog.entries.keys.prefix(64) {
        _ = localizer.string(key)
        _ = localizer.string(key, values: ["count": 3, "name": "Ada", "gender": "female"])
        _ = localizer.string(key, 1, "x")
    }
    return 0
}
