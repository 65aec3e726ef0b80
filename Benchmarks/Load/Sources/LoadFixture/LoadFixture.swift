import Foundation
import Parlance
import ParlanceServer

/// What both load servers serve: one catalog in 20 languages, and the two handlers' bodies.
///
/// The localized handler renders three strings, one plural and one currency amount in the
/// request's language; the fixed handler returns strings of the same shape, unlocalized.
public enum LoadFixture {
    /// The twenty languages `Scripts/load.lua` asks for (the benchmark suite's twenty).
    public static let languages = [
        "ar", "cs", "de", "en", "es", "fr", "he", "hi", "it", "ja",
        "ko", "nl", "pl", "pt-BR", "ru", "sv", "tr", "uk", "zh-Hans", "zh-Hant",
    ]

    /// A word in each language, so values have the scripts and lengths of real ones.
    static let words: [String: (title: String, basket: String, checkout: String, item: String)] = [
        "ar": ("مرحبا", "سلتك", "الدفع", "عنصر"), "cs": ("Vítejte", "Váš košík", "Zaplatit", "položka"),
        "de": ("Willkommen", "Ihr Warenkorb", "Zur Kasse", "Artikel"), "en": ("Welcome", "Your basket", "Check out", "item"),
        "es": ("Bienvenido", "Tu cesta", "Pagar", "artículo"), "fr": ("Bienvenue", "Votre panier", "Payer", "article"),
        "he": ("ברוכים הבאים", "הסל שלך", "לתשלום", "פריט"), "hi": ("स्वागत है", "आपकी टोकरी", "भुगतान", "वस्तु"),
        "it": ("Benvenuto", "Il tuo carrello", "Paga", "articolo"), "ja": ("ようこそ", "カート", "購入手続き", "点"),
        "ko": ("환영합니다", "장바구니", "결제", "개"), "nl": ("Welkom", "Je mandje", "Afrekenen", "artikel"),
        "pl": ("Witamy", "Twój koszyk", "Do kasy", "pozycja"), "pt-BR": ("Bem-vindo", "Sua cesta", "Finalizar", "item"),
        "ru": ("Добро пожаловать", "Ваша корзина", "Оформить", "товар"), "sv": ("Välkommen", "Din korg", "Till kassan", "vara"),
        "tr": ("Hoş geldiniz", "Sepetiniz", "Ödeme", "ürün"), "uk": ("Ласкаво просимо", "Ваш кошик", "Оплатити", "товар"),
        "zh-Hans": ("欢迎", "您的购物篮", "结账", "件"), "zh-Hant": ("歡迎", "您的購物籃", "結帳", "件"),
    ]

    /// The catalog: the handler's four keys and `fillerKeys` more, in every language.
    public static func catalog(fillerKeys: Int = 2_000) -> Catalog {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        var entries: [String: CatalogEntry] = [:]
        for language in languages {
            let word = words[language]!
            let tag = language
            entries["home.title", default: CatalogEntry()][tag] = .string(word.title)
            entries["home.basket", default: CatalogEntry()][tag] = .string(word.basket)
            entries["cart.checkout", default: CatalogEntry()][tag] = .string(word.checkout)
            var forms: [PluralCategory: Localization] = [:]
            for category in PluralCategory.allCLDR { forms[category] = .string("%lld \(word.item)") }
            entries["cart.items", default: CatalogEntry()][tag] = .plural(forms)
            for index in 0..<fillerKeys {
                entries["filler.\(index)", default: CatalogEntry()][tag] = .string("\(word.basket) \(index)")
            }
        }
        for (key, entry) in entries { catalog[key] = entry }
        return catalog
    }

    /// A localizer over ``catalog(fillerKeys:)``, English by default, reading no device state.
    public static func localizer() -> Localizer {
        Localizer(catalogs: [catalog()], configuration: .init(defaultLanguage: "en", preferredLanguages: { [] }, notificationCenter: nil))
    }

    /// A snapshot of each of the twenty languages, in ``languages``' order: the floors hand
    /// them out in turn, negotiating nothing.
    public static func floorSnapshots() -> [LanguageSnapshot] {
        let localizer = localizer()
        return languages.compactMap(Language.init).map { localizer.snapshot(for: $0) }
    }

    /// A French snapshot of ``localizer()``, for the `body` handler, which negotiates nothing.
    public static func frenchSnapshot() -> LanguageSnapshot {
        localizer().snapshot(for: "fr")
    }

    /// The steps a web app would use: a prefix, a cookie, then `Accept-Language`.
    public static func negotiator() -> LanguageNegotiator {
        LanguageNegotiator(localizer: localizer(), steps: [.pathPrefix, .cookie("lang"), .acceptLanguage])
    }

    /// The localized body: three strings, a plural and a currency amount, in `snapshot`'s language.
    public static func localizedBody(_ snapshot: LanguageSnapshot, items: Int = 3) -> String {
        snapshot.string("home.title") + "\n" + snapshot.string("home.basket") + "\n"
            + snapshot.string("cart.checkout") + "\n" + snapshot.string("cart.items", items) + "\n"
            + snapshot.formatter.currency(12.5 * Double(items), code: "EUR") + "\n"
    }

