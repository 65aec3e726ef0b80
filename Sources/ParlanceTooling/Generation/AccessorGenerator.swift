import Parlance

/// Generates Swift source with one typed accessor per catalog key.
///
/// Typed keys usually bind a lookup to a bundle fixed at build time, which defeats
/// switching the language at runtime. These accessors store no strings: each one looks its
/// key up when it is called, on `Localizer.shared` or on the localizer passed in, so a switch
/// shows at the next call and a server can pass a per-request one.
///
/// - The root type holds every key in one `IndexedKeys` list (`L10n.parlanceKeys`), and each
///   accessor names its key by position: the snapshot keeps what each position resolved to,
///   so a call hashes no string.
/// - Dotted keys become nested enums: `quiz.title` → `L10n.Quiz.title`. Only keys whose
///   components are all words (letters, digits, `_`, `-`) are split, so a sentence with a
///   full stop stays one accessor.
/// - A key without arguments becomes `static var name: String` plus
///   `static func name(localizer:) -> String`; a key with arguments becomes
///   `static func name(…, localizer: Localizer? = nil) -> String` (`nil`: `Localizer.shared`).
/// - Argument types come from the source-language specifiers (`%d`, `%lld` → `Int`; `%f` →
///   `Double`; `%@` → any `CustomStringConvertible`) and labels from substitution names.
/// - All tables share one namespace; each accessor names its table in the lookup.
public struct AccessorGenerator: Sendable {
    /// The access level of the generated declarations.
    public enum Access: String, Sendable, CaseIterable {
        case `internal`, `public`
    }

    public var access: Access
    /// The name of the root enum.
    public var typeName: String

    public init(access: Access = .internal, typeName: String = "L10n") {
        self.access = access
        self.typeName = typeName
    }

    /// What the generator produced.
    public struct Output: Sendable {
        /// The Swift file's text.
        public var source: String
        /// Keys generated under another name than their own, keys left out, and
        /// arguments whose type could not be told; none of them stop generation.
        public var diagnostics: [Diagnostic]
    }

    /// Generates the accessors for every key of `catalogs`.
    ///
    /// Catalogs with the same table are merged first, so `.lproj` tables read one
    /// language at a time generate one accessor per key. Tables are taken in name order
    /// with `Localizable` first, and keys in code-point order, which decides who keeps a
    /// contested name.
    /// - Parameter catalogs: The catalogs to generate accessors for.
    /// - Returns: The source and what was reported.
    public func generate(_ catalogs: [Catalog]) -> Output {
        var diagnostics: [Diagnostic] = []
        let root = AccessorNamespace(name: typeName, path: typeName)
        var keyList: [IndexedKeys.Table] = []
        var index = 0
        for catalog in Self.merged(catalogs) {
            var tableKeys = IndexedKeys.Table(catalog.table, keys: [])
            defer { if !tableKeys.keys.isEmpty { keyList.append(tableKeys) } }
            for key in catalog.entries.keys.sorted() {
                guard let entry = catalog.entries[key] else { continue }
                let source = entry.localizations?[catalog.sourceLanguage]
                if source?.stringSet != nil, source?.stringUnit == nil, source?.variations == nil {
                    diagnostics.append(Diagnostic(
                        .warning, "\(catalog.table): the key \"\(key)\" is a string set, which has no single value; it has no accessor."))
                    continue
                }
                let signature = AccessorSignature(localization: source, key: key)
                for problem in signature.problems {
                    diagnostics.append(Diagnostic(.warning, "\(catalog.table): in \"\(key)\", \(problem)."))
                }
                var namespace = root
                let components = Self.namespaceComponents(of: key)
                for component in components.dropLast() {
                    namespace = namespace.child(for: component, table: catalog.table, key: key, renames: &diagnostics)
                }
                let accessor = Accessor(
                    name: "", key: key, table: catalog.table, index: index, signature: signature, source: source,
                    sourceLanguage: catalog.sourceLanguage, comment: entry.comment)
                tableKeys.keys.append(key)
                index += 1
                namespace.add(accessor, base: Self.baseName(of: components.last ?? key), renames: &diagnostics)
            }
        }
        var renderer = AccessorRenderer(access: access)
        renderer.renderFile(root, tables: Self.merged(catalogs).map(\.table), keys: keyList)
        return Output(source: renderer.text, diagnostics: diagnostics)
    }

    /// `["quiz", "title"]` for `quiz.title`; the whole key when it is not a dotted path of words.
    static func namespaceComponents(of key: String) -> [String] {
        let components = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let isPath = components.count > 1 && components.allSatisfy { component in
            !component.isEmpty && component.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        }
        return isPath ? components : [key]
    }

    /// The accessor name for a key or its last component: its words, with each
    /// substitution's name standing in for it and other specifiers left out.
    static func baseName(of text: String) -> String {
        var words = ""
        for token in FormatTemplateScanner.tokens(in: text) {
            switch token {
            case .literal(let literal): words += literal
            case .substitution(let name, _): words += " \(name) "
            case .specifier, .substitutedArgument, .percent, .invalid: words += " "
            }
        }
        if let name = SwiftIdentifier.lowerCamel(words) { return name }
        return text.isEmpty ? "emptyKey" : "unnamed"
    }

    /// One catalog per table, `Localizable` first, then by name; a key found in several
    /// catalogs of one table keeps every language any of them has.
    static func merged(_ catalogs: [Catalog]) -> [Catalog] {
        var byTable: [String: Catalog] = [:]
        for catalog in catalogs {
            guard var merged = byTable[catalog.table] else {
                byTable[catalog.table] = catalog
                continue
            }
            for (key, entry) in catalog.entries {
                merged.entries.modify(key, default: CatalogEntry(comment: entry.comment)) { existing in
                    for (language, localization) in entry.localizations ?? [:] where existing[language] == nil {
                        existing[language] = localization
                    }
                }
            }
            byTable[catalog.table] = merged
        }
        return byTable.values.sorted { lhs, rhs in
            if (lhs.table == "Localizable") != (rhs.table == "Localizable") { return lhs.table == "Localizable" }
            return lhs.table < rhs.table
        }
    }
}
