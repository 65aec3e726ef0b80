import Foundation
@_spi(Checking) import Parlance

/// Merges translations from XLIFF or `.po` files back into catalogs, as Xcode's
/// `-importLocalizations` does for String Catalogs.
///
/// - A unit changes its catalog only when its translation differs from the catalog's, or its
///   `state` asks for another review state; so importing an untouched export changes nothing.
/// - A changed translation becomes `translated`, unless the file marks it for review
///   (`needs-…` in XLIFF, `#, fuzzy` in `.po`), which makes it `needs_review`.
/// - A unit with no translation, or an empty one, is passed over.
/// - A translation whose format arguments differ from its source (another kind, one added,
///   or, outside plural forms, one left out) is refused with an error at its line and column.
/// - A unit whose key is not in the table, or that belongs to a key marked `shouldTranslate:
///   false`, is reported as a warning and passed over; so is a file whose table is not there.
public enum TranslationImport {
    /// What an import did: the catalogs with the translations merged in, which of them
    /// changed, and every unit that was refused or matched nothing.
    public struct Result: Sendable {
        /// Every catalog given, changed or not, in the order given.
        public var catalogs: [Catalog]
        /// The tables at least one unit changed.
        public var changedTables: Set<String>
        /// How many units changed a catalog.
        public var updatedUnits: Int
        /// How many units matched a key and changed nothing.
        public var unchangedUnits: Int
        /// Refused units (errors) and units that matched nothing (warnings).
        public var diagnostics: [Diagnostic]

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Merges every file of `document` into the catalog it came from.
    ///
    /// A file's `original` names its catalog: it is matched against `originals` (each
    /// catalog's path, parallel to `catalogs`) exactly, then by path suffix, and failing both,
    /// by table name. Projects with several catalogs of one name (an app's and a widget's
    /// `InfoPlist.xcstrings`) need `originals` to keep them apart.
    public static func merge(_ document: TranslationDocument, into catalogs: [Catalog], originals: [String?] = []) -> Result {
        var result = Result(catalogs: catalogs, changedTables: [], updatedUnits: 0, unchangedUnits: 0, diagnostics: [])
        for (fileIndex, file) in document.files.enumerated() {
            let locations = fileIndex < document.locations.count ? document.locations[fileIndex] : []
            guard let catalogIndex = catalogIndex(for: file, in: catalogs, originals: originals) else {
                result.diagnostics.append(Diagnostic(.warning, "no table \(file.table) for \(file.original); its \(file.units.count) units were not imported.", at: locations.first))
                continue
            }
            // Moved out while it is written, so each entry is written in place, not copied.
            var catalog = result.catalogs[catalogIndex]
            result.catalogs[catalogIndex] = Catalog(table: catalog.table, sourceLanguage: catalog.sourceLanguage)
            var changed = false
            // `pt_BR` and `pt-br` in a file are the catalog's `pt-BR`.
            let language = Self.catalogLanguage(for: file.targetLanguage, in: catalog)
            var bySource: [String: [TranslationUnit]]?
            for (unitIndex, var unit) in file.units.enumerated() {
                let location = unitIndex < locations.count ? locations[unitIndex] : nil
                // gettext tools that drop msgctxt (translate-toolkit's po2xliff and xliff2po) leave
                // the source text as the only key: match it against what an export would write.
                // Only a unit whose id is its source text (a msgid with no msgctxt) is matched so.
                if catalog.entries[unit.key] == nil, catalog.entries[unit.id] == nil, unit.key == unit.source || unit.isPluralForm {
                    if bySource == nil { bySource = sourceIndex(of: catalog, language: language) }
                    // A plural form's key is its entry's msgid; a string's is its source.
                    let candidates = bySource?[sourceKey(unit.isPluralForm ? unit.key : unit.source, unit.path)] ?? []
                    if candidates.count == 1 {
                        unit.key = candidates[0].key
                        unit.path = candidates[0].path
                    } else if candidates.count > 1 {
                        result.diagnostics.append(Diagnostic(.warning, "\"\(unit.id)\" has no key of its own, and its source text is that of \(candidates.count) keys (\(candidates.prefix(3).map { "\"\($0.id)\"" }.joined(separator: ", "))); it was not imported.", at: location))
                        continue
                    }
                }
                switch apply(unit, language: language, to: &catalog) {
                case .changed:
                    result.updatedUnits += 1
                    changed = true
                case .unchanged: result.unchangedUnits += 1
                case .skipped: break
                case .problem(let severity, let message):
                    result.diagnostics.append(Diagnostic(severity, message, at: location))
                }
            }
            if changed { result.changedTables.insert(catalog.table) }
            result.catalogs[catalogIndex] = catalog
        }
        return result
    }

