/// `{name}` messages with plural, device and width variations: the form is chosen by a named
/// value, then its placeholders are filled.
extension MessageFormatter {
    /// Renders one language's localization of a key with `{name}` values, as a component
    /// library asks for it (`"{count} selections"`).
    ///
    /// Plural variations choose their form by the value of a placeholder the forms name:
    /// the first `{name}` (in the `other` form, then the others in CLDR order) whose value is a
    /// number, else `values["count"]` when it is one. A `%#@name@` substitution chooses by
    /// `values[name]`, and its form's `%arg` shows that value. Device variations take the
    /// formatter's device; width variations the widest form. A plural with no numeric value to
    /// choose by shows `other`, with a diagnostic.
    ///
    /// ```swift
    /// let forms = Localization.plural([.one: .string("{count} sélection"), .other: .string("{count} sélections")])
    /// MessageFormatter(language: "fr").format(forms, named: ["count": 1]).string   // "1 sélection"
    /// ```
    public func format(_ localization: Localization, named values: [String: MessageArgument]) -> FormattedMessage {
        var diagnostics: [Diagnostic] = []
        let template = namedTemplate(localization, values, depth: 0, diagnostics: &diagnostics) ?? ""
        var message = Self.format(named: template, values)
        message.diagnostics = diagnostics + message.diagnostics
        return message
    }

    /// The deepest variation nesting followed; String Catalogs nest a plural in a device form, no deeper.
    private static let maximumNamedDepth = 8

    private func namedTemplate(
        _ localization: Localization, _ values: [String: MessageArgument], depth: Int, diagnostics: inout [Diagnostic]
    ) -> String? {
        guard depth < Self.maximumNamedDepth else { return nil }
        let form: Localization?
        switch localization.variations {
        case .plural(let forms)?:
            form = pluralForm(forms, values, counting: nil, diagnostics: &diagnostics)
        case .device(let forms)?:
            form = forms[device] ?? forms[.other] ?? forms.min { $0.key.rawValue < $1.key.rawValue }?.value
        case .width(let forms)?:
            form = forms.max { $0.key < $1.key }?.value
        case nil:
            guard let text = localization.stringUnit?.value ?? localization.stringSet?.values.first else { return nil }
            guard let substitutions = localization.substitutions, !substitutions.isEmpty else { return text }
            return substitute(text, substitutions, values, depth: depth, diagnostics: &diagnostics)
        }
        return form.flatMap { namedTemplate($0, values, depth: depth + 1, diagnostics: &diagnostics) }
    }

    /// Each `%#@name@` of `text` replaced by its substitution's form for `values[name]`, with
    /// `%arg` in that form standing for `{name}`. One pass over `text`: a marker inside an
    /// inserted form is not expanded again, so the result grows at most linearly, and past
    /// ``MessageFormatter/maximumSubstitutions`` markers the rest are left as written, with a
    /// diagnostic, as the printf renderer does.
    private func substitute(
        _ text: String, _ substitutions: OrderedMap<String, Substitution>, _ values: [String: MessageArgument],
        depth: Int, diagnostics: inout [Diagnostic]
    ) -> String {
        var replacements: [String: String] = [:]
        var result = ""
        var rest = text[...]
        var expanded = 0
        while let start = rest.firstRange(of: "%#@") {
            result += rest[..<start.lowerBound]
            let nameStart = start.upperBound
            guard let end = rest[nameStart...].firstIndex(of: "@") else {
                rest = rest[start.lowerBound...]
                break
            }
            let name = String(rest[nameStart..<end])
            rest = rest[rest.index(after: end)...]
            guard let substitution = substitutions[name] else {
                result += "%#@\(name)@"
                continue
            }
            guard expanded < Self.maximumSubstitutions else {
                if expanded == Self.maximumSubstitutions {
                    diagnostics.append(Diagnostic(.warning, "More than \(Self.maximumSubstitutions) substitutions; the rest are shown as written."))
                }
                expanded += 1
                result += "%#@\(name)@"
                continue
            }
            expanded += 1
            if let known = replacements[name] {
                result += known
                continue
            }
            var replacement = "{\(name)}"
            if case .plural(let forms)? = substitution.variations,
               let form = pluralForm(forms, values, counting: name, diagnostics: &diagnostics),
               let formText = namedTemplate(form, values, depth: depth + 1, diagnostics: &diagnostics) {
                replacement = formText.replacingAll("%arg", with: "{\(name)}")
            }
            replacements[name] = replacement
            result += replacement
        }
        return result + rest
    }

