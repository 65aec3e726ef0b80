#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Everything one language shows, frozen: an immutable, `Sendable` value.
///
/// A ``Localizer`` swaps one snapshot for another when the language changes, so a
/// lookup sees the old language or the new one entirely, never a mix. A server takes
/// the snapshot for each request's language and uses it with no shared mutable state:
///
/// ```swift
/// let strings = try localizer.snapshot(acceptLanguage: request.headers["Accept-Language"])
/// return strings.string("welcome.title")
/// ```
///
/// Each key was resolved when the snapshot was built along the fallback chain
/// (the language, its CLDR parents, the catalogs' source language), so a lookup is
/// one hash-table probe.
public struct LanguageSnapshot: Sendable {
    package let storage: SnapshotStorage
    /// Dates in another zone or calendar than the localizer's, set by
    /// ``formatting(timeZone:calendar:)``; `nil` for the snapshots a localizer hands out.
    package let datesOverride: DatesOverride?

    package init(storage: SnapshotStorage, datesOverride: DatesOverride? = nil) {
        self.storage = storage
        self.datesOverride = datesOverride
    }

    /// The language the snapshot shows.
    public var language: Language { storage.language }

    /// The languages a lookup falls back through, most specific first: the language and
    /// its CLDR parents, the configured default, the catalogs' source languages, then, as
    /// a last resort, every other available language. A key is shown only when none holds it.
    public var fallbackChain: [Language] { storage.chain }

    /// The tables the snapshot holds.
    public var tables: [String] {
        storage.tableNames.sorted()
    }
}

/// What one key resolves to in one snapshot.
enum ResolvedValue: Sendable {
    /// A plain string found in the snapshot's own language.
    case plain(String)
    /// Anything else: a fallback, a message with variations or substitutions.
    case rich(ResolvedMessage)
}

/// A value that needs more than returning a string: it fell back to another language,
/// or it must be rendered with arguments and plural rules.
final class ResolvedMessage: Sendable {
    let localization: Localization
    /// The language whose catalog held the value; plural rules follow it.
    let language: Language
    /// Whether `language` is outside the snapshot language's own CLDR chain (its
    /// parents count as its own: `en-GB` showing an `en` value is by design).
    let isFallback: Bool
    /// The string when the value is a plain string unit.
    let plainValue: String?
    /// What a lookup without arguments returns: the template itself, unformatted, as
    /// `NSLocalizedString` returns a format: the device's variant, a plural's `other`
    /// form, a format's string unit.
    let template: String
    /// How to render it without walking `localization`, when it is a plain plural and the
    /// snapshot that decoded it made a plan (compiled snapshots do).
    let plan: PluralPlan?
    /// The plan made at the first render, for a message that came without one (snapshots
    /// built from catalogs): a plain plural then renders as fast as a compiled one.
    private let madePlan = OnceReference<PluralPlanBox>()

    /// The value as ICU MessageFormat, for a message of an ICU catalog that is more than its
    /// own text; rendering goes through it, and ``template`` is it formatted without values.
    /// The Foundation layer renders it; without the layer it is shown as written.
    let icu: (any ICUMessageRendering)?

    init(
        localization: Localization, language: Language, isFallback: Bool, device: DeviceClass, plan: PluralPlan? = nil,
        syntax: MessageSyntax = .apple, pseudo: PseudoLocalization.Style? = nil
    ) {
        self.localization = localization
        self.language = language
        self.isFallback = isFallback
        self.plan = plan
        if syntax == .icu {
            let text = localization.stringUnit?.value ?? localization.stringSet?.values.first ?? ""
            if pseudo == nil, ICUMessageSource.isPlain(text) {
                icu = nil
                plainValue = text
                template = text
            } else {
                let message = foundationLayer?.icuMessage(text, language: language, pseudo: pseudo)
                    ?? UnrenderedICUMessage(text, pseudo: pseudo)
                icu = message
                plainValue = nil
                template = message.format(values: [:]).string
            }
            return
        }
        icu = nil
        let isPlain = localization.variations == nil && (localization.substitutions?.isEmpty ?? true)
        self.plainValue = isPlain ? (localization.stringUnit?.value ?? localization.stringSet?.values.first) : nil
        self.template = Self.template(of: localization, device: device, depth: 0) ?? ""
    }