    /// What an export of `catalog` for `language` holds, by source text and plural category,
    /// for units that arrive with no key.
    static func sourceIndex(of catalog: Catalog, language: String) -> [String: [TranslationUnit]] {
        var index: [String: [TranslationUnit]] = [:]
        let units = TranslationExport.file(for: catalog, original: "", language: language, keys: catalog.entries.keys).file.units
        // A plural entry is known by its msgid: the source of its `one` form, else of its first.
        var msgids: [String: String] = [:]
        for unit in units where unit.isPluralForm {
            let base = TranslationUnit(key: unit.key, path: Array(unit.path.dropLast(2)), source: "").id
            if unit.path.last == "one" || msgids[base] == nil { msgids[base] = unit.source }
        }
        for unit in units {
            if unit.isPluralForm {
                let base = TranslationUnit(key: unit.key, path: Array(unit.path.dropLast(2)), source: "").id
                index[sourceKey(msgids[base] ?? unit.source, unit.path), default: []].append(unit)
            } else {
                index[sourceKey(unit.source, unit.path), default: []].append(unit)
            }
        }
        return index
    }

    /// A unit's msgid, with its plural category when it is a plural form.
    static func sourceKey(_ msgid: String, _ path: [String]) -> String {
        path.count >= 2 && path[path.count - 2] == "plural" ? msgid + "\u{0}" + path[path.count - 1] : msgid
    }

    /// The catalog's spelling of `language`, matched without regard to case or `_` against `-`;
    /// `language` itself for a language the catalog does not have yet.
    static func catalogLanguage(for language: String, in catalog: Catalog) -> String {
        func normalized(_ tag: String) -> String { tag.replacingOccurrences(of: "_", with: "-").lowercased() }
        for (_, entry) in catalog.entries where entry.localizations != nil {
            if entry.localizations?[language] != nil { return language }
            break
        }
        let wanted = normalized(language)
        if catalog.sourceLanguage != language, normalized(catalog.sourceLanguage) == wanted { return catalog.sourceLanguage }
        return catalog.languages.first { normalized($0) == wanted } ?? language
    }

    /// The catalog a file's units belong to: by path, then path suffix, then table name.
    static func catalogIndex(for file: TranslationFile, in catalogs: [Catalog], originals: [String?]) -> Int? {
        let paths = catalogs.indices.map { $0 < originals.count ? originals[$0] : nil }
        if let exact = paths.firstIndex(where: { $0 == file.original }) { return exact }
        if let suffix = paths.firstIndex(where: { path in
            guard let path else { return false }
            return path.hasSuffix("/" + file.original) || file.original.hasSuffix("/" + path)
        }) { return suffix }
        return catalogs.firstIndex { $0.table == file.table }
    }

    enum Outcome {
        case changed, unchanged, skipped
        case problem(Diagnostic.Severity, String)
    }

    static func apply(_ unit: TranslationUnit, language: String, to catalog: inout Catalog) -> Outcome {
        var unit = unit
        // A key that itself holds `|==|` ("a|==|b") reads like a variant; the catalog says which it is.
        if !unit.path.isEmpty, catalog.entries[unit.id] != nil,
           catalog.entries[unit.key] == nil || !["plural", "device", "substitutions"].contains(unit.path[0]) {
            unit = TranslationUnit(key: unit.id, source: unit.source, target: unit.target, state: unit.state, note: unit.note)
        }
        // Read what is needed without holding the entry: a copy kept alive would make the
        // write below copy the entry's every language.
        let found = catalog.entries[unit.key].map { (shouldTranslate: $0.shouldTranslate, source: $0.localizations?[catalog.sourceLanguage], target: $0.localizations?[language]) }
        guard let found else {
            return .problem(.warning, "\"\(unit.id)\" matches no key of \(catalog.table); it was not imported.")
        }
        if found.shouldTranslate == false {
            return .problem(.warning, "\"\(unit.key)\" is marked not to be translated; \"\(unit.id)\" was not imported.")
        }
        if let values = unit.targetValues {
            return applyStringSet(values, unit: unit, language: language, to: &catalog)
        }
        guard let target = unit.target, !target.isEmpty else { return .skipped }
        let sourceRoot = found.source
        var localization = found.target
        let current = VariantPath.leaf(in: localization, path: unit.path[...])
        let newState: TranslationState?
        if let current, current.value == target {
            // The text the catalog already has: only a state can change, and the text is not
            // checked again (`check` reports what the catalog holds).
            guard let asked = unit.state, asked != current.state else { return .unchanged }
            newState = asked
        } else {
            newState = unit.state ?? .translated
        }
        do {
            try VariantPath.set(StringUnit(target, state: newState, unknownFields: current?.unknownFields ?? UnknownFields()),
                                in: &localization, path: unit.path[...], source: sourceRoot)
        } catch {
            return .problem(.error, "\"\(unit.id)\" \(error.message) in \(language); it was not imported.")
        }
        if current?.value != target, let localization,
            let mismatch = ImportedArguments.mismatch(localization, at: unit.path, language: language, source: sourceRoot, key: unit.key)
        {
            let sourceText = VariantPath.sourceText(in: sourceRoot, path: unit.path[...]) ?? (unit.path.isEmpty ? unit.key : unit.source)
            return .problem(.error, "the \(language) translation of \"\(unit.id)\" \(mismatch) (source: \(Quoting.quoted(sourceText))); it was not imported.")
        }
        catalog.entries.modify(unit.key, default: CatalogEntry()) { $0[language] = localization }
        return .changed
    }
}

