/// The data-model rules a well-formed message must also meet to be valid (the specification's
/// "Data Model Errors"), each reported at the place it is broken.
enum MF2Validation {
    static func firstError(in message: MF2.Message, source parser: MF2Parser) -> MF2.Error? {
        func located(_ kind: MF2.Error.Kind, _ text: String, at offset: Int?) -> MF2.Error {
            guard let offset else { return MF2.Error(kind, text) }
            let (line, column) = parser.place(of: offset)
            return MF2.Error(kind, text, line: line, column: column)
        }
        if let error = duplicateDeclaration(in: message.declarations) {
            return located(.duplicateDeclaration, error.text, at: parser.declarationStarts[safe: error.index])
        }
        if let duplicate = parser.duplicateOption { return duplicate }
        guard case .matcher(let selectors, let variants) = message.body else { return nil }
        for (index, variant) in variants.enumerated() where variant.keys.count != selectors.count {
            return located(
                .variantKeyMismatch,
                "the variant has \(variant.keys.count) key\(variant.keys.count == 1 ? "" : "s") for \(selectors.count) selector\(selectors.count == 1 ? "" : "s")",
                at: parser.variantStarts[safe: index])
        }
        for (index, selector) in selectors.enumerated() where !isAnnotated(selector, in: message.declarations) {
            return located(
                .missingSelectorAnnotation,
                "the selector $\(selector) names no declaration with a function (write .input {$\(selector) :number}, say)",
                at: parser.selectorStarts[safe: index])
        }
        if !variants.contains(where: { $0.keys.allSatisfy { $0 == .catchAll } }) {
            return located(
                .missingFallbackVariant,
                "no variant has only catch-all keys (\(Array(repeating: "*", count: selectors.count).joined(separator: " ")))",
                at: parser.variantStarts.first)
        }
        // A few variants compare pairwise (hashing key lists costs more); many go through a set.
        if variants.count <= 16 {
            for index in variants.indices where variants[..<index].contains(where: { $0.keys == variants[index].keys }) {
                return located(.duplicateVariant, "another variant has the same keys", at: parser.variantStarts[safe: index])
            }
            return nil
        }
        var seen = Set<[MF2.Key]>()
        for (index, variant) in variants.enumerated() where !seen.insert(variant.keys).inserted {
            return located(.duplicateVariant, "another variant has the same keys", at: parser.variantStarts[safe: index])
        }
        return nil
    }

    /// A declaration binding a variable already used by an earlier declaration, or one its
    /// own expression uses.
    static func duplicateDeclaration(in declarations: [MF2.Declaration]) -> (index: Int, text: String)? {
        var seen = Set<String>()
        for (index, declaration) in declarations.enumerated() {
            let name = declaration.name
            if seen.contains(name) {
                return (index, "$\(name) is declared, or used by a declaration, before this")
            }
            var used = variables(in: declaration.expression)
            if case .input = declaration {
                // The operand of `.input` is the variable it declares.
                used.remove(name)
            }
            if used.contains(name) {
                return (index, "the declaration of $\(name) uses $\(name) itself")
            }
            seen.insert(name)
            seen.formUnion(used)
        }
        return nil
    }

    static func variables(in expression: MF2.Expression) -> Set<String> {
        var names = Set<String>()
        if case .variable(let name)? = expression.operand { names.insert(name) }
        for option in expression.function?.options ?? [] {
            if case .variable(let name) = option.value { names.insert(name) }
        }
        return names
    }

    /// Whether `selector` reaches, through declarations, one whose expression has a function.
    static func isAnnotated(_ selector: String, in declarations: [MF2.Declaration]) -> Bool {
        var name = selector
        var steps = 0
        while steps <= declarations.count {
            guard let declaration = declarations.last(where: { $0.name == name }) else { return false }
            let expression = declaration.expression
            if expression.function != nil { return true }
            guard case .local = declaration, case .variable(let next)? = expression.operand else { return false }
            name = next
            steps += 1
        }
        return false
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
