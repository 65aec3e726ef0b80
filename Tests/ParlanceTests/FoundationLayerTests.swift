import Foundation
import ParlanceTestSupport
import Testing
@testable import Parlance
@testable import ParlanceCore

/// The seam between the core and the Foundation layer: installed by linking `Parlance`, and the
/// three things it carries (ICU messages, the decimal separator, notifications) reach the core.
@Suite("The Foundation layer installs itself into the core")
struct FoundationLayerTests {
    @Test("A process that links Parlance has the layer without calling anything")
    func installed() {
        #expect(foundationLayer != nil)
        #expect(foundationLayer is ParlanceFoundationLayer)
    }

    @Test("The separator and ICU messages come from the layer")
    func layerAnswers() throws {
        let layer = try #require(foundationLayer)
        #expect(layer.decimalSeparator(for: "fr") == ",")
        #expect(layer.decimalSeparator(for: "en") == ".")
        let message = layer.icuMessage("{n, plural, one {# fichier} other {# fichiers}}", language: "fr", pseudo: nil)
        #expect(message.format(values: ["n": 2]).string == "2 fichiers")
        #expect(message.format(values: ["n": 2]).diagnostics.isEmpty)
    }

    @Test("Without the layer an ICU message is shown as written, with a diagnostic that says why")
    func unrendered() {
        let message = UnrenderedICUMessage("{n, plural, one {# file} other {# files}}", pseudo: nil)
        let formatted = message.format(values: ["n": 2])
        #expect(formatted.string == "{n, plural, one {# file} other {# files}}")
        #expect(formatted.diagnostics.count == 1)
        #expect(formatted.diagnostics.first?.message.contains("ParlanceCore alone") == true)
        #expect(message.format(positional: [2]).string == formatted.string)
        let pseudo = UnrenderedICUMessage("Settings", pseudo: .accented)
        #expect(pseudo.format(values: [:]).string == PseudoLocalization.transform("Settings", style: .accented))
    }

    @Test("Configuration posts to the default centre unless told otherwise, and keeps a centre of its own")
    func notificationCenters() {
        #expect(Localizer.Configuration().notificationCenter === NotificationCenter.default)
        #expect(Localizer.Configuration(defaultLanguage: "fr").notificationCenter === NotificationCenter.default)
        #expect(Localizer.Configuration(notificationCenter: nil).notificationCenter == nil)
        let center = NotificationCenter()
        var configuration = Localizer.Configuration(defaultLanguage: "fr", notificationCenter: center)
        #expect(configuration.notificationCenter === center)
        configuration.notificationCenter = nil
        #expect(configuration.notificationCenter == nil)
        configuration.notificationCenter = .default
        #expect(configuration.notificationCenter === NotificationCenter.default)
    }

    @Test("A message holds its ICU rendering in two words, so a lookup's nil test is one load")
    func renderingIsClassBound() {
        #expect(MemoryLayout<(any ICUMessageRendering)?>.size == 2 * MemoryLayout<Int>.size)
    }

    @Test("A slot keeps the first object stored and hands it to every later caller")
    func slot() {
        let slot = FoundationLayerSlot()
        let first = slot.object { SlotTestObject(name: "first") }
        #expect(first.name == "first")
        #expect(slot.object { SlotTestObject(name: "second") } === first)
    }

    @Test("A slot asked for another class makes one each time and keeps its own")
    func slotOfAnotherClass() {
        let slot = FoundationLayerSlot()
        let kept = slot.object { SlotTestObject(name: "kept") }
        #expect(slot.object { OtherSlotTestObject() }.number == 7)
        #expect(slot.object { SlotTestObject(name: "later") } === kept)
    }

    @Test("A snapshot's formatter is made once: its copies share one state")
    func formatterMadeOnce() {
        let localizer = Localizer(catalogs: [], configuration: .init(defaultLanguage: "fr", preferredLanguages: { [] }, notificationCenter: nil))
        let snapshot = localizer.snapshot(for: "fr")
        #expect(snapshot.formatter.state === snapshot.formatter.state)
        #expect(snapshot.formatter.locale.identifier.hasPrefix("fr"))
    }
}

/// A `Decimal` read by an integer conversion (`%lld`, `%llu`) drops its fraction toward zero,
/// as a `Double` does; the core reads its digits, FoundationEssentials having no rounding.
@Suite("Decimal arguments of integer conversions")
struct DecimalWholeNumberTests {
    @Test("Toward zero, exactly as the same Double", arguments: ["-3.75", "3.75", "-0.5", "0.5", "-3", "12", "0.001", "-2.000"])
    func towardZero(text: String) throws {
        let decimal = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        let formatter = MessageFormatter(language: "en")
        let fromDecimal = formatter.format("%lld", [.decimal(decimal)])
        let fromDouble = formatter.format("%lld", [.double(try #require(Double(text)))])
        #expect(fromDecimal.string == fromDouble.string)
        #expect(fromDecimal.diagnostics.count == fromDouble.diagnostics.count)
    }

    @Test("The ends of the 64-bit ranges read; one past them is out of range")
    func ranges() throws {
        let formatter = MessageFormatter(language: "en")
        func decimal(_ text: String) throws -> MessageArgument {
            .decimal(try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))))
        }
        #expect(formatter.format("%lld", [try decimal("-9223372036854775808.5")]).string == "-9223372036854775808")
        #expect(formatter.format("%llu", [try decimal("18446744073709551615")]).string == "18446744073709551615")
        let past = formatter.format("%lld", [try decimal("-9223372036854775809")])
        #expect(past.diagnostics.contains { $0.message.contains("64-bit whole number") })
        let beyond = formatter.format("%llu", [try decimal("18446744073709551616")])
        #expect(beyond.diagnostics.contains { $0.message.contains("64-bit whole number") })
    }
}

private final class SlotTestObject: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

private final class OtherSlotTestObject: Sendable {
    let number = 7
}