extension TranslationImport {
    /// A string set's phrases replace the translation's, at the top of the key only, as
    /// String Catalogs hold them.
    static func applyStringSet(_ values: [String], unit: TranslationUnit, language: String, to catalog: inout Catalog) -> Outcome {
        guard unit.path.isEmpty else { return .problem(.error, "\"\(unit.id)\" is a string set inside a variant, which String Catalogs do not hold; it was not imported.") }
        guard !values.isEmpty, values.contains(where: { !$0.isEmpty }) else { return .skipped }
        var localization = catalog.entries[unit.key]?.localizations?[language] ?? Localization()
        if localization.stringSet?.values == values, unit.state == nil || unit.state == localization.stringSet?.state { return .unchanged }
        if localization.stringUnit != nil || localization.variations != nil {
            return .problem(.error, "\"\(unit.id)\" is a string set, but the \(language) translation is a string; it was not imported.")
        }
        let state = localization.stringSet?.values == values ? unit.state : (unit.state ?? .translated)
        localization.stringSet = StringSet(values, state: state, unknownFields: localization.stringSet?.unknownFields ?? UnknownFields())
        catalog.entries.modify(unit.key, default: CatalogEntry()) { $0[language] = localization }
        return .changed
    }
}

/// Finding and setting the string unit a variant path names inside a localization.
enum VariantPath {
    struct ShapeError: Error { var message: String }

    /// The string unit at `path`, if the localization has one there.
    static func leaf(in localization: Localization?, path: ArraySlice<String>) -> StringUnit? {
        guard let localization else { return nil }
        guard let kind = path.first else { return localization.stringUnit }
        let rest = path.dropFirst()
        guard let name = rest.first else { return nil }
        switch kind {
        case "plural":
            guard case .plural(let forms)? = localization.variations else { return nil }
            return leaf(in: forms[PluralCategory(name)], path: rest.dropFirst())
        case "device":
            guard case .device(let forms)? = localization.variations else { return nil }
            return leaf(in: forms[DeviceClass(name)], path: rest.dropFirst())
        case "substitutions":
            guard let variations = localization.substitutions?[name]?.variations else { return nil }
            return leaf(in: Localization(variations: variations), path: rest.dropFirst())
        default:
            return nil
        }
    }

    /// The source text a unit at `path` translates, falling back as the export does: a
    /// missing plural category or device to `other`, a missing variation to the string itself.
    static func sourceText(in localization: Localization?, path: ArraySlice<String>) -> String? {
        guard let localization else { return nil }
        guard let kind = path.first, let name = path.dropFirst().first else { return localization.stringUnit?.value }
        let rest = path.dropFirst(2)
        switch (kind, localization.variations) {
        case ("plural", .plural(let forms)?):
            return sourceText(in: forms[PluralCategory(name)] ?? forms[.other], path: rest)
        case ("device", .device(let forms)?):
            return sourceText(in: forms[DeviceClass(name)] ?? forms[.other], path: rest)
        case ("substitutions", _):
            guard let variations = localization.substitutions?[name]?.variations else { return nil }
            return sourceText(in: Localization(variations: variations), path: rest)
        default:
            return sourceText(in: localization, path: rest)
        }
    }

