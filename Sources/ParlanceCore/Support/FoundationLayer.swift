#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ParlanceCatalogs

/// What the core takes from the Foundation layer (the `Parlance` module) when a process links
/// it: rendering ICU MessageFormat values, the language's decimal separator, posting
/// `languageDidChangeNotification`, and each localizer's Observation registrar. The first three
/// need Foundation, and with it ICU on Linux; a process that links only ParlanceCore goes
/// without them (ICU values shown as written with a diagnostic, `.` between the digits of
/// interpolated floating-point values, no notification, nothing registered with Observation).
///
/// The layer installs itself: `Parlance` replaces ``installedFoundationLayer()`` (Swift's
/// dynamic replacement, registered when the image that holds it loads), so a default made
/// inside the core — a ``Localizer/Configuration`` made with no argument, a snapshot built from
/// an ICU catalog — takes the layer without the app doing anything but `import Parlance`.
package protocol FoundationLayer: Sendable {
    /// `source`, an ICU MessageFormat message of `language`'s catalog, parsed once, to render
    /// at each lookup; `pseudo` transforms the formatted text.
    func icuMessage(_ source: String, language: Language, pseudo: PseudoLocalization.Style?) -> any ICUMessageRendering
    /// The separator CLDR gives `language` between a number's integer and fraction digits.
    func decimalSeparator(for language: Language) -> String
    /// Posts the change to the centre `configuration` names (`languageDidChangeNotification`).
    func post(_ change: LanguageChange, from localizer: Localizer, to notifications: Localizer.Configuration.ChangeNotifications)
    /// A new localizer's Observation registrar. (Observation is not Foundation, but it is a
    /// library a launch pays to load, and the layer is where what the core leaves out goes in.)
    func observation() -> any LocalizerObservation
}

/// The Foundation layer when the process links it; `nil` in a process that links only the core.
/// `Parlance` replaces it with `@_dynamicReplacement(for:)`.
package dynamic func installedFoundationLayer() -> (any FoundationLayer)? { nil }

/// The installed layer, asked for once.
package let foundationLayer: (any FoundationLayer)? = installedFoundationLayer()

/// An ICU MessageFormat value as a snapshot renders it. Class-bound, so a message holds it as
/// two words and a lookup tests it for `nil` with one load (an open existential would be five).
package protocol ICUMessageRendering: AnyObject, Sendable {
    /// The message formatted with named values (`{count}`, `{name, select, …}`).
    func format(values: [String: MessageArgument]) -> FormattedMessage
    /// The message formatted with positional values, which ICU names `{0}`, `{1}`, ….
    func format(positional: [MessageArgument]) -> FormattedMessage
}

/// What ICU MessageFormat text means to the core.
package enum ICUMessageSource {
    /// Whether `text`, read as an ICU message, is its own text: no braces, no doubled
    /// apostrophe, and no `%` a printf-style render could read as a specifier.
    package static func isPlain(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "%"): return false
            case UInt8(ascii: "'") where previous == UInt8(ascii: "'"): return false
            default: previous = byte
            }
        }
        return true
    }
}

/// An ICU message in a process without the Foundation layer: shown as written (pseudo-localized
/// when asked), with a diagnostic that says why on every rendering.
final class UnrenderedICUMessage: ICUMessageRendering {
    let text: String
    let diagnostic: Diagnostic

    init(_ source: String, pseudo: PseudoLocalization.Style?) {
        text = pseudo.map { PseudoLocalization.transform(source, style: $0) } ?? source
        diagnostic = Diagnostic(
            .warning,
            "ICU MessageFormat values are rendered by the Parlance module (Foundation's number formatting); "
                + "this process links ParlanceCore alone, so the message is shown as written")
    }

    func format(values: [String: MessageArgument]) -> FormattedMessage {
        FormattedMessage(string: text, diagnostics: [diagnostic])
    }

    func format(positional: [MessageArgument]) -> FormattedMessage {
        FormattedMessage(string: text, diagnostics: [diagnostic])
    }
}

/// An object the Foundation layer makes on first use and the core keeps for it, read without a
/// lock (a snapshot's number and date formatter): the core cannot name its type.
///
/// It holds an object, not any value: reading one back is a check of its class and no copy,
/// where a value in an existential was cast with `swift_dynamicCast` and copied out on every
/// read (0.51% of the localized Vapor load server's samples, 0.09% after; docs/PERFORMANCE.md).
package struct FoundationLayerSlot: ~Copyable, Sendable {
    private let made = OnceReference<any FoundationLayerObject>()

    package init() {}

    /// The object stored, else `make()`'s, stored for the next caller (two racing callers keep
    /// the first stored). A slot holds one class for its whole life; asked for another, it
    /// makes one and does not keep it.
    package func object<Object: AnyObject & Sendable>(make: () -> Object) -> Object {
        if let stored = made.load(), type(of: stored) == Object.self { return unsafeDowncast(stored, to: Object.self) }
        let made = make()
        let kept = self.made.storeIfNil(made)
        return type(of: kept) == Object.self ? unsafeDowncast(kept, to: Object.self) : made
    }
}

/// What a ``FoundationLayerSlot`` holds: an object that may be shared between threads.
package typealias FoundationLayerObject = AnyObject & Sendable
