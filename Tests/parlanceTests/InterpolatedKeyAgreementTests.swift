import Foundation
import Parlance
import Synchronization
import ParlanceTooling
import Testing

/// The runtime builds the key Xcode (and `parlance extract`) writes for the same call site.
@Suite("Interpolated keys: the runtime and the extractor agree")
struct InterpolatedKeyAgreementTests {
    @Test("Every call site of InterpolatedCallSites.swift looks up the key extract finds for it")
    func runtimeAndExtractorAgree() throws {
        let heard = Mutex<[String]>([])
        let localizer = Localizer(catalogs: [], configuration: .init(
            defaultLanguage: "en", preferredLanguages: { ["en"] },
            missingKeyHandler: { missing in heard.withLock { $0.append(missing.key) } }, notificationCenter: nil))
        InterpolatedCallSites.run(localizer, count: 2, price: 1.5, ratio: 0.5, name: "Ada", small: 3, big: 4, byte: 5)
        localizer.flushMissingKeyReports()
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("InterpolatedCallSites.swift")
        let extracted = try SourceKeyScanner.scan(files: [file]).map(\.key)
        let looked = heard.withLock { $0 }
        #expect(Set(looked) == Set(extracted))
        #expect(extracted.count == 12)
        // What Xcode writes for each, spelled out.
        #expect(Set(extracted) == [
            "You have %lld new messages", "%@ paid %lf for %lld items", "Ratio %f of %d and %llu, byte %u", "%lld nearby",
            "Total: %lld", "Share %.1f", "Literals %lld and %lf and %@", "100%% of %@", "Converted %lf", "Row %lld",
            "Snapshot of %lld at %lf", "Basket of %lld items, %lf kg",
        ])
    }
}