    /// Puts `unit` at `path`, making the variations on the way; a substitution the
    /// translation lacks is made from the source's (its argument and format).
    static func set(_ unit: StringUnit, in localization: inout Localization?, path: ArraySlice<String>, source: Localization?) throws(ShapeError) {
        var value = localization ?? Localization()
        defer { localization = value }
        guard let kind = path.first else {
            if value.variations != nil {
                throw ShapeError(message: "is a plain string, but the translation has variations")
            }
            value.stringUnit = unit
            return
        }
        guard let name = path.dropFirst().first else { throw ShapeError(message: "has an incomplete variant path") }
        let rest = path.dropFirst(2)
        switch kind {
        case "plural":
            guard PluralCategory(name).isCLDR else { throw ShapeError(message: "names \"\(name)\", which is no plural category") }
            var forms: [PluralCategory: Localization] = [:]
            switch value.variations {
            case .plural(let existing)?: forms = existing
            case nil: break
            default: throw ShapeError(message: "is a plural form, but the translation has other variations")
            }
            var form = forms[PluralCategory(name)]
            try set(unit, in: &form, path: rest, source: nil)
            forms[PluralCategory(name)] = form
            value.variations = .plural(forms)
            value.stringUnit = nil
        case "device":
            var forms: [DeviceClass: Localization] = [:]
            switch value.variations {
            case .device(let existing)?: forms = existing
            case nil: break
            default: throw ShapeError(message: "is a device variant, but the translation has other variations")
            }
            var form = forms[DeviceClass(name)]
            let sourceForm: Localization? = if case .device(let sourceForms)? = source?.variations { sourceForms[DeviceClass(name)] } else { nil }
            try set(unit, in: &form, path: rest, source: sourceForm)
            forms[DeviceClass(name)] = form
            value.variations = .device(forms)
            value.stringUnit = nil
        case "substitutions":
            var substitutions = value.substitutions ?? OrderedMap()
            guard var substitution = substitutions[name] ?? source?.substitutions?[name].map({ Substitution(argNum: $0.argNum, formatSpecifier: $0.formatSpecifier) }) else {
                throw ShapeError(message: "names the substitution \"\(name)\", which the source does not have")
            }
            var inner: Localization? = substitution.variations.map { Localization(variations: $0) }
            try set(unit, in: &inner, path: rest, source: nil)
            substitution.variations = inner?.variations
            substitutions[name] = substitution
            value.substitutions = substitutions
        default:
            throw ShapeError(message: "has the variant \"\(kind)\", which String Catalogs do not have")
        }
    }
}

/// A unit's arguments judged by the rule `check` and live updates apply (``ArgumentRule``), in
/// the value the unit makes: only what the unit's own text breaks is reported, so a unit is
/// refused for its text, not for another unit's (or one still to come).
enum ImportedArguments {
    /// What is wrong with the arguments the unit at `path` gives `value`, or `nil` when nothing is.
    /// - Parameters:
    ///   - value: The translation with the unit in it.
    ///   - source: The key's source-language value; `nil` when the key is its own source text.
    static func mismatch(_ value: Localization, at path: [String], language: String, source: Localization?, key: String) -> String? {
        let sourceFacts = source.map { ArgumentFacts($0) } ?? ArgumentFacts(template: key)
        // A source with no arguments is never formatted, so a `%` in it or its translation
        // ("50%-Chance") is text, as `check` takes it.
        if sourceFacts.arguments.isEmpty { return nil }
        var value = value
        // The forms of a substitution come in units of their own, after the text that names
        // it: until they do, the source's stand in for them.
        if value.substitutions == nil, let substitutions = source?.substitutions { value.substitutions = substitutions }
        let facts = ArgumentFacts(value)
        let context = Self.context(of: path)
        if facts.strayArguments.contains(context) { return "uses %arg outside a substitution" }
        // A substitution of the translation's own ("%lld total" as "%#@COUNT@") is defined by
        // units still to come: what it will show cannot be known yet.
        let pending = !facts.undefinedSubstitutions.isEmpty
        let ownUses = facts.uses.filter { $0.context == context }
        for problem in ArgumentRule.problems(facts, language: language, source: sourceFacts) {
            switch problem.kind {
            case .kindMismatch(let number, _, let expected):
                if let use = ownUses.first(where: { $0.number == number && $0.placeholder.kind != expected.kind }) {
                    return "reads argument \(number) as \(use.placeholder.text), another kind than the source's \(expected.text)"
                }
            case .extra(let number, _):
                if let use = ownUses.first(where: { $0.number == number }) {
                    return "uses argument \(number) (\(use.placeholder.text)), which the source does not"
                }
            case .missing(let number, let expected) where path.isEmpty && !pending:
                return "leaves out argument \(number), which the source formats as \(expected.text)"
            case .notShown(let number, let expected) where path.isEmpty && !pending:
                return "never shows argument \(number), which the source shows as \(expected.text)"
            case .formLeavesOut where problem.context == context:
                return problem.message(language: language, sourceLanguage: nil).dropLast().description
            default:
                break
            }
        }
        return nil
    }

    /// The check's name for the variant at `path`: `["plural", "one"]` is `plural "one"`.
    static func context(of path: [String]) -> [String] {
        var context: [String] = []
        var index = 0
        while index + 1 < path.count {
            let name = path[index + 1]
            switch path[index] {
            case "plural": context.append("plural \"\(name)\"")
            case "device": context.append("device \"\(name)\"")
            case "substitutions": context.append("substitution \"\(name)\"")
            default: context.append("\(path[index]) \(name)")
            }
            index += 2
        }
        return context
    }
}
