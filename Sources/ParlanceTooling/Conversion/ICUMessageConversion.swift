import Foundation
import Parlance
import ParlanceMessageFormat

/// Converts values between Apple's format strings (String Catalogs, `.strings`,
/// `.stringsdict`) and ICU messages (JSON message catalogs), reporting by key whatever the
/// target cannot hold.
///
/// Apple to ICU: printf conversions become ICU's positional arguments (`%@` → `{0}`, `%lld` →
/// `{0, number, integer}`, `%.2f` → `{0, number, ::.00}`), a plural variation or a `%#@name@`
/// substitution becomes a `plural` argument whose count is `#`, Apple's `zero` form `=0`
/// (Apple chooses it for 0 in every language), and Parlance's `{name}` placeholders stay
/// named arguments. ICU to Apple: the reverse, arguments numbered by their first appearance
/// in the source language's message; `select`, `selectordinal`, `offset:`, exact matches
/// other than `=0`, dates and times have no String Catalog form and are reported.
public enum ICUMessageConversion {
    /// Something a conversion could not carry over, for one key in one language.
    public struct Problem: Hashable, Sendable {
        /// How serious the problem is, as its diagnostic reports it.
        public var severity: Diagnostic.Severity
        /// What the value has that the target cannot hold, and what was written instead.
        public var message: String

        init(_ severity: Diagnostic.Severity, _ message: String) {
            self.severity = severity
            self.message = message
        }
    }

    /// `catalog` (Apple's syntax) with every value an ICU message; the problems by key.
    public static func icuCatalog(from catalog: Catalog) -> (catalog: Catalog, losses: [Diagnostic]) {
        guard catalog.messageSyntax == .apple else { return (catalog, []) }
        var converted = catalog
        converted.messageSyntax = .icu
        converted.version = nil
        var losses: [Diagnostic] = []
        for (key, entry) in catalog.entries {
            var values = OrderedMap<String, Localization>()
            var languages = Array(entry.localizations?.keys ?? [])
            // A String Catalog key with no source value is its own source text.
            if catalog.keyIsSourceText, entry.localizations?[catalog.sourceLanguage] == nil {
                languages.insert(catalog.sourceLanguage, at: 0)
            }
            for language in languages {
                let localization = entry.localizations?[language] ?? .string(key)
                let (message, problems) = icuMessage(from: localization, language: language)
                losses += problems.map { diagnostic($0, table: catalog.table, key: key, language: language) }
                if let message { values[language] = .string(message, state: localization.stringUnit?.state) }
            }
            var entry = entry
            entry.localizations = values.isEmpty ? nil : values
            converted.entries[key] = entry
        }
        return (converted, losses)
    }

    /// `catalog` (ICU messages) in Apple's syntax, each message as a String Catalog holds it;
    /// a value that cannot be held is left out of its language and reported.
    public static func appleCatalog(from catalog: Catalog) -> (catalog: Catalog, losses: [Diagnostic]) {
        guard catalog.messageSyntax == .icu else { return (catalog, []) }
        var converted = catalog
        converted.messageSyntax = .apple
        converted.jsonLayout = nil
        var losses: [Diagnostic] = []
        for (key, entry) in catalog.entries {
            // Arguments are numbered as the source language's message first names them.
            let sourceText = entry.localizations?[catalog.sourceLanguage]?.stringUnit?.value
            let order = sourceText.flatMap { try? ICUMessageFormat.Message(parsing: $0) }.map(argumentOrder(of:)) ?? []
            var values = OrderedMap<String, Localization>()
            for (language, localization) in entry.localizations ?? OrderedMap() {
                guard let text = localization.stringUnit?.value else { continue }
                let (converted, problems) = appleLocalization(fromICU: text, language: language, argumentOrder: order)
                losses += problems.map { diagnostic($0, table: catalog.table, key: key, language: language) }
                if var converted {
                    if let state = localization.stringUnit?.state { converted.stringUnit?.state = state }
                    values[language] = converted
                }
            }
            var entry = entry
            entry.localizations = values.isEmpty ? nil : values
            converted.entries[key] = entry
        }
        return (converted, losses)
    }

    static func diagnostic(_ problem: Problem, table: String, key: String, language: String) -> Diagnostic {
        Diagnostic(problem.severity, "\(table): \(Diagnostic.quoted(key)) in \(language) \(problem.message).")
    }