    /// The message's plan: the one it came with, else one made now with `formatter` (the
    /// formatter of ``language``) and kept; `nil` when it is not a plain plural.
    @inline(__always)
    func plan(formatter: @autoclosure () -> MessageFormatter) -> PluralPlan? {
        if let plan { return plan }
        if let made = madePlan.load() { return made.plan }
        guard icu == nil, case .plural? = localization.variations else { return nil }
        return madePlan.storeIfNil(PluralPlanBox(PluralPlan(localization, formatter: formatter()))).plan
    }

    private static func template(of localization: Localization, device: DeviceClass, depth: Int) -> String? {
        guard depth < 8 else { return nil }
        switch localization.variations {
        case .plural(let forms)?:
            let form = forms[.other] ?? forms.sorted { $0.key < $1.key }.first?.value
            return form.flatMap { template(of: $0, device: device, depth: depth + 1) }
        case .device(let forms)?:
            let form = forms[device] ?? forms[.other] ?? forms.sorted { $0.key.rawValue < $1.key.rawValue }.first?.value
            return form.flatMap { template(of: $0, device: device, depth: depth + 1) }
        case .width(let forms)?:
            let form = forms.sorted { $0.key > $1.key }.first?.value
            return form.flatMap { template(of: $0, device: device, depth: depth + 1) }
        case nil:
            return localization.stringUnit?.value ?? localization.stringSet?.values.first
        }
    }
}

/// A plan, or the finding that a message has none, stored once.
final class PluralPlanBox: Sendable {
    let plan: PluralPlan?
    init(_ plan: PluralPlan?) { self.plan = plan }
}

