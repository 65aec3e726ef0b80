import Parlance

/// The rules that compare catalogs with what asks for their keys: code (`unknown-key`,
/// `unused-key`) and component libraries' manifests (`manifest-missing-key`,
/// `manifest-missing-placeholder`).
struct ReferenceCheck {
    let tablesByName: [String: [CheckedTable]]

    init(tables: [CheckedTable]) {
        tablesByName = Dictionary(grouping: tables, by: \.table)
    }

    /// Usages of keys no catalog holds, and keys no usage or manifest asks for.
    ///
    /// Only tables the code uses at least once are searched for unused keys, and never
    /// `InfoPlist`: Interface Builder catalogs and Info.plist keys are read by the system,
    /// not by code a scanner sees.
    func usageFindings(_ usages: [KeyUsage], manifests: [KeyManifestFile]) -> [Finding] {
        var findings: [Finding] = []
        var used: [String: Set<String>] = [:]
        for usage in usages {
            let table = usage.tableName
            used[table, default: []].insert(usage.key)
            let held = tablesByName[table]?.contains { $0.keys[usage.key] != nil } ?? false
            if !held {
                findings.append(Finding(
                    .unknownKey, "the code asks for \(Quoting.quoted(usage.key)), which no \(table) catalog holds.",
                    at: usage.location, table: table, key: usage.key))
            }
        }
        let usedTables = Set(used.keys)
        for manifest in manifests {
            used[manifest.table, default: []].formUnion(manifest.keys.map(\.key))
        }
        for table in usedTables.sorted() where table != "InfoPlist" {
            let keys = used[table] ?? []
            for catalog in tablesByName[table] ?? [] {
                for (key, entry) in catalog.keys where !keys.contains(key) && entry.extractionState != .stale {
                    if let directive = IgnoreDirective(comment: entry.comment), directive.silences(.unusedKey) { continue }
                    findings.append(Finding(
                        .unusedKey, "no code uses \(Quoting.quoted(key)) of the \(table) table.",
                        at: entry.location, table: table, key: key))
                }
            }
        }
        return findings
    }

    /// Keys a manifest declares that the app's tables lack, in any language they hold.
    ///
    /// Unlike `missing-translation`, a String Catalog's source language needs a value too:
    /// manifest keys are identifiers such as `close`, never text to show.
    func manifestFindings(_ manifest: KeyManifestFile) -> [Finding] {
        let tables = tablesByName[manifest.table] ?? []
        let languages = Set(tables.flatMap(\.languages)).subtracting([CheckedTable.unknownLanguage]).sorted()
        var findings: [Finding] = []
        for declared in manifest.keys {
            let (key, location) = (declared.key, declared.location)
            let holding = tables.compactMap { $0.keys[key] }
            let subject = "\(manifest.library) declares \(Quoting.quoted(key))"
            guard !holding.isEmpty else {
                findings.append(Finding(
                    .manifestMissingKey, "\(subject), which no \(manifest.table) catalog holds.",
                    at: location, table: manifest.table, key: key))
                continue
            }
            for language in languages where !holding.contains(where: { $0.values[language] != nil }) {
                findings.append(Finding(
                    .manifestMissingKey, "\(subject), which the \(manifest.table) catalogs do not translate into \(language).",
                    at: location, table: manifest.table, key: key, language: language))
            }
            if !declared.placeholders.isEmpty {
                findings += placeholderFindings(declared, in: holding, manifest: manifest)
            }
        }
        return findings
    }

    /// Translations that drop a `{placeholder}` the manifest declares: the library fills it
    /// in, and users would never see the value. Reported at the translation.
    private func placeholderFindings(
        _ declared: KeyManifestFile.DeclaredKey, in holding: [CheckedKey], manifest: KeyManifestFile
    ) -> [Finding] {
        var findings: [Finding] = []
        for entry in holding {
            if let directive = IgnoreDirective(comment: entry.comment), directive.silences(.manifestMissingPlaceholder) { continue }
            for language in entry.values.keys.sorted() {
                guard let value = entry.values[language] else { continue }
                let used = ValueFacts(value.localization).namedPlaceholders
                let missing = declared.placeholders.filter { !used.contains($0) }
                guard !missing.isEmpty else { continue }
                let names = Quoting.list(missing.map { "{\($0)}" })
                let subject = language == CheckedTable.unknownLanguage
                    ? Quoting.quoted(declared.key) : "\(Quoting.quoted(declared.key)) in \(language)"
                let noun = missing.count == 1 ? "placeholder" : "placeholders"
                findings.append(Finding(
                    .manifestMissingPlaceholder,
                    "\(subject) drops the \(noun) \(names), which \(manifest.library) declares and fills in.",
                    at: value.location, table: manifest.table, key: declared.key, language: language))
            }
        }
        return findings
    }
}
