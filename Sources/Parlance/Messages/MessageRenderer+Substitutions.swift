/// `%#@name@` substitutions and `%arg`, as `.stringsdict` and String Catalogs define them.
extension MessageRenderer {
    /// Catalogs nest variations a few levels at most; past this a catalog is hostile.
    static let maximumVariationDepth = 32

    /// Renders a localization: its chosen variation, or its string with its substitutions.
    mutating func render(_ localization: Localization, in scope: Scope) {
        var scope = scope
        if let substitutions = localization.substitutions { scope.substitutions = substitutions }
        if let variations = localization.variations {
            render(variations, in: scope)
        } else if let unit = localization.stringUnit {
            render(CompiledTemplate.cached(unit.value), in: scope)
        } else if let first = localization.stringSet?.values.first {
            render(CompiledTemplate.cached(first), in: scope)
        } else {
            output += MessageFormatter.marker
            warn("The localization holds no string.")
        }
    }

    mutating func render(_ variations: Variations, in scope: Scope) {
        guard scope.variationDepth < Self.maximumVariationDepth else {
            output += MessageFormatter.marker
            warn("Variations are nested more than \(Self.maximumVariationDepth) deep; the inner ones are not shown.")
            return
        }
        var inner = scope
        inner.variationDepth += 1
        let chosen: Localization?
        switch variations {
        case .plural(let forms): chosen = pluralForm(forms, in: scope)
        case .device(let forms): chosen = deviceForm(forms)
        case .width(let forms): chosen = widthForm(forms)
        }
        guard let chosen else {
            output += MessageFormatter.marker
            warn("The variations hold no forms.")
            return
        }
        render(chosen, in: inner)
    }

    mutating func renderSubstitution(named name: String, position: Int?, in scope: Scope, next: inout Int) {
        let label = "%" + (position.map { "\($0)$" } ?? "") + "#@" + name + "@"
        // Like any conversion, an unpositioned substitution takes the next argument in turn.
        let slot = position ?? next
        guard let substitution = scope.substitutions?[name] else {
            next = slot + 1
            // The slot is taken either way; the missing substitution is the one problem to report.
            markUsed(slot)
            output += MessageFormatter.marker
            warn("\"\(label)\" names no substitution.")
            return
        }
        let index = substitution.argNum ?? slot
        next = index + 1
        guard scope.depth < MessageFormatter.maximumSubstitutionDepth else {
            output += MessageFormatter.marker
            warn("\"\(label)\" is nested more than \(MessageFormatter.maximumSubstitutionDepth) substitutions deep; it is not expanded.")
            return
        }
        guard substitutionCount < MessageFormatter.maximumSubstitutions else {
            output += MessageFormatter.marker
            warn("The message expands more than \(MessageFormatter.maximumSubstitutions) substitutions; \"\(label)\" is not expanded.")
            return
        }
        substitutionCount += 1
        markUsed(index)
        let inner = Scope(
            substitutions: scope.substitutions, argument: index, argumentType: substitution.formatSpecifier,
            argumentLabel: label, depth: scope.depth + 1, variationDepth: scope.variationDepth)
        guard let variations = substitution.variations else {
            warn("The substitution \"\(name)\" has no variations; its argument is shown alone.")
            var ignored = index
            renderSubstitutedArgument(in: inner, next: &ignored)
            return
        }
        render(variations, in: inner)
    }

    /// `%arg`: the substitution's own argument, formatted by its format specifier.
    mutating func renderSubstitutedArgument(in scope: Scope, next: inout Int) {
        guard let index = scope.argument else {
            output += MessageFormatter.marker
            warn("\"%arg\" stands for a substitution's argument and means nothing outside a substitution.")
            return
        }
        next = index + 1
        let specifier = argumentSpecifier(scope.argumentType, of: scope.argumentLabel)
        place(
            argumentAt: index, as: specifier, flags: PrintfFlags(specifier.flags),
            width: specifier.width, precision: specifier.precision)
    }

    /// The conversion a substitution's `formatSpecifier` (`lld`, `.1f`) describes; `%@` when it describes none.
    mutating func argumentSpecifier(_ type: String, of label: String) -> FormatSpecifier {
        let text = type.hasPrefix("%") ? type : "%" + type
        if case .specifier(let specifier)? = CompiledTemplate.cached(text).tokens.first,
            specifier.text == text, specifier.position == nil, !specifier.hasStarArgument
        {
            return specifier
        }
        warn("The format specifier \"\(type)\" of \"\(label)\" is not a single conversion; the argument is shown as text.")
        return FormatSpecifier(
            position: nil, flags: "", width: nil, precision: nil, widthArgument: nil, precisionArgument: nil,
            length: "", conversion: "@", text: text)
    }
}
