import Foundation
@_spi(Files) import Parlance
@_spi(Files) import ParlanceCatalogWriters

/// Turns catalogs into the units translators see, the way Xcode exports String Catalogs.
///
/// For each key and target language:
/// - a plain string is one unit, its id the key;
/// - plural variations give one unit per category the **target** language's CLDR rules use
///   (`key|==|plural.few`), whether the catalog has a form for it yet or not, and none for a
///   category the language never chooses; the source text of a category the source language
///   lacks is the source's `other` form;
/// - device variations give one unit per device (`key|==|device.ipad`), nested plurals
///   inside them (`key|==|device.ipad.plural.one`);
/// - substitutions give the format as the key's unit and one unit per plural form of each
///   substitution (`key|==|substitutions.count.plural.one`);
/// - keys marked `shouldTranslate: false` are left out;
/// - the key's comment becomes the note of each of its units.
///
/// Where a translation already has a shape (a device variation where the source has a
/// plain string), the units follow the translation, so nothing it holds is left out.
public enum TranslationExport {
    /// The units of `catalog` for `language`, as one file whose `original` is `original`.
    ///
    /// Width variations, which only `.stringsdict` files hold, have no XLIFF form in Xcode;
    /// each key that has one is reported and its width variants are left out.
    ///
    /// Units are in Xcode's order: keys in Finder order (pass `keys` from ``xcodeKeyOrder(of:)``
    /// to sort once for many languages), and each key's variants by path in Finder order
    /// (`plural.few` before `plural.one`).
    public static func file(
        for catalog: Catalog, original: String, language: String, keys: [String]? = nil
    ) -> (file: TranslationFile, losses: [Diagnostic]) {
        var builder = UnitBuilder(language: language, table: catalog.table)
        var order = FinderOrder()
        for key in keys ?? xcodeKeyOrder(of: catalog) {
            guard let entry = catalog.entries[key], entry.shouldTranslate != false else { continue }
            builder.note = entry.comment
            builder.key = key
            let source = entry.localizations?[catalog.sourceLanguage]
            let target = entry.localizations?[language]
            let start = builder.units.count
            builder.emit(path: [], source: source, target: target, sourceText: key)
            let count = builder.units.count - start
            if count > 1 {
                // Take the variants out before sorting them: a slice kept alive across the
                // mutation would make the array copy all its units each time.
                var byPath: [String: TranslationUnit] = [:]
                for unit in builder.units[start...] { byPath[unit.path.joined(separator: ".")] = unit }
                let sorted = order.sorted(Array(byPath.keys)).compactMap { byPath[$0] }
                if sorted.count == count {
                    builder.units.removeLast(count)
                    builder.units.append(contentsOf: sorted)
                }
            }
        }
        return (TranslationFile(original: original, sourceLanguage: catalog.sourceLanguage, targetLanguage: language, units: builder.units), builder.losses)
    }

    /// The catalog's keys in Finder order, as Xcode orders the units of an export.
    public static func xcodeKeyOrder(of catalog: Catalog) -> [String] {
        catalog.entries.keys.sorted(by: FinderOrder.precedes)
    }

    /// The plural categories units are made for in `language`: CLDR's cardinal categories,
    /// or, for a language CLDR has no rules for, `other` and whatever forms the catalog has.
    static func pluralCategories(for language: String, present: some Sequence<PluralCategory>) -> [PluralCategory] {
        if let rules = PluralRules.cardinal(for: language) { return rules.categories }
        var categories = Set(present)
        categories.insert(.other)
        return categories.sorted()
    }
}

private struct UnitBuilder {
    let language: String
    let table: String
    var key = ""
    var note: String?
    var units: [TranslationUnit] = []
    var losses: [Diagnostic] = []
    private var reportedWidth = Set<String>()

    /// The language's CLDR categories, looked up once rather than per key.
    private let languageCategories: [PluralCategory]?

    init(language: String, table: String) {
        self.language = language
        self.table = table
        self.languageCategories = PluralRules.cardinal(for: language)?.categories
    }

