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
    let storage: SnapshotStorage

    /// The language the snapshot shows.
    public var language: Language { storage.language }

    /// The languages a lookup falls back through, most specific first.
    public var fallbackChain: [Language] { storage.chain }

    /// The tables the snapshot holds.
    public var tables: [String] { storage.tables.keys.sorted() }
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

    init(localization: Localization, language: Language, isFallback: Bool) {
        self.localization = localization
        self.language = language
        self.isFallback = isFallback
        let isPlain = localization.variations == nil && (localization.substitutions?.isEmpty ?? true)
        self.plainValue = isPlain ? (localization.stringUnit?.value ?? localization.stringSet?.values.first) : nil
    }
}

/// The shared storage of a snapshot.
final class SnapshotStorage: Sendable {
    let language: Language
    let chain: [Language]
    let tables: [String: [String: ResolvedValue]]
    /// The `Localizable` table, looked up without a table probe.
    let defaultTable: [String: ResolvedValue]
    let device: DeviceClass
    let reporter: MissingKeyReporter?
    /// Message formatters for every language of the chain, made once: choosing plural
    /// rules by tag costs far more than a lookup.
    let messageFormatters: [Language: MessageFormatter]
    let localeFormatter: LocaleFormatter

    init(
        language: Language, chain: [Language], tables: [String: [String: ResolvedValue]],
        device: DeviceClass, reporter: MissingKeyReporter?
    ) {
        self.language = language
        self.chain = chain
        self.tables = tables
        self.defaultTable = tables[LanguageSnapshot.defaultTable] ?? [:]
        self.device = device
        self.reporter = reporter
        var formatters: [Language: MessageFormatter] = [:]
        for candidate in [language] + chain {
            formatters[candidate] = MessageFormatter(language: candidate.identifier, device: device)
        }
        self.messageFormatters = formatters
        self.localeFormatter = LocaleFormatter(language: language.identifier)
    }

    func messageFormatter(for candidate: Language) -> MessageFormatter {
        messageFormatters[candidate] ?? MessageFormatter(language: candidate.identifier, device: device)
    }

    @inline(__always)
    func value(_ key: String, table: String) -> ResolvedValue? {
        table == LanguageSnapshot.defaultTable ? defaultTable[key] : tables[table]?[key]
    }
}

extension LanguageSnapshot {
    /// The table lookups use when none is named.
    public static let defaultTable = "Localizable"

    /// Builds the snapshot of `language` from catalogs, resolving every key along `chain`;
    /// the first `ownCount` languages of the chain are the language and its CLDR parents.
    static func build(
        language: Language, chain: [Language], ownCount: Int, catalogs: [Language: [Catalog]],
        device: DeviceClass, reporter: MissingKeyReporter?
    ) -> LanguageSnapshot {
        var tables: [String: [String: ResolvedValue]] = [:]
        for (index, candidate) in chain.enumerated() {
            for catalog in catalogs[candidate] ?? [] {
                var table = tables[catalog.table] ?? [:]
                for (key, entry) in catalog.entries where table[key] == nil {
                    guard let localizations = entry.localizations,
                        let localization = localizations.first(where: { Language($0.key) == candidate })?.value,
                        localization.hasContent
                    else { continue }
                    let message = ResolvedMessage(localization: localization, language: candidate, isFallback: index >= ownCount)
                    if candidate == language, let plain = message.plainValue {
                        table[key] = .plain(plain)
                    } else {
                        table[key] = .rich(message)
                    }
                }
                tables[catalog.table] = table
            }
        }
        return LanguageSnapshot(storage: SnapshotStorage(
            language: language, chain: chain, tables: tables, device: device, reporter: reporter))
    }
}

extension Localization {
    /// Whether the localization holds any text at all.
    var hasContent: Bool {
        stringUnit != nil || stringSet != nil || variations != nil
    }
}