    /// What ``dictionaryBody(_:)`` reads: `snapshot`'s three strings, its plural's `other` form
    /// cut around its `%lld`, and its currency amount written once, as a `[String: String]`.
    public static func dictionaryTable(_ snapshot: LanguageSnapshot, items: Int = 3) -> [String: String] {
        let form = snapshot.string("cart.items")
        let count = form.range(of: "%lld")
        return [
            "home.title": snapshot.string("home.title"), "home.basket": snapshot.string("home.basket"),
            "cart.checkout": snapshot.string("cart.checkout"),
            "cart.items.before": count.map { String(form[..<$0.lowerBound]) } ?? form,
            "cart.items.after": count.map { String(form[$0.upperBound...]) } ?? "",
            "total": snapshot.formatter.currency(12.5 * Double(items), code: "EUR"),
        ]
    }

    /// The localized body as the cheapest hand-rolled localization writes it, for `load-vapor
    /// costs`: dictionary lookups, the count between the two halves of one form (no plural rule
    /// chooses it), the amount written in advance. The floor under the handler's lookups.
    public static func dictionaryBody(_ table: [String: String], items: Int = 3) -> String {
        table["home.title"]! + "\n" + table["home.basket"]! + "\n" + table["cart.checkout"]! + "\n"
            + table["cart.items.before"]! + String(items) + table["cart.items.after"]! + "\n" + table["total"]! + "\n"
    }

    /// The baseline: the same shape of body from fixed strings, nothing localized.
    public static func fixedBody(items: Int = 3) -> String {
        "Welcome" + "\n" + "Your basket" + "\n" + "Check out" + "\n" + "\(items) items" + "\n" + "€37.50" + "\n"
    }

    /// The handler, one of `modes` (`localized` by default), and `--port N` (8080 by default)
    /// from the command line; anything else prints the usage and exits with status 64.
    public static func options(_ arguments: [String], modes: [String]) -> (mode: String, port: Int) {
        let name = arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "load-server"
        func usage(_ problem: String) -> Never {
            let usage = "usage: \(name) [\(modes.joined(separator: "|"))] [--port N]"
            FileHandle.standardError.write(Data("\(name): error: \(problem)\n\(usage)\n".utf8))
            exit(64)
        }
        var mode = "localized", port = 8080
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--port":
                guard let value = rest.popFirst() else { usage("--port needs a value") }
                guard let number = Int(value), (0...65_535).contains(number) else { usage("--port takes 0 to 65535, not \"\(value)\"") }
                port = number
            case _ where modes.contains(argument): mode = argument
            default: usage("unknown argument \"\(argument)\"")
            }
        }
        return (mode, port)
    }
}

/// The cheapest hand-rolled reading of `Accept-Language`, for the load benchmark's
/// `negotiating` floor: the header split at commas, each tag up to its `;` lower-cased and
/// looked up in a dictionary of the twenty languages, then its language subtag alone; the first
/// tag found wins. It reads no weights (a header's order is taken for its preference), knows no
/// CLDR parent, script or alias, and remembers nothing: less than a negotiation must do, so
/// what it costs is less than any negotiation costs.
public struct HandRolledNegotiation: Sendable {
    /// Lower-cased tags (`pt-br`) and language subtags (`pt`), and their place among the languages.
    let positions: [String: Int]

    /// A reader for `languages` (tags as the catalog spells them).
    public init(languages: [String]) {
        var positions: [String: Int] = [:]
        for (index, tag) in languages.enumerated() {
            let lowered = tag.lowercased()
            positions[lowered] = positions[lowered] ?? index
            let language = String(lowered.prefix { $0 != "-" })
            positions[language] = positions[language] ?? index
        }
        self.positions = positions
    }

    /// The place among the languages of the first tag of `header` that names one, or `nil`.
    /// Byte by byte, with no Foundation call (`trimmingCharacters` and `lowercased` cost
    /// microseconds here): each tag lower-cased into a small string, so a lookup allocates nothing.
    public func position(acceptLanguage header: String) -> Int? {
        var header = header
        return header.withUTF8 { bytes -> Int? in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
                // The tag: blanks skipped, up to `;` or a blank.
                var first = start
                while first < end, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first += 1 }
                var last = first
                while last < end, bytes[last] != UInt8(ascii: ";"), bytes[last] != UInt8(ascii: " "), bytes[last] != UInt8(ascii: "\t") {
                    last += 1
                }
                if last > first, last - first <= 15 {
                    let tag = String(unsafeUninitializedCapacity: last - first) { out in
                        for index in first..<last {
                            let byte = bytes[index]
                            out[index - first] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                        }
                        return last - first
                    }
                    if let found = positions[tag] { return found }
                    if let dash = tag.utf8.firstIndex(of: UInt8(ascii: "-")), let found = positions[String(tag[..<dash])] {
                        return found
                    }
                }
                start = end + 1
            }
            return nil
        }
    }
}
