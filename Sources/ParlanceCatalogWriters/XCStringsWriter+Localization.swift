import ParlanceCatalogs
extension CatalogTextWriter {
    mutating func writeLocalization(_ localization: Localization) {
        var known: [String] = []
        if localization.stringSet != nil { known.append("stringSet") }
        if localization.stringUnit != nil { known.append("stringUnit") }
        if localization.substitutions != nil { known.append("substitutions") }
        if let variations = localization.variations, writable(variations) { known.append("variations") }
        object(known: known, unknown: localization.unknownFields) { writer, name in
            switch name {
            case "stringSet": writer.writeStringSet(localization.stringSet ?? StringSet([]))
            case "stringUnit": writer.writeStringUnit(localization.stringUnit ?? StringUnit(""))
            case "substitutions": writer.writeSubstitutions(localization.substitutions ?? OrderedMap())
            default: localization.variations.map { writer.writeVariations($0) }
            }
        }
    }

    private mutating func writeStringUnit(_ unit: StringUnit) {
        object(known: unit.state == nil ? ["value"] : ["state", "value"], unknown: unit.unknownFields) { writer, name in
            if name == "state" {
                writer.text.string(unit.state?.rawValue ?? "")
            } else {
                writer.text.string(unit.value)
            }
        }
    }

    private mutating func writeStringSet(_ set: StringSet) {
        object(known: set.state == nil ? ["values"] : ["state", "values"], unknown: set.unknownFields) { writer, name in
            if name == "state" {
                writer.text.string(set.state?.rawValue ?? "")
                return
            }
            writer.text.beginArray()
            for value in set.values {
                writer.text.element()
                writer.text.string(value)
            }
            writer.text.endArray()
        }
    }

    private mutating func writeSubstitutions(_ substitutions: OrderedMap<String, Substitution>) {
        text.beginObject()
        for name in order.sorted(substitutions.keys) {
            guard let substitution = substitutions[name] else { continue }
            text.key(name)
            context.append("substitution \"\(name)\"")
            writeSubstitution(substitution)
            context.removeLast()
        }
        text.endObject()
    }

    private mutating func writeSubstitution(_ substitution: Substitution) {
        var known: [String] = []
        if substitution.argNum != nil { known.append("argNum") }
        known.append("formatSpecifier")
        if let variations = substitution.variations, writable(variations) { known.append("variations") }
        object(known: known, unknown: substitution.unknownFields) { writer, name in
            switch name {
            case "argNum": writer.text.raw(String(substitution.argNum ?? 0))
            case "formatSpecifier": writer.text.string(substitution.formatSpecifier)
            default: substitution.variations.map { writer.writeVariations($0) }
            }
        }
    }

    /// Whether a String Catalog can hold `variations`; reports them when it cannot.
    private mutating func writable(_ variations: Variations) -> Bool {
        guard case .width = variations else { return true }
        let key = context.first.map { "\"\($0)\"" } ?? "a key"
        let place = context.dropFirst().joined(separator: ", ")
        dropped.append(Diagnostic(
            .warning,
            "cannot write the width variations of \(key)\(place.isEmpty ? "" : " (\(place))") "
                + "to a String Catalog; they were left out.",
            at: nil))
        return false
    }

    private mutating func writeVariations(_ variations: Variations) {
        text.beginObject()
        switch variations {
        case .plural(let forms):
            text.key("plural")
            writeCases(forms, kind: "plural")
        case .device(let forms):
            text.key("device")
            writeCases(forms, kind: "device")
        case .width:
            break
        }
        text.endObject()
    }

    private mutating func writeCases<Case: RawRepresentable<String>>(_ cases: [Case: Localization], kind: String) {
        let byName = Dictionary(cases.map { ($0.key.rawValue, $0.value) }, uniquingKeysWith: { first, _ in first })
        text.beginObject()
        for name in order.sorted(Array(byName.keys)) {
            guard let localization = byName[name] else { continue }
            text.key(name)
            context.append("\(kind) \(name)")
            writeLocalization(localization)
            context.removeLast()
        }
        text.endObject()
    }
}