/// The shared storage of a snapshot.
package final class SnapshotStorage: Sendable {
    /// Where a snapshot's values live: one of two modes, fixed when it is built. Each payload
    /// is one reference, so a lookup that switches on the mode borrows it and copies nothing.
    enum Tables: Sendable {
        /// Built from catalogs: every table resolved into a dictionary.
        case resolved(ResolvedTables)
        /// Built from compiled catalogs: the files probed in place.
        case compiled(CompiledSnapshotTables)

        /// Tables resolved from catalogs.
        static func resolved(_ tables: [String: [String: ResolvedValue]]) -> Tables {
            .resolved(ResolvedTables(tables))
        }
    }

    /// Tables resolved from catalogs, with the `Localizable` table kept apart so a lookup in
    /// it skips the table probe.
    final class ResolvedTables: Sendable {
        let all: [String: [String: ResolvedValue]]
        let defaultTable: [String: ResolvedValue]

        init(_ tables: [String: [String: ResolvedValue]]) {
            all = tables
            defaultTable = tables[LanguageSnapshot.defaultTable] ?? [:]
        }
    }

    package let language: Language
    let chain: [Language]
    let tables: Tables
    let device: DeviceClass
    let reporter: MissingKeyReporter?
    /// The zone and calendar the Foundation layer's formatter writes dates in.
    package let dates: DateSettings
    /// The languages whose message formatters ``formatters`` makes: the snapshot's own, then
    /// those that may supply a value.
    private let formattingLanguages: [Language]
    /// Message formatters for every language of the chain, made at the first message and kept:
    /// choosing plural rules by tag costs far more than a lookup, and a launch that shows only
    /// plain strings should not pay for it.
    var formatters: MessageFormatters {
        if let made = madeFormatters.load() { return made }
        return madeFormatters.storeIfNil(MessageFormatters(languages: formattingLanguages, device: device))
    }
    private let madeFormatters = OnceReference<MessageFormatters>()

    /// The message formatters of a snapshot's languages.
    final class MessageFormatters: Sendable {
        /// The formatter of the snapshot's own language, which most messages use.
        let own: MessageFormatter
        let byLanguage: [Language: MessageFormatter]

        /// `languages` starts with the snapshot's own.
        init(languages: [Language], device: DeviceClass) {
            var formatters: [Language: MessageFormatter] = [:]
            for language in languages where formatters[language] == nil {
                formatters[language] = MessageFormatter(language: language.identifier, device: device)
            }
            byLanguage = formatters
            own = formatters[languages[0]] ?? MessageFormatter(language: languages[0].identifier, device: device)
        }
    }
    /// The Foundation layer's number, date and list formatter of the language, made there on
    /// first use and kept here: finding a locale's data reads ICU's tables, which a launch that
    /// shows only strings should not pay for.
    package let formatterSlot = FoundationLayerSlot()
    /// The language's decimal separator (CLDR's, through the Foundation layer; `.` without it),
    /// read the first time an interpolated key renders a floating-point value.
    var decimalSeparator: String {
        if let made = madeDecimalSeparator.load() { return made.separator }
        let separator = foundationLayer?.decimalSeparator(for: language) ?? "."
        return madeDecimalSeparator.storeIfNil(SeparatorBox(separator.isEmpty ? "." : separator)).separator
    }
    private let madeDecimalSeparator = OnceReference<SeparatorBox>()

    private final class SeparatorBox: Sendable {
        let separator: String
        init(_ separator: String) { self.separator = separator }
    }
    /// The positions of ``IndexedKeys`` lists resolved so far.
    let indexedPlaces = IndexedPlaces()

    init(
        language: Language, chain: [Language], tables: Tables,
        device: DeviceClass, reporter: MissingKeyReporter?, dates: DateSettings, formattingLanguages: [Language]? = nil
    ) {
        self.language = language
        self.chain = chain
        self.tables = tables
        self.device = device
        self.reporter = reporter
        self.dates = dates
        // Only the languages that supplied a value: a chain ends with every available language.
        self.formattingLanguages = [language] + (formattingLanguages ?? chain)
    }

    func messageFormatter(for candidate: Language) -> MessageFormatter {
        let formatters = formatters
        // The snapshot's own language first, compared by tag: a dictionary probe would hash the
        // whole `Language` on every message.
        if candidate.identifier == language.identifier { return formatters.own }
        return formatters.byLanguage[candidate] ?? MessageFormatter(language: candidate.identifier, device: device)
    }

    /// The value of `key` in `table` without arguments: one hash probe.
    @inline(__always)
    func string(_ key: String, table: String, default defaultValue: String?) -> String {
        switch value(key, table: table) {
        case .plain(let value)?:
            return value
        case .rich(let message)?:
            if message.isFallback { reportMissing(key, table: table, resolvedFrom: message.language) }
            return message.template
        case nil:
            reportMissing(key, table: table, resolvedFrom: nil)
            return defaultValue ?? key
        }
    }

    func reportMissing(_ key: String, table: String, resolvedFrom: Language?) {
        reporter?.report(MissingKey(language: language, table: table, key: key, resolvedFrom: resolvedFrom))
    }

    @inline(__always)
    func value(_ key: String, table: String) -> ResolvedValue? {
        Self.value(key, table: table, in: tables)
    }

    /// The lookup itself, on the mode borrowed: switching on a stored enum by value would
    /// retain and release its payload on every lookup (9 ns, measured).
    @inline(__always)
    private static func value(_ key: String, table: String, in tables: borrowing Tables) -> ResolvedValue? {
        switch tables {
        case .compiled(let compiled):
            return compiled.value(key, table: table)
        case .resolved(let resolved):
            return table == LanguageSnapshot.defaultTable ? resolved.defaultTable[key] : resolved.all[table]?[key]
        }
    }

    /// The compiled files, when the snapshot was built from compiled catalogs.
    var compiled: CompiledSnapshotTables? {
        if case .compiled(let compiled) = tables { compiled } else { nil }
    }

    /// The keys `table` resolves, unsorted.
    func keys(in table: String) -> [String] {
        switch tables {
        case .compiled(let compiled): Array(compiled.keys(in: table))
        case .resolved(let resolved): resolved.all[table].map { Array($0.keys) } ?? []
        }
    }

    /// The names of the tables the snapshot holds, unsorted.
    var tableNames: [String] {
        switch tables {
        case .compiled(let compiled): Array(compiled.tableNames())
        case .resolved(let resolved): Array(resolved.all.keys)
        }
    }

    /// Every table resolved into a dictionary (a compiled snapshot decodes every value).
    func resolvedTables() -> [String: [String: ResolvedValue]] {
        switch tables {
        case .compiled(let compiled): compiled.resolvedTables()
        case .resolved(let resolved): resolved.all
        }
    }
}

extension LanguageSnapshot {
    /// The table lookups use when none is named.
    public static let defaultTable = "Localizable"