    /// The printf position of an ICU numbered argument (`{0}` is 1), for names of at most six
    /// digits; a longer run of digits is a name like any other, never a position that overflows.
    static func numberedPosition(_ name: String) -> Int? {
        guard (1...6).contains(name.utf8.count), name.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(name)
        else { return nil }
        return number + 1
    }

    /// The argument names of `message`, in the order they first appear.
    static func argumentOrder(of message: ICUMessageFormat.Message) -> [String] {
        var names: [String] = []
        func walk(_ message: ICUMessageFormat.Message, depth: Int) {
            guard depth <= ICUMessageFormat.Message.maximumDepth else { return }
            for part in message.parts {
                switch part {
                case .argument(let name, _, _):
                    if !names.contains(name) { names.append(name) }
                case .plural(let name, _, _, let cases):
                    if !names.contains(name) { names.append(name) }
                    for choice in cases { walk(choice.message, depth: depth + 1) }
                case .select(let name, let cases):
                    if !names.contains(name) { names.append(name) }
                    for choice in cases { walk(choice.message, depth: depth + 1) }
                case .text, .pound:
                    break
                }
            }
        }
        walk(message, depth: 0)
        return names
    }

    /// One ICU message as Apple's format strings; `nil` when it cannot be held.
    static func appleLocalization(
        fromICU text: String, language: String, argumentOrder: [String]
    ) -> (localization: Localization?, problems: [Problem]) {
        let message: ICUMessageFormat.Message
        do {
            message = try ICUMessageFormat.Message(parsing: text)
        } catch {
            return (nil, [Problem(.error, "is not a valid ICU message (\(error.line):\(error.column): \(error.message)); it is left out")])
        }
        var order = argumentOrder
        for name in Self.argumentOrder(of: message) where !order.contains(name) { order.append(name) }
        // ICU's numbered arguments (`{0}`) become printf specifiers at their position (`%1$@`);
        // named ones stay names, as Parlance's `{name}` placeholders that `string(_:values:)`
        // fills (a named plural is a `%#@name@` substitution, chosen by `values[name]`).
        var positions: [String: Int] = [:]
        for (index, name) in order.enumerated() { positions[name] = numberedPosition(name) ?? index + 1 }
        let numbered = order.filter { numberedPosition($0) != nil }
        var writer = AppleWriter(
            language: language, positions: positions, printf: !numbered.isEmpty,
            positional: numbered.count > 1 || numbered.contains { $0 != "0" })
        let localization = writer.localization(message)
        return (writer.failed ? nil : localization, writer.problems)
    }
}

/// Writes one parsed ICU message in Apple's syntax.
private struct AppleWriter {
    let language: String
    let positions: [String: Int]
    /// Whether the message has printf specifiers (ICU's numbered `{0}`), so `%` in its text is
    /// written `%%`; named arguments are written as Parlance's `{name}` placeholders.
    let printf: Bool
    /// Whether specifiers carry their position (`%2$@`): when there are several arguments.
    let positional: Bool
    var problems: [ICUMessageConversion.Problem] = []
    var failed = false
    private var substitutions = OrderedMap<String, Substitution>()

    init(language: String, positions: [String: Int], printf: Bool, positional: Bool) {
        self.language = language
        self.positions = positions
        self.printf = printf
        self.positional = positional
    }

    /// Whether `name` is written as a `{name}` placeholder rather than a printf specifier.
    private func isNamed(_ name: String) -> Bool { ICUMessageConversion.numberedPosition(name) == nil }

    mutating func localization(_ message: ICUMessageFormat.Message) -> Localization {
        let meaningful = message.parts.filter { if case .text(let text) = $0 { !text.isEmpty } else { true } }
        // A message that is one plural of the first argument is a plural variation of the value.
        if meaningful.count == 1, case .plural(let name, false, 0, let cases) = meaningful[0], positions[name] == 1 {
            var forms: [PluralCategory: Localization] = [:]
            for (category, form) in categories(cases, of: name) {
                forms[category] = .string(text(form, count: isNamed(name) ? "{\(name)}" : specifier(for: name, kind: "lld")))
            }
            return .plural(forms)
        }
        let value = text(message, count: nil)
        var localization = Localization.string(value)
        if !substitutions.isEmpty { localization.substitutions = substitutions }
        return localization
    }

