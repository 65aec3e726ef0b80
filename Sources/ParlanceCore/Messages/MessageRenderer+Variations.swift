/// Choosing a plural, device or width form.
extension MessageRenderer {
    /// The form for the plural category of the counted argument, in the language being rendered.
    ///
    /// A missing category falls back to `other`, then to the first form in CLDR order, with a diagnostic.
    mutating func pluralForm(_ forms: [PluralCategory: Localization], in scope: Scope) -> Localization? {
        guard !forms.isEmpty else { return nil }
        let category = pluralCategory(in: scope)
        // At most six forms: comparing short names beats hashing them. By index, so only the
        // form chosen is copied out, not each form passed over.
        for index in forms.indices where forms.keys[index].rawValue == category.rawValue { return forms.values[index] }
        if let other = forms[.other] {
            warn("The plural form \"\(category)\" is missing; \"other\" is used.")
            return other
        }
        guard let first = forms.keys.min() else { return nil }
        let missing = category == .other ? "form \"other\" is" : "forms \"\(category)\" and \"other\" are"
        warn("The plural \(missing) missing; \"\(first)\" is used.")
        return forms[first]
    }

    /// The category of the substitution's argument, or at the top level of the first argument that is a number.
    private mutating func pluralCategory(in scope: Scope) -> PluralCategory {
        let operands: PluralOperands?
        if let index = scope.argument {
            guard let argument = argument(index) else {
                reportMissing(index, for: scope.argumentLabel)
                return .other
            }
            operands = pluralOperands(of: argument, in: scope)
            if operands == nil {
                warn("\"\(scope.argumentLabel)\" counts argument \(index), which is \(argument.diagnosticDescription), not a number; \"other\" is used.")
            }
        } else if let offset = arguments.firstIndex(where: { $0.isNumber }) {
            markUsed(offset + 1)
            operands = pluralOperands(of: arguments[offset], in: .top)
        } else {
            warn("No argument is a number to choose a plural form by; \"other\" is used.")
            operands = nil
        }
        guard let operands else { return .other }
        guard let rules = formatter.pluralRules else {
            warn("No plural rules are known for the language \"\(formatter.language)\"; \"other\" is used.")
            return .other
        }
        return rules.category(for: operands)
    }

    /// The operands of an argument as its conversion shows it: `%lld` counts the whole number,
    /// `%.1f` counts the digits written ("1.0" is not "1").
    private mutating func pluralOperands(of argument: MessageArgument, in scope: Scope) -> PluralOperands? {
        switch ConversionKind(type: scope.argumentType) {
        case .signed, .unsigned, .character:
            guard case .value(_, let magnitude, _) = argument.wholeNumber else { return nil }
            return PluralOperands(magnitude)
        case .floatingPoint:
            guard let value = argument.doubleValue else { return nil }
            let specifier = argumentConversion(scope.argumentType, in: scope).specifier
            let text = PrintfFloatingPoint.format(
                value, conversion: specifier.conversion, flags: PrintfFlags(""), width: nil,
                precision: specifier.precision.map { min($0, MessageFormatter.maximumWidth) })
            return PluralOperands(decimalString: text) ?? PluralOperands(value)
        case .text, .unsupported:
            return Self.operands(of: argument)
        }
    }

    /// The operands of an argument counted as it is, which is how a top-level plural counts.
    static func operands(of argument: MessageArgument) -> PluralOperands? {
        switch argument {
        case .int(let value): return PluralOperands(value)
        case .uint(let value): return PluralOperands(value)
        case .double(let value): return PluralOperands(value)
        case .decimal(let value): return PluralOperands(value)
        case .string(let text): return PluralOperands(decimalString: text)
        }
    }

    /// The form for the formatter's device, else `other`, else the first by name (with a diagnostic).
    mutating func deviceForm(_ forms: [DeviceClass: Localization]) -> Localization? {
        if let form = forms[formatter.device] ?? forms[.other] { return form }
        guard let first = forms.keys.min(by: { $0.rawValue < $1.rawValue }) else { return nil }
        let missing = formatter.device == .other ? "" : "\"\(formatter.device)\" or "
        warn("No form for the device \(missing)\"other\"; \"\(first)\" is used.")
        return forms[first]
    }

    /// The widest form no wider than the formatter's width, else the narrowest; the widest when no width is set.
    func widthForm(_ forms: [Int: Localization]) -> Localization? {
        let widths = forms.keys.sorted()
        guard let narrowest = widths.first, let widest = widths.last else { return nil }
        guard let width = formatter.width else { return forms[widest] }
        return forms[widths.last(where: { $0 <= width }) ?? narrowest]
    }
}
