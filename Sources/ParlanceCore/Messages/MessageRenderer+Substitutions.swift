/// `%#@name@` substitutions and `%arg`, as `.stringsdict` and String Catalogs define them.
extension MessageRenderer {
    /// Catalogs nest variations a few levels at most; past this a catalog is hostile.
    static let maximumVariationDepth = 32

    /// Renders a localization: its chosen variation, or its string with its substitutions.
    mutating func render(_ localization: Localization, in scope: Scope) {
        if localization.substitutions != nil {
            // Its own table for its content, then the enclosing one again: swapped, not copied.
            var enclosing = localization.substitutions
            swap(&substitutions, &enclosing)
            renderContent(of: localization, in: scope)
            swap(&substitutions, &enclosing)
        } else {
            renderContent(of: localization, in: scope)
        }
    }

    private mutating func renderContent(of localization: Localization, in scope: Scope) {
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
        guard variationDepth < Self.maximumVariationDepth else {
            output += MessageFormatter.marker
            warn("Variations are nested more than \(Self.maximumVariationDepth) deep; the inner ones are not shown.")
            return
        }
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
        variationDepth += 1
        render(chosen, in: scope)
        variationDepth -= 1
    }

    mutating func renderSubstitution(named name: String, position: Int?, in scope: Scope, next: inout Int) {
        // Like any conversion, an unpositioned substitution takes the next argument in turn.
        let slot = position ?? next
        guard let substitution = substitutions?[name] else {
            next = slot.after
            // The slot is taken either way; the missing substitution is the one problem to report.
            markUsed(slot)
            output += MessageFormatter.marker
            warn("\"\(Scope.label(name, position))\" names no substitution.")
            return
        }
        var index = substitution.argNum ?? slot
        if index < 1 {
            warn("The substitution \"\(name)\" has argNum \(index), but arguments count from 1; its place in the text is used.")
            index = slot
        }
        next = index.after
        guard substitutionDepth < MessageFormatter.maximumSubstitutionDepth else {
            output += MessageFormatter.marker
            warn("\"\(Scope.label(name, position))\" is nested more than \(MessageFormatter.maximumSubstitutionDepth) substitutions deep; it is not expanded.")
            return
        }
        guard substitutionCount < MessageFormatter.maximumSubstitutions else {
            output += MessageFormatter.marker
            warn("The message expands more than \(MessageFormatter.maximumSubstitutions) substitutions; \"\(Scope.label(name, position))\" is not expanded.")
            return
        }
        substitutionCount += 1
        markUsed(index)
        let inner = Scope(
            argument: index, argumentType: substitution.formatSpecifier,
            substitutionName: name, substitutionPosition: position)
        substitutionDepth += 1
        defer { substitutionDepth -= 1 }
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
        next = index.after
        let conversion = argumentConversion(scope.argumentType, in: scope)
        place(
            argumentAt: index, as: conversion, flags: conversion.flags,
            width: conversion.specifier.width, precision: conversion.specifier.precision)
    }

    static let longLongConversion = commonArgumentConversions["lld"] ?? Conversion(FormatSpecifier.objectFallback)
    static let longConversion = commonArgumentConversions["ld"] ?? Conversion(FormatSpecifier.objectFallback)
    static let intConversion = commonArgumentConversions["d"] ?? Conversion(FormatSpecifier.objectFallback)

    /// The types catalogs use often, resolved once.
    static let commonArgumentConversions: [String: Conversion] = {
        var table: [String: Conversion] = [:]
        for type in ["d", "i", "u", "ld", "lu", "lld", "llu", "@", "f", "lf"] {
            if case .specifier(let specifier)? = FormatTemplateScanner.tokens(in: "%" + type).first {
                table[type] = Conversion(specifier)
            }
        }
        return table
    }()

    /// The conversion a substitution's `formatSpecifier` (`lld`, `.1f`) describes; `%@` when it describes none.
    mutating func argumentConversion(_ type: String, in scope: Scope) -> Conversion {
        // The types catalogs write nearly always, without hashing.
        switch type {
        case "lld": return Self.longLongConversion
        case "d": return Self.intConversion
        case "ld": return Self.longConversion
        default: break
        }
        if let common = Self.commonArgumentConversions[type] { return common }
        let text = type.hasPrefix("%") ? type : "%" + type
        if case .specifier(let specifier)? = CompiledTemplate.cached(text).tokens.first,
            specifier.text == text, specifier.position == nil, !specifier.hasStarArgument
        {
            return Conversion(specifier)
        }
        warn("The format specifier \"\(type)\" of \"\(scope.argumentLabel)\" is not a single conversion; the argument is shown as text.")
        var specifier = FormatSpecifier.objectFallback
        specifier.text = text
        return Conversion(specifier)
    }
}

extension FormatSpecifier {
    /// `%@`: what an argument falls back to when its declared type makes no sense.
    static let objectFallback = FormatSpecifier(
        position: nil, flags: "", width: nil, precision: nil, widthArgument: nil, precisionArgument: nil,
        length: "", conversion: "@", text: "%@")
}