    /// Builds the snapshot of `language` from catalogs, resolving every key along `chain`;
    /// the first `ownCount` languages of the chain are the language and its CLDR parents.
    static func build(
        language: Language, chain: [Language], ownCount: Int, catalogs: [Language: [Catalog]],
        device: DeviceClass, reporter: MissingKeyReporter?, dates: DateSettings
    ) -> LanguageSnapshot {
        var tables: [String: [String: ResolvedValue]] = [:]
        // Tags as the catalogs spell them, parsed once per build rather than once per key.
        var parsedTags: [String: Language?] = [:]
        func parsed(_ tag: String) -> Language? {
            if let known = parsedTags[tag] { return known }
            let language = Language(tag)
            parsedTags[tag] = language
            return language
        }
        var suppliers: [Language] = []
        for (index, candidate) in chain.enumerated() {
            for catalog in catalogs[candidate] ?? [] {
                var table = tables[catalog.table] ?? [:]
                for (key, entry) in catalog.entries where table[key] == nil {
                    guard let localization = catalog.localization(of: entry, key: key, in: candidate, parse: parsed) else { continue }
                    let message = ResolvedMessage(
                        localization: localization, language: candidate, isFallback: index >= ownCount, device: device,
                        syntax: catalog.messageSyntax)
                    if candidate == language, let plain = message.plainValue {
                        table[key] = .plain(plain)
                    } else {
                        table[key] = .rich(message)
                    }
                    if !suppliers.contains(candidate) { suppliers.append(candidate) }
                }
                tables[catalog.table] = table
            }
        }
        return LanguageSnapshot(storage: SnapshotStorage(
            language: language, chain: chain, tables: .resolved(tables), device: device, reporter: reporter,
            dates: dates, formattingLanguages: suppliers))
    }
}


/// The snapshots a localizer has made: immutable, replaced whole when one is added, so
/// `snapshot(for:)` reads it without a lock. Small: one entry per available language (plus
/// the default) and per pseudo style.
final class SnapshotCache: Sendable {
    /// The source's languages when the snapshots were made: a reload lists them again.
    let matcher: LanguageMatcher
    let byLanguage: [Language: SnapshotStorage]
    /// The snapshots of the matcher's available languages by their position in
    /// `matcher.available`, as a header's match is found (``LanguageMatcher/bestMatchPosition(acceptLanguage:)``).
    let byPosition: [SnapshotStorage?]
    let byStyle: [PseudoLocalization.Style: SnapshotStorage]

    init(
        matcher: LanguageMatcher, byLanguage: [Language: SnapshotStorage] = [:],
        byStyle: [PseudoLocalization.Style: SnapshotStorage] = [:]
    ) {
        self.matcher = matcher
        self.byLanguage = byLanguage
        self.byPosition = matcher.available.map { byLanguage[$0] }
        self.byStyle = byStyle
    }

    func adding(_ storage: SnapshotStorage, for language: Language) -> SnapshotCache {
        var byLanguage = byLanguage
        byLanguage[language] = storage
        return SnapshotCache(matcher: matcher, byLanguage: byLanguage, byStyle: byStyle)
    }

    func adding(_ storage: SnapshotStorage, for style: PseudoLocalization.Style) -> SnapshotCache {
        var byStyle = byStyle
        byStyle[style] = storage
        return SnapshotCache(matcher: matcher, byLanguage: byLanguage, byStyle: byStyle)
    }
}

/// The time zone and calendar a snapshot's formatter (the Foundation layer's) writes dates in.
package struct DateSettings: Sendable {
    package var timeZone: TimeZone
    /// `nil`: the language's own calendar.
    package var calendar: Calendar.Identifier?

    package init(timeZone: TimeZone, calendar: Calendar.Identifier?) {
        self.timeZone = timeZone
        self.calendar = calendar
    }
}

/// The dates of one snapshot made with ``LanguageSnapshot/formatting(timeZone:calendar:)``,
/// and the Foundation layer's formatter for them, made on first use and shared by the
/// snapshot's copies.
package final class DatesOverride: Sendable {
    package let dates: DateSettings
    package let formatterSlot = FoundationLayerSlot()

    package init(_ dates: DateSettings) { self.dates = dates }
}