    /// The plural form for the counting value: `counting` when given (a substitution's name),
    /// else the first placeholder of the forms whose value is a number, else `count`.
    private func pluralForm(
        _ forms: [PluralCategory: Localization], _ values: [String: MessageArgument], counting: String?,
        diagnostics: inout [Diagnostic]
    ) -> Localization? {
        guard !forms.isEmpty else { return nil }
        let ordered = [forms[.other]].compactMap { $0 } + forms.sorted { $0.key < $1.key }.map(\.value)
        var operands: PluralOperands?
        if let counting {
            operands = values[counting].flatMap(MessageRenderer.operands(of:))
        } else {
            search: for form in ordered {
                for name in Self.placeholderNames(in: form, depth: 0) {
                    if let found = values[name].flatMap(MessageRenderer.operands(of:)) {
                        operands = found
                        break search
                    }
                }
            }
            if operands == nil { operands = values["count"].flatMap(MessageRenderer.operands(of:)) }
        }
        var category = PluralCategory.other
        if let operands, let rules = pluralRules {
            category = rules.category(for: operands)
        } else if operands == nil {
            let what = counting.map { "the value \"\($0)\"" } ?? "no placeholder of the plural forms, and no \"count\","
            diagnostics.append(Diagnostic(.warning, "A plural form is chosen by a number, and \(what) holds one; \"other\" is used."))
        } else {
            diagnostics.append(Diagnostic(.warning, "No plural rules are known for the language \"\(language)\"; \"other\" is used."))
        }
        if let form = forms[category] { return form }
        if category != .other, let other = forms[.other] {
            diagnostics.append(Diagnostic(.warning, "The plural form \"\(category)\" is missing; \"other\" is used."))
            return other
        }
        return ordered.first
    }

    /// The `{name}` placeholders a form's text names, in order (nested variations included).
    private static func placeholderNames(in localization: Localization, depth: Int) -> [String] {
        guard depth < maximumNamedDepth else { return [] }
        switch localization.variations {
        // In a fixed order (a dictionary's differs between processes): `other` first, then CLDR's.
        case .plural(let forms)?:
            return forms.sorted { ($0.key == .other ? 0 : 1, $0.key) < ($1.key == .other ? 0 : 1, $1.key) }
                .flatMap { placeholderNames(in: $0.value, depth: depth + 1) }
        case .device(let forms)?:
            return forms.sorted { $0.key.rawValue < $1.key.rawValue }.flatMap { placeholderNames(in: $0.value, depth: depth + 1) }
        case .width(let forms)?:
            return forms.sorted { $0.key > $1.key }.flatMap { placeholderNames(in: $0.value, depth: depth + 1) }
        case nil: return placeholderNames(in: localization.stringUnit?.value ?? "")
        }
    }

    /// The names between single braces of `text` (`{{` is a literal brace).
    static func placeholderNames(in text: String) -> [String] {
        var names: [String] = []
        var utf8 = text.utf8[...]
        while let open = utf8.firstIndex(of: UInt8(ascii: "{")) {
            let next = utf8.index(after: open)
            if next < utf8.endIndex, utf8[next] == UInt8(ascii: "{") {
                utf8 = utf8[utf8.index(after: next)...]
                continue
            }
            guard let close = utf8[next...].firstIndex(where: { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "{") }),
                  utf8[close] == UInt8(ascii: "}") else { break }
            names.append(String(decoding: utf8[next..<close], as: UTF8.self))
            utf8 = utf8[utf8.index(after: close)...]
        }
        return names
    }
}

extension String {
    /// Every occurrence of `target` replaced by `replacement`, without Foundation.
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
