import Synchronization
import Foundation

extension Localizer {
    /// Switches to `selection` and remembers it. The next lookup on every thread sees the
    /// new language; observers hear of it afterwards.
    ///
    /// A language with no catalogs of its own resolves through ``LanguageMatcher`` to the
    /// closest available one, else to the configured default.
    public func select(_ selection: LanguageSelection) {
        let target = Self.resolve(selection, matcher: matcher, configuration: configuration)
        let storage = if case .pseudo(let style) = selection { pseudoStorage(style) } else { storage(for: target) }
        let old = state.withLock { state -> Language in
            let old = state.language
            state.selection = selection
            state.language = target
            current.store(Unmanaged.passUnretained(storage), ordering: .releasing)
            return old
        }
        persist(selection)
        announce(LanguageChange(oldLanguage: old, newLanguage: target, selection: selection))
    }

    /// Reads every catalog again (after an update was downloaded, say) and rebuilds the
    /// current snapshot. Lookups go on during the reload and see the old tables until the
    /// new ones are complete.
    public func reload() {
        loadLock.withLock { _ in
            state.withLock { state in
                state.catalogs = [:]
                state.snapshots = [:]
            }
        }
        let (language, selection) = state.withLock { ($0.language, $0.selection) }
        let storage = if case .pseudo(let style) = selection { pseudoStorage(style) } else { storage(for: language) }
        state.withLock { state in
            if state.language == language {
                current.store(Unmanaged.passUnretained(storage), ordering: .releasing)
            }
        }
    }

    /// The snapshot of `language`, loading its tables if this is their first use.
    public func snapshot(for language: Language) -> LanguageSnapshot {
        LanguageSnapshot(storage: storage(for: language))
    }

    /// The snapshot for the best language an HTTP `Accept-Language` header names among
    /// those available, else the configured default.
    public func snapshot(acceptLanguage header: String?) -> LanguageSnapshot {
        let preferred = header.map(AcceptLanguage.languages(from:)) ?? []
        return snapshot(for: matcher.bestMatch(for: preferred, default: configuration.defaultLanguage))
    }

    // MARK: Resolution and loading

    static func resolve(_ selection: LanguageSelection, matcher: LanguageMatcher, configuration: Configuration) -> Language {
        switch selection {
        case .language(let language):
            return matcher.match(language) ?? configuration.defaultLanguage
        case .system:
            return matcher.bestMatch(for: configuration.preferredLanguages(), default: configuration.defaultLanguage)
        case .pseudo(let style):
            return Language(style.defaultLanguage) ?? configuration.defaultLanguage
        }
    }

    /// The pseudo-language snapshot of `style`, made once from the source language's
    /// snapshot. Plural rules stay the source language's, so forms are chosen as there.
    func pseudoStorage(_ style: PseudoLocalization.Style) -> SnapshotStorage {
        let pseudoLanguage = Language(style.defaultLanguage) ?? configuration.defaultLanguage
        if let cached = state.withLock({ $0.snapshots[pseudoLanguage] }) { return cached }
        let current = currentStorage
        let base = storage(for: current.chain.last ?? current.language)
        var tables: [String: [String: ResolvedValue]] = [:]
        for (table, values) in base.tables {
            tables[table] = values.mapValues { value in
                switch value {
                case .plain(let text):
                    return .plain(PseudoLocalization.transform(text, style: style))
                case .rich(let message):
                    return .rich(ResolvedMessage(
                        localization: PseudoLocalization.transform(message.localization, style: style),
                        language: message.language, isFallback: false, device: configuration.device))
                }
            }
        }
        let storage = SnapshotStorage(
            language: pseudoLanguage, chain: base.chain, tables: tables, device: configuration.device, reporter: reporter)
        state.withLock { state in
            state.snapshots[pseudoLanguage] = storage
            state.retained.append(storage)
        }
        return storage
    }

    func storage(for language: Language) -> SnapshotStorage {
        if let cached = state.withLock({ $0.snapshots[language] }) { return cached }
        return loadLock.withLock { _ -> SnapshotStorage in
            if let cached = state.withLock({ $0.snapshots[language] }) { return cached }
            var chain = matcher.fallbackChain(for: language)
            let ownCount = chain.count
            var catalogs: [Language: [Catalog]] = [:]
            var index = 0
            while index < chain.count {
                let candidate = chain[index]
                let loaded = loadCatalogs(for: candidate)
                catalogs[candidate] = loaded
                // The catalogs' source languages end every chain.
                for catalog in loaded {
                    if let sourceLanguage = Language(catalog.sourceLanguage), !chain.contains(sourceLanguage) {
                        chain.append(sourceLanguage)
                    }
                }
                index += 1
            }
            let snapshot = LanguageSnapshot.build(
                language: language, chain: chain, ownCount: ownCount, catalogs: catalogs, device: configuration.device, reporter: reporter)
            state.withLock { state in
                state.snapshots[language] = snapshot.storage
                state.retained.append(snapshot.storage)
            }
            return snapshot.storage
        }
    }

    /// The catalogs of one language, read at most once. Called with `loadLock` held.
    private func loadCatalogs(for language: Language) -> [Catalog] {
        if let cached = state.withLock({ $0.catalogs[language] }) { return cached }
        let catalogs: [Catalog]
        do {
            catalogs = try source.catalogs(for: language)
        } catch {
            let diagnostic = (error as? LocalizationSourceError)?.diagnostic
                ?? Diagnostic(.error, "cannot load the catalogs for \(language): \(error).")
            state.withLock { $0.diagnostics.append(diagnostic) }
            catalogs = []
        }
        state.withLock { $0.catalogs[language] = catalogs }
        return catalogs
    }

    // MARK: The remembered choice

    static func storedSelection(
        _ store: (any LanguagePreferenceStore)?, matcher: LanguageMatcher
    ) -> (LanguageSelection, [Diagnostic]) {
        guard let store else { return (.system, []) }
        let stored: String?
        do {
            stored = try store.load()
        } catch {
            return (.system, [Diagnostic(.warning, "cannot read the stored language choice: \(error); following the device.")])
        }
        guard let stored else { return (.system, []) }
        if ["system", "auto"].contains(stored.lowercased()) { return (.system, []) }
        guard let language = Language(stored) else {
            return (.system, [Diagnostic(.warning, "the stored language choice \"\(stored.prefix(64))\" is no language tag; following the device.")])
        }
        guard matcher.match(language) != nil else {
            return (.system, [Diagnostic(.warning, "the stored language choice \"\(language)\" has no catalogs; following the device.")])
        }
        return (.language(language), [])
    }

    private func persist(_ selection: LanguageSelection) {
        guard let store = configuration.preferenceStore else { return }
        do {
            switch selection {
            case .system: try store.save(nil)
            case .language(let language): try store.save(language.identifier)
            case .pseudo: return
            }
        } catch {
            state.withLock { $0.diagnostics.append(Diagnostic(.warning, "cannot store the language choice: \(error).")) }
        }
    }
}
