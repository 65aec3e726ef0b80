import Parlance

/// Apple's format strings (a String Catalog's values: printf specifiers, plural variations,
/// `%#@name@` substitutions, Parlance's `{name}` placeholders) written as ICU messages.
extension ICUMessageConversion {
    /// `localization` as one ICU message in `language`, and what it could not say; `nil` when
    /// nothing could be written (a string set).
    static func icuMessage(from localization: Localization, language: String) -> (message: String?, problems: [Problem]) {
        var writer = ICUWriter(language: language)
        let message = writer.message(localization)
        return (message, writer.problems)
    }
}

/// Writes one value as ICU text; positional arguments are ICU's `{0}`, `{1}`, ….
private struct ICUWriter {
    let language: String
    var problems: [ICUMessageConversion.Problem] = []

    init(language: String) { self.language = language }

    mutating func message(_ localization: Localization) -> String? {
        if localization.stringSet != nil, localization.stringUnit == nil, localization.variations == nil {
            problems.append(.init(.error, "is a string set, which an ICU message cannot hold; it is left out"))
            return nil
        }
        switch localization.variations {
        case .plural(let forms)?:
            // A plural of the whole value counts by its first integer argument, as Foundation does.
            let other = forms[.other] ?? forms.sorted { $0.key < $1.key }.first?.value
            let count = other.flatMap { countPosition(in: template(of: $0)) } ?? 1
            return plural(argument: count, forms: forms.mapValues { template(of: $0) }, substitutions: localization.substitutions, counted: nil)
        case .device(let forms)?:
            let chosen = forms[.other] ?? forms.sorted { $0.key.rawValue < $1.key.rawValue }.first?.value
            problems.append(.init(.warning, "has device variations, which an ICU message cannot hold; the \(forms[.other] == nil ? "first" : "\"other\"") device's text is written"))
            return chosen.flatMap { message($0) }
        case .width(let forms)?:
            let chosen = forms.sorted { $0.key > $1.key }.first?.value
            problems.append(.init(.warning, "has width variations, which an ICU message cannot hold; the widest is written"))
            return chosen.flatMap { message($0) }
        case nil:
            let text = localization.stringUnit?.value ?? localization.stringSet?.values.first ?? ""
            return convert(text, substitutions: localization.substitutions, counted: nil)
        }
    }

    private func template(of localization: Localization) -> String {
        localization.stringUnit?.value ?? localization.stringSet?.values.first ?? ""
    }

    /// The position of the first integer conversion in `template`.
    private func countPosition(in template: String) -> Int? {
        var next = 1
        for token in FormatTemplateScanner.tokens(in: template) {
            switch token {
            case .specifier(let specifier):
                let position = specifier.position ?? next
                next = position + 1
                if "diouxXDOU".contains(specifier.conversion) { return position }
            case .substitution(_, let position):
                next = (position ?? next) + 1
            default:
                break
            }
        }
        return nil
    }

    /// `{k, plural, =0 {…} one {…} other {…}}`: Apple's `zero` is chosen for 0 in every
    /// language, so it is `=0` where CLDR's rules have no `zero` of their own.
    private mutating func plural(
        argument: Int, forms: [PluralCategory: String], substitutions: OrderedMap<String, Substitution>?, counted: Int?
    ) -> String {
        let rules = PluralRules.cardinal(for: language)
        var cases: [String] = []
        for (category, form) in forms.sorted(by: { $0.key < $1.key }) {
            let selector = category == .zero && !(rules?.categories.contains(.zero) ?? false) ? "=0" : category.rawValue
            cases.append("\(selector) {\(convert(form, substitutions: substitutions, counted: argument))}")
        }
        if forms[.other] == nil {
            problems.append(.init(.error, "has no \"other\" plural form, which ICU requires; the message will not parse until one is added"))
        }
        return "{\(argument - 1), plural, \(cases.joined(separator: " "))}"
    }

    /// Apple text as ICU text: literal text quoted as ICU reads it, `{name}` kept, printf
    /// conversions as arguments, `counted`'s conversion (and `%arg`) as `#`.
    private mutating func convert(_ source: String, substitutions: OrderedMap<String, Substitution>?, counted: Int?, depth: Int = 0) -> String {
        var output = ""
        var next = 1
        for token in FormatTemplateScanner.tokens(in: source) {
            switch token {
            case .literal(let text):
                output += Self.quoted(text, inPlural: counted != nil)
            case .percent:
                output += "%"
            case .substitutedArgument:
                output += counted != nil ? "#" : "{0}"
            case .invalid(let text):
                problems.append(.init(.warning, "has the malformed specifier \"\(text)\", written as text"))
                output += Self.quoted(text, inPlural: counted != nil)
            case .specifier(let specifier):
                let position = specifier.position ?? next
                next = position + 1
                output += argument(specifier, position: position, counted: counted)
            case .substitution(let name, let position):
                let substitution = substitutions?[name]
                // A catalog's argNum is untrusted: one outside printf's positions is not used.
                let declared = substitution?.argNum.flatMap { (1...999_999).contains($0) ? $0 : nil }
                if substitution?.argNum != nil, declared == nil {
                    problems.append(.init(.warning, "gives the substitution \"\(name)\" the argument number \(substitution?.argNum ?? 0), which is no printf position; its place in the text is used"))
                }
                let argument = declared ?? position ?? next
                next = (position ?? next) + 1
                guard let substitution, depth < 8 else {
                    problems.append(.init(.error, "refers to the substitution \"\(name)\", which it does not define; written as {\(argument - 1)}"))
                    output += "{\(argument - 1)}"
                    continue
                }
                switch substitution.variations {
                case .plural(let forms)?:
                    output += plural(argument: argument, forms: forms.mapValues { template(of: $0) }, substitutions: substitutions, counted: argument)
                default:
                    problems.append(.init(.error, "has the substitution \"\(name)\" without plural variations; written as {\(argument - 1)}"))
                    output += "{\(argument - 1)}"
                }
            }
        }
        return output
    }

    private mutating func argument(_ specifier: FormatSpecifier, position: Int, counted: Int?) -> String {
        let name = String(position - 1)
        if !specifier.flags.isEmpty || specifier.width != nil || specifier.hasStarArgument {
            problems.append(.init(.warning, "has the specifier \"\(specifier.text)\", whose flags and width an ICU message cannot hold; they are dropped"))
        }
        switch specifier.conversion {
        case "d", "i", "u", "D", "U":
            return position == counted ? "#" : "{\(name), number, integer}"
        case "f", "F":
            let digits = specifier.precision ?? 6
            return "{\(name), number, ::.\(String(repeating: "0", count: max(0, min(digits, 20))))}"
        case "@", "s", "S":
            return "{\(name)}"
        default:
            problems.append(.init(.error, "has the specifier \"\(specifier.text)\", which ICU MessageFormat cannot write; written as {\(name)}"))
            return "{\(name)}"
        }
    }

    /// Text as ICU reads it back: `'` doubled; braces (outside a `{name}` placeholder) and, in
    /// a plural, `#` inside one quoted run each (`'{}'`), since `''` inside a run is an apostrophe.
    static func quoted(_ text: String, inPlural: Bool) -> String {
        var output = ""
        let scalars = Array(text.unicodeScalars)
        var inQuote = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            var special = scalar == "}" || (scalar == "#" && inPlural)
            if scalar == "{" {
                // Parlance's `{name}` placeholder stays an ICU argument of that name.
                // A name runs while its characters continue an identifier: scanned once, so a
                // run of braces costs no more than its length.
                var close = index + 1
                if close < scalars.count, scalars[close].properties.isXIDStart {
                    while close < scalars.count, scalars[close].properties.isXIDContinue { close += 1 }
                }
                if close > index + 1, close < scalars.count, scalars[close] == "}" {
                    if inQuote { output += "'"; inQuote = false }
                    output += String(String.UnicodeScalarView(scalars[index...close]))
                    index = close + 1
                    continue
                }
                special = true
            }
            if special {
                if !inQuote { output += "'"; inQuote = true }
                output.unicodeScalars.append(scalar)
            } else if scalar == "'" {
                output += "''"
            } else {
                if inQuote { output += "'"; inQuote = false }
                output.unicodeScalars.append(scalar)
            }
            index += 1
        }
        if inQuote { output += "'" }
        return output
    }
}