    private func specifier(for name: String, kind: String) -> String {
        let position = positions[name] ?? 1
        return positional ? "%\(position)$\(kind)" : "%\(kind)"
    }

    /// The cases of a plural by Apple's categories: `=0` is Apple's `zero`; other exact values
    /// have no String Catalog form.
    private mutating func categories(_ cases: [ICUMessageFormat.PluralCase], of name: String) -> [(PluralCategory, ICUMessageFormat.Message)] {
        var result: [(PluralCategory, ICUMessageFormat.Message)] = []
        for choice in cases {
            switch choice.selector {
            case .category(let category):
                if !result.contains(where: { $0.0.rawValue == category }) { result.append((PluralCategory(category), choice.message)) }
            case .exact(let value) where value == "0" && !cases.contains(where: { $0.selector == .category("zero") }):
                result.append((.zero, choice.message))
            case .exact(let value):
                problems.append(.init(.error, "has the exact case =\(value) in the plural \(name), which a String Catalog cannot hold; it is left out"))
                failed = true
            }
        }
        return result
    }

    /// The text of `message` with arguments as specifiers; `count` is what `#` becomes.
    private mutating func text(_ message: ICUMessageFormat.Message, count: String?, depth: Int = 0) -> String {
        var output = ""
        for part in message.parts {
            switch part {
            case .text(let text):
                // Printf reads `%` (where the message has specifiers); `{name}` placeholders read `{`.
                var text = text
                if printf { text = text.replacingOccurrences(of: "%", with: "%%") }
                if positions.keys.contains(where: isNamed) {
                    text = text.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
                }
                output += text
            case .pound:
                output += count ?? "#"
            case .argument(let name, let type, let style) where isNamed(name):
                switch (type, style) {
                case (nil, _), (.number?, nil), (.number?, "integer"?):
                    output += "{\(name)}"
                case (.number?, let style?):
                    problems.append(.init(.warning, "formats \(name) as number, \(style), which a {\(name)} placeholder cannot; it is written as {\(name)}"))
                    output += "{\(name)}"
                default:
                    problems.append(.init(.error, "formats \(name) as \(type?.rawValue ?? "")\(style.map { ", " + $0 } ?? ""), which a String Catalog cannot; it is left out"))
                    failed = true
                }
            case .argument(let name, let type, let style):
                switch (type, style) {
                case (nil, _):
                    output += specifier(for: name, kind: "@")
                case (.number?, nil), (.number?, "integer"?):
                    output += specifier(for: name, kind: "lld")
                case (.number?, let style?) where style.hasPrefix("::.") && style.dropFirst(3).allSatisfy({ $0 == "0" }):
                    output += specifier(for: name, kind: ".\(style.count - 3)f")
                default:
                    problems.append(.init(.error, "formats \(name) as \(type?.rawValue ?? "")\(style.map { ", " + $0 } ?? ""), which a String Catalog's specifiers cannot; it is left out"))
                    failed = true
                }
            case .plural(let name, let ordinal, let offset, let cases):
                guard !ordinal, offset == 0, depth == 0 else {
                    let what = ordinal ? "a selectordinal" : offset != 0 ? "a plural with offset:\(offset)" : "a plural inside another"
                    problems.append(.init(.error, "has \(what) (\(name)), which a String Catalog cannot hold; it is left out"))
                    failed = true
                    continue
                }
                var forms: [PluralCategory: Localization] = [:]
                for (category, form) in categories(cases, of: name) {
                    forms[category] = .string(text(form, count: "%arg", depth: depth + 1))
                }
                var substitutionName = name.filter { $0.isLetter || $0.isNumber || $0 == "_" }
                if substitutionName.isEmpty || substitutionName.first?.isNumber == true { substitutionName = "count" + substitutionName }
                while substitutions[substitutionName] != nil { substitutionName += "_" }
                substitutions[substitutionName] = Substitution(
                    argNum: positions[name], formatSpecifier: "lld", variations: .plural(forms))
                output += positional ? "%\(positions[name] ?? 1)$#@\(substitutionName)@" : "%#@\(substitutionName)@"
            case .select(let name, _):
                problems.append(.init(.error, "selects on \(name), which a String Catalog cannot hold; it is left out"))
                failed = true
            }
        }
        return output
    }
}
