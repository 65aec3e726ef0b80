import Parlance

/// Brings a String Catalog up to date with the keys code uses, the way Xcode does when
/// it builds: new keys are added, keys no longer used are marked stale, keys used again
/// lose their stale mark. Keys added by hand (`manual`) are never touched.
public enum CatalogExtraction {
    /// What an update changed, key by key.
    public struct Report: Hashable, Sendable {
        public var added: [String] = []
        public var markedStale: [String] = []
        public var foundAgain: [String] = []
        /// Keys whose comment or default value changed to what the code now says.
        public var updated: [String] = []
        /// Usages of other tables, which this catalog does not hold.
        public var otherTables: Int = 0
        /// The same key used with different comments or default values: the first use wins.
        public var diagnostics: [Diagnostic] = []

        public init() {}
    }

    /// Updates `catalog` with `usages`.
    ///
    /// A new key gets the code's comment; with a default value it is `extracted_with_value`
    /// and holds that value in the source language in state `new`, as
    /// `String(localized:defaultValue:)` leaves it in Xcode. Without one it gets no
    /// extraction state and no localization: the key is its own source value.
    /// - Parameters:
    ///   - usages: What ``SourceKeyScanner`` found; usages of other tables are counted and skipped.
    ///   - catalog: The catalog to update; its ``/ParlanceCatalogs/Catalog/table`` decides which usages apply.
    /// - Returns: The updated catalog and what changed.
    public static func update(_ catalog: Catalog, with usages: [KeyUsage]) -> (catalog: Catalog, report: Report) {
        var catalog = catalog
        var report = Report()
        var found: [String: KeyUsage] = [:]
        var order: [String] = []
        for usage in usages {
            guard usage.tableName == catalog.table else {
                report.otherTables += 1
                continue
            }
            guard let first = found[usage.key] else {
                found[usage.key] = usage
                order.append(usage.key)
                continue
            }
            if let comment = usage.comment, let earlier = first.comment, comment != earlier {
                report.diagnostics.append(Diagnostic(
                    .warning, "the key \"\(usage.key)\" has the comment \"\(comment)\" here but \"\(earlier)\" at \(first.location); the first is kept.",
                    at: usage.location))
            }
            if let value = usage.defaultValue, let earlier = first.defaultValue, value != earlier {
                report.diagnostics.append(Diagnostic(
                    .warning, "the key \"\(usage.key)\" has the default value \"\(value)\" here but \"\(earlier)\" at \(first.location); the first is kept.",
                    at: usage.location))
            }
            if first.comment == nil || first.defaultValue == nil {
                var merged = first
                merged.comment = first.comment ?? usage.comment
                merged.defaultValue = first.defaultValue ?? usage.defaultValue
                found[usage.key] = merged
            }
        }
        for key in order {
            guard let usage = found[key] else { continue }
            if var entry = catalog.entries[key] {
                apply(usage, to: &entry, sourceLanguage: catalog.sourceLanguage, key: key, report: &report)
                catalog.entries[key] = entry
            } else {
                catalog.entries[key] = newEntry(for: usage, sourceLanguage: catalog.sourceLanguage)
                report.added.append(key)
            }
        }
        for key in catalog.entries.keys where found[key] == nil {
            catalog.entries.modify(key, default: CatalogEntry()) { entry in
                guard isExtracted(entry), entry.extractionState != .stale else { return }
                entry.extractionState = .stale
                report.markedStale.append(key)
            }
        }
        return (catalog, report)
    }

    /// Whether Xcode manages the key from code: everything but hand-added keys.
    static func isExtracted(_ entry: CatalogEntry) -> Bool {
        entry.extractionState != .manual
    }

    private static func newEntry(for usage: KeyUsage, sourceLanguage: String) -> CatalogEntry {
        var entry = CatalogEntry(comment: usage.comment)
        if let value = usage.defaultValue {
            entry.extractionState = .extractedWithValue
            entry[sourceLanguage] = .string(value, state: .new)
        }
        return entry
    }

    private static func apply(
        _ usage: KeyUsage, to entry: inout CatalogEntry, sourceLanguage: String, key: String, report: inout Report
    ) {
        guard isExtracted(entry) else { return }
        if entry.extractionState == .stale {
            entry.extractionState = usage.defaultValue == nil ? nil : .extractedWithValue
            report.foundAgain.append(key)
        }
        var changed = false
        if let comment = usage.comment, entry.comment != comment {
            entry.comment = comment
            entry.isCommentAutoGenerated = nil
            changed = true
        }
        // A default value only replaces a source value nobody has reviewed yet.
        if let value = usage.defaultValue {
            let unit = entry[sourceLanguage]?.stringUnit
            if unit == nil || (unit?.state == .new && unit?.value != value) {
                if entry[sourceLanguage]?.variations == nil {
                    entry[sourceLanguage] = .string(value, state: .new)
                    if entry.extractionState == nil { entry.extractionState = .extractedWithValue }
                    changed = true
                }
            }
        }
        if changed, !report.foundAgain.contains(key) { report.updated.append(key) }
    }
}
