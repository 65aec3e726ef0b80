import Parlance

/// One generated accessor: a key of one table, under the name it is generated as.
struct Accessor {
    var name: String
    var key: String
    var table: String
    /// The key's position in the generated `IndexedKeys` list.
    var index: Int
    var signature: AccessorSignature
    /// The source-language localization, for the doc comment; `nil` when the key is its own value.
    var source: Localization?
    var sourceLanguage: String
    var comment: String?
}

/// A namespace of the generated code: the root type, or a nested enum for one
/// component of dotted keys (`quiz` in `quiz.title`).
///
/// Accessors and nested namespaces share one set of names, because Swift rejects a
/// nested type and a static member of the same name. A name already taken is never
/// reassigned: the later key (in table, then key order) gets the table's name appended,
/// then a number, so the same catalogs always generate the same names.
final class AccessorNamespace {
    let name: String
    /// The path from the root, for messages: `L10n.Quiz`.
    let path: String
    private(set) var accessors: [Accessor] = []
    private(set) var children: [AccessorNamespace] = []
    private var childByComponent: [String: AccessorNamespace] = [:]
    private var taken: [String: String] = [:]

    init(name: String, path: String) {
        self.name = name
        self.path = path
    }

    /// The nested namespace for a dotted-key component, created on first use.
    func child(for component: String, table: String, key: String, renames: inout [Diagnostic]) -> AccessorNamespace {
        let base = SwiftIdentifier.upperCamel(component) ?? "Namespace"
        if let existing = childByComponent[base] { return existing }
        let name = claim(base, table: table, key: key, renames: &renames)
        let namespace = AccessorNamespace(name: name, path: "\(path).\(name)")
        childByComponent[base] = namespace
        children.append(namespace)
        return namespace
    }

    /// Adds an accessor under `base` or, when that is taken, the first free alternative.
    func add(_ accessor: Accessor, base: String, renames: inout [Diagnostic]) {
        var accessor = accessor
        accessor.name = claim(base, table: accessor.table, key: accessor.key, renames: &renames)
        accessors.append(accessor)
    }

    private func claim(_ base: String, table: String, key: String, renames: inout [Diagnostic]) -> String {
        var candidates = [base]
        if table != "Localizable" { candidates.append(base + (SwiftIdentifier.upperCamel(table) ?? "")) }
        var chosen = candidates.first { taken[$0] == nil && !SwiftIdentifier.reserved.contains($0) }
        var number = 2
        while chosen == nil {
            let candidate = base + String(number)
            if taken[candidate] == nil { chosen = candidate }
            number += 1
        }
        let name = chosen ?? base
        if name != base {
            let reason = taken[base].map { "\(path).\(base) is already \($0)" } ?? "\(base) is reserved in generated code"
            renames.append(Diagnostic(
                .warning, "\(table): the key \"\(key)\" is generated as \(path).\(name), because \(reason)."))
        }
        taken[name] = "\"\(key)\" in \(table)"
        return name
    }
}