    mutating func emit(path: [String], source: Localization?, target: Localization?, sourceText: String) {
        // A translation that exists has its own shape: a plain string over a device-varied
        // source stays one unit, so the text it holds is exported. Without one, the source's.
        let shape = target.map { $0.variations } ?? source?.variations
        if path.isEmpty, shape != nil {
            // Substitutions belong to the key, never to one of its variants, as in Xcode's ids
            // (the key's units are sorted by path afterwards, so the order here does not matter).
            emitSubstitutions(path: [], source: source, target: target)
        }
        switch shape {
        case .plural?:
            let sourceForms = Self.pluralForms(source)
            let targetForms = Self.pluralForms(target)
            let categories = languageCategories ?? TranslationExport.pluralCategories(for: language, present: targetForms.keys)
            for category in categories {
                let sourceForm = sourceForms[category] ?? sourceForms[.other] ?? (sourceForms.isEmpty ? source : nil)
                emit(path: path + ["plural", category.rawValue], source: sourceForm, target: targetForms[category],
                     sourceText: sourceForm?.stringUnit?.value ?? sourceText)
            }
        case .device?:
            let sourceForms = Self.deviceForms(source)
            let targetForms = Self.deviceForms(target)
            let present = Set(sourceForms.keys).union(targetForms.keys)
            let devices = DeviceClass.all.filter(present.contains) + present.subtracting(DeviceClass.all).sorted { $0.rawValue < $1.rawValue }
            for device in devices {
                let sourceForm = sourceForms[device] ?? sourceForms[.other] ?? (sourceForms.isEmpty ? source : nil)
                emit(path: path + ["device", device.rawValue], source: sourceForm, target: targetForms[device],
                     sourceText: sourceForm?.stringUnit?.value ?? sourceText)
            }
        case .width?:
            if reportedWidth.insert(key).inserted {
                losses.append(Diagnostic(.warning, "\(table): \"\(key)\" has width variations, which XLIFF cannot hold; they are left out."))
            }
        case nil where source?.stringSet != nil || target?.stringSet != nil:
            let sourceValues = source?.stringSet?.values ?? [sourceText]
            let targetValues = target?.stringSet?.values
            units.append(TranslationUnit(
                key: key, path: path, source: sourceValues.first ?? sourceText, target: targetValues?.first,
                state: target?.stringSet?.state, note: note, sourceValues: sourceValues, targetValues: targetValues))
        case nil:
            let text = source?.stringUnit?.value ?? sourceText
            units.append(TranslationUnit(
                key: key, path: path, source: text, target: target?.stringUnit?.value,
                state: target?.stringUnit?.state, note: note))
            emitSubstitutions(path: path, source: source, target: target)
        }
    }

    private mutating func emitSubstitutions(path: [String], source: Localization?, target: Localization?) {
        let sourceSubstitutions = source?.substitutions ?? OrderedMap()
        let targetSubstitutions = target?.substitutions ?? OrderedMap()
        var names = sourceSubstitutions.keys
        for name in targetSubstitutions.keys where sourceSubstitutions[name] == nil { names.append(name) }
        for name in names where sourceSubstitutions[name]?.variations != nil || targetSubstitutions[name]?.variations != nil {
            let sourceVariations = sourceSubstitutions[name]?.variations.map { Localization(variations: $0) }
            let targetVariations = targetSubstitutions[name]?.variations.map { Localization(variations: $0) }
            emit(path: path + ["substitutions", name], source: sourceVariations, target: targetVariations,
                 sourceText: "%arg")
        }
    }

    private static func pluralForms(_ localization: Localization?) -> [PluralCategory: Localization] {
        if case .plural(let forms)? = localization?.variations { forms } else { [:] }
    }

    private static func deviceForms(_ localization: Localization?) -> [DeviceClass: Localization] {
        if case .device(let forms)? = localization?.variations { forms } else { [:] }
    }
}
