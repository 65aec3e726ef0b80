import Parlance

/// Call sites written as an app writes them, with values of every kind the runtime maps.
/// `InterpolatedKeyAgreementTests` runs them against a localizer that reports each key it
/// looks up, and runs `parlance extract`'s scanner over this file: the keys must be equal.
enum InterpolatedCallSites {
    struct Basket {
        let items: Int
        let weight: Double

        func describe(_ localizer: Localizer) {
            _ = localizer.string("Basket of \(self.items) items, \(self.weight) kg")
        }
    }

    static func run(
        _ localizer: Localizer, count: Int, price: Double, ratio: Float, name: String, small: Int32, big: UInt64, byte: UInt8
    ) {
        _ = localizer.string("You have \(count) new messages")
        _ = localizer.string("\(name) paid \(price) for \(count) items")
        _ = localizer.string("Ratio \(ratio) of \(small) and \(big), byte \(byte)")
        let local = 7
        _ = localizer.string("\(local) nearby")
        let total: Int64 = 9
        _ = localizer.string("Total: \(total)")
        let share = 0.5
        _ = localizer.string("Share \(share, specifier: "%.1f")")
        _ = localizer.string("Literals \(42) and \(2.5) and \("text")")
        _ = localizer.string("100% of \(name)")
        _ = localizer.string("Converted \(Double(count))")
        [1, 2].forEach { (index: Int) in _ = localizer.string("Row \(index)") }
        _ = localizer.currentSnapshot.string("Snapshot of \(count) at \(price)")
        Basket(items: count, weight: price).describe(localizer)
    }
}
