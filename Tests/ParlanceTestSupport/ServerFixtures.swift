import Foundation
import ParlanceCatalogs

/// What the server integrations' tests (Hummingbird, Vapor, the example server) share: the
/// orders app they localize and the hostile headers every live server must survive.
public enum ServerFixtures {
    /// The orders app's catalog: English, French and German, with one plural,
    /// `order.confirmation` ("%lld order confirmed"). The server tests serve it from a
    /// localizer that starts in English and follows no device.
    public static func ordersCatalog() -> Catalog {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        var confirmation = CatalogEntry()
        confirmation["en"] = .plural([.one: .string("%lld order confirmed"), .other: .string("%lld orders confirmed")])
        confirmation["fr"] = .plural([.one: .string("%lld commande confirmée"), .other: .string("%lld commandes confirmées")])
        confirmation["de"] = .plural([.one: .string("%lld Bestellung bestätigt"), .other: .string("%lld Bestellungen bestätigt")])
        catalog["order.confirmation"] = confirmation
        return catalog
    }

    /// One request's hostile header: its name as HTTP spells it, and its value.
    public struct HostileHeader: Sendable {
        /// The field name, as HTTP spells it (`Accept-Language`, `Cookie`).
        public var name: String
        /// The field value.
        public var value: String
        /// Whether it holds control characters, which some HTTP clients refuse to send.
        public var hasControlCharacters: Bool { value.unicodeScalars.contains { $0.value < 0x20 } }
    }

    /// Headers a live server must answer, each in a request of its own, in a language it has:
    /// a 60,000-byte tag, 5,000 weighted ranges, a control character, 5,000 cookies.
    public static let hostileHeaders: [HostileHeader] = [
        HostileHeader(name: "Accept-Language", value: String(repeating: "x", count: 60_000)),
        HostileHeader(name: "Accept-Language", value: (0..<5_000).map { "q\($0 % 26)z;q=0.\($0 % 9 + 1)" }.joined(separator: ",")),
        HostileHeader(name: "Accept-Language", value: "fr\u{1}, de"),
        HostileHeader(name: "Cookie", value: String(repeating: "a=b; ", count: 5_000) + "lang=fr"),
    ]
}
