import Foundation
@testable import Parlance
import Testing

@Suite("Arguments as code holds them")
struct ArgumentsAsCodeHoldsThemTests {
    static let catalog = TestCatalogs.catalog([
        ("products.available", ["en": .plural([.one: .string("%lld product available"), .other: .string("%lld products available")])]),
        ("price", ["en": .string("%.2f EUR")]),
        ("greeting", ["en": .string("Hello %@")]),
        ("mixed", ["en": .string("%@ bought %lld for %@")]),
        ("when", ["en": .string("at %@")]),
    ])

    @Test("Int, Double, Float, String, Substring, Decimal and Date variables compile and render")
    func variables() {
        let localizer = Localizer(catalogs: [Self.catalog], configuration: .init(preferredLanguages: { ["en"] }, notificationCenter: nil))
        let productCount = 3
        let one: Int32 = 1
        let big: UInt64 = 18_000_000_000_000_000_000
        let price = 4.5
        let single: Float = 2.25
        let name = "Ada"
        let part = "Ada Lovelace".prefix(3)
        let amount = Decimal(string: "12.50")!
        let date = Date(timeIntervalSince1970: 0)
        #expect(localizer.string("products.available", productCount) == "3 products available")
        #expect(localizer.string("products.available", one) == "1 product available")
        #expect(localizer.string("products.available", big) == "18000000000000000000 products available")
        #expect(localizer.string("price", price) == "4.50 EUR")
        #expect(localizer.string("price", single) == "2.25 EUR")
        #expect(localizer.string("greeting", name) == "Hello Ada")
        #expect(localizer.string("greeting", part) == "Hello Ada")
        #expect(localizer.string("mixed", name, productCount, amount) == "Ada bought 3 for 12.5")
        #expect(localizer.string("when", date) == "at 1970-01-01 00:00:00 +0000")
        #expect(localizer.currentSnapshot.string("products.available", productCount) == "3 products available")
        #expect("products.available".localized(with: productCount, localizer: localizer) == "3 products available")
    }

    @Test("Literals, explicit cases and MessageArgument values still resolve, without ambiguity")
    func literalsAndCases() {
        let localizer = Localizer(catalogs: [Self.catalog], configuration: .init(preferredLanguages: { ["en"] }, notificationCenter: nil))
        let argument = MessageArgument.int(1)
        #expect(localizer.string("products.available", 5) == "5 products available")
        #expect(localizer.string("products.available", .int(2)) == "2 products available")
        #expect(localizer.string("products.available", argument) == "1 product available")
        #expect(localizer.string("price", 1.5) == "1.50 EUR")
        #expect(localizer.string("greeting", "Bo") == "Hello Bo")
        #expect(localizer.string("greeting") == "Hello %@")
        // %@ prints a negative zero as NSNumber does; %f as C does.
        let negativeZero = -0.0
        #expect(localizer.string("greeting", negativeZero) == "Hello -0")
        #expect(localizer.string("price", negativeZero) == "-0.00 EUR")
        #expect("greeting".localized(with: "Cy", localizer: localizer) == "Hello Cy")
        #expect("greeting".localized(with: .string("Di"), localizer: localizer) == "Hello Di")
    }
}
