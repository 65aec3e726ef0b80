import Synchronization
import Foundation

extension Localizer {
    /// Switches to `selection` and remembers it. The next lookup on every thread sees the
    /// new language; observers hear of it afterwards.
    ///
    /// A language with no catalogs of its own resolves through ``LanguageMatcher`` to the
    /// closest available one, else to the configured default.
    ///
    /// - Parameters:
    ///   - selection: The language to show, or `.system` to follow the device again.
    ///   - reason: What observers hear caused the change: ``LanguageChange/Reason/selection``
    ///     for the user's own choice, ``LanguageChange/Reason/remote`` for a choice applied
    ///     from elsewhere (profile sync), which a sync never pushes back.
    public func select(_ selection: LanguageSelection, reason: LanguageChange.Reason = .selection) {
        let target = Self.resolve(selection, matcher: matcher, configuration: configuration)
        var switched: (old: Language, replaced: ObjectIdentifier, new: ObjectIdentifier)?
        while switched == nil {
            let generation = state.withLock { $0.generation }
            let storage = if case .pseudo(let style) = selection { pseudoStorage(style) } else { storage(for: target) }
            switched = state.withLock { state in
                // A reload meanwhile: build again from the new catalogs.
                guard state.generation == generation else { return nil }
                let old = state.language
                state.selection = selection
                state.language = target
                // Under the state lock, so the snapshot and the recorded selection never disagree.
                return (old, current.replace(with: storage), ObjectIdentifier(storage))
            }
        }
        guard let switched else { return }
        persist(selection)
        announce(LanguageChange(
            oldLanguage: switched.old, newLanguage: target, selection: selection,
            reason: reason, contentChanged: switched.replaced != switched.new))
    }

    /// Lists the source's languages and reads every catalog again (after an update was
    /// downloaded, say), and rebuilds the current snapshot. Lookups go on during the reload
    /// and see the old tables until the new ones are complete; the old snapshots are freed
    /// once no lookup still reads them. Observers then hear of a ``LanguageChange`` whose
    /// ``LanguageChange/reason`` is ``LanguageChange/Reason/reload``.
    ///
    /// The selection is resolved again against the languages listed now: a language the source
    /// gained (a live update that adds German, say) is shown at once to a user who chose it, or
    /// whose device prefers it; one the source lost gives way as at start-up. The stored choice
    /// is left as it is.
    public func reload() {
        let listed: [Language]
        do {
            listed = try source.availableLanguages()
        } catch {
            state.withLock { $0.append(Diagnostic(.warning, "cannot list the languages again: \(error); keeping the ones listed before.")) }
            listed = availableLanguages
        }
        let matcher = LanguageMatcher(available: listed)
        loadLock.withLock {
            state.withLock { state in
                state.catalogs = [:]
                state.generation &+= 1
                cache.replace(with: SnapshotCache(matcher: matcher))
            }
        }
        while true {
            let (old, selection, generation) = state.withLock { ($0.language, $0.selection, $0.generation) }
            let language = Self.resolve(selection, matcher: self.matcher, configuration: configuration)
            let storage = if case .pseudo(let style) = selection { pseudoStorage(style) } else { storage(for: language) }
            let outcome = state.withLock { state -> Bool? in
                // Another reload meanwhile: build again from its catalogs.
                guard state.generation == generation else { return nil }
                // A switch meanwhile made its own snapshot, from the same catalogs, current.
                guard state.language == old, state.selection == selection else { return false }
                state.language = language
                current.replace(with: storage)
                return true
            }
            guard let outcome else { continue }
            if outcome {
                announce(LanguageChange(
                    oldLanguage: old, newLanguage: language, selection: selection, reason: .reload, contentChanged: true))
            }
            return
        }
    }

    /// The snapshot that serves `language`: the requested tag is matched against the
    /// available languages first (as a selection is), so a server that passes
    /// client-chosen tags gets one snapshot per available language, never one per tag.
    /// A language nothing matches gets the configured default's snapshot, which still
    /// falls back to the catalogs' source languages.
    public func snapshot(for language: Language) -> LanguageSnapshot {
        LanguageSnapshot(storage: storage(for: Self.resolve(.language(language), matcher: matcher, configuration: configuration)))
    }

    /// The snapshot for the best language an HTTP `Accept-Language` header names among
    /// those available, else the configured default.
    public func snapshot(acceptLanguage header: String?) -> LanguageSnapshot {
        snapshot(matchingAcceptLanguage: header ?? "") ?? LanguageSnapshot(storage: storage(for: configuration.defaultLanguage))
    }

    /// The snapshot of the available language an `Accept-Language` header asks for first, or
    /// `nil` when it asks for none of them: a server tries its next way of choosing. The few
    /// headers browsers send are read and matched once (see
    /// ``LanguageMatcher/bestMatch(acceptLanguage:)``, a bounded memo emptied by ``reload()``).
    public func snapshot(matchingAcceptLanguage header: String) -> LanguageSnapshot? {
        // One read of the cache for the match and, once made, its snapshot: this runs per request.
        let (match, cached) = cache.read { cache -> (Language?, SnapshotStorage?) in
            let match = cache.matcher.bestMatch(acceptLanguage: header)
            return (match, match.flatMap { cache.byLanguage[$0] })
        }
        if let cached { return LanguageSnapshot(storage: cached) }
        return match.map { LanguageSnapshot(storage: storage(for: $0)) }
    }

    /// The snapshot of the available language that serves `language` (itself, a CLDR parent,
    /// or the same language in another region), or `nil` when none does: a server tries its
    /// next way of choosing, where ``snapshot(for:)`` would give the default's snapshot.
    public func snapshot(matching language: Language) -> LanguageSnapshot? {
        matcher.match(language).map { LanguageSnapshot(storage: storage(for: $0)) }
    }

    /// The snapshot of the first of `languages` an available language serves, in their order
    /// (what an `Accept-Language` header lists, by weight), or `nil` when none is served.
    public func snapshot(matchingFirstOf languages: [Language]) -> LanguageSnapshot? {
        matcher.bestMatch(for: languages).map { LanguageSnapshot(storage: storage(for: $0)) }
    }

    /// How many snapshots the localizer caches now (for the tests that prove it is bounded).
    var cachedSnapshotCount: Int {
        cache.read { $0.byLanguage.count + $0.byStyle.count }
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

    /// The pseudo-language snapshot of `style`, made once per style from the source
    /// language's snapshot. Plural rules stay the source language's, so forms are chosen as there.
    func pseudoStorage(_ style: PseudoLocalization.Style) -> SnapshotStorage {
        if let cached = cache.read({ $0.byStyle[style] }) { return cached }
        let generation = state.withLock { $0.generation }
        let pseudoLanguage = Language(style.defaultLanguage) ?? configuration.defaultLanguage
        let base = storage(for: sourceLanguages.first ?? configuration.defaultLanguage)
        var tables: [String: [String: ResolvedValue]] = [:]
        for (table, values) in base.resolvedTables() {
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
        return state.withLock { state in
            guard state.generation == generation else { return storage }
            let cached = cache.load()
            if let raced = cached.byStyle[style] { return raced }
            cache.replace(with: cached.adding(storage, for: style))
            return storage
        }
    }

    /// The fallback chain of `language`: the available languages of its CLDR chain, then
    /// the configured default's, then the catalogs' source languages, then every other
    /// available language, so a key any catalog holds is never shown as the key.
    /// `preferredCount` counts the languages before the last-resort ones.
    func fallbackChain(for language: Language) -> (chain: [Language], ownCount: Int, preferredCount: Int) {
        let matcher = self.matcher
        var chain = matcher.fallbackChain(for: language)
        let ownCount = chain.count
        func add(_ candidate: Language) {
            if !chain.contains(candidate) { chain.append(candidate) }
        }
        matcher.fallbackChain(for: configuration.defaultLanguage).forEach(add)
        sourceLanguages.forEach(add)
        let preferredCount = chain.count
        matcher.available.forEach(add)
        return (chain, ownCount, preferredCount)
    }

    func storage(for language: Language) -> SnapshotStorage {
        // Lock-free: a server asks for a snapshot on every request.
        if let cached = cache.read({ $0.byLanguage[language] }) { return cached }
        return loadLock.withLock { () -> SnapshotStorage in
            let generation = state.withLock { $0.generation }
            if let cached = cache.read({ $0.byLanguage[language] }) { return cached }
            if let compiled {
                let storage = compiledStorage(for: language, from: compiled)
                state.withLock { state in
                    guard state.generation == generation else { return }
                    cache.replace(with: cache.load().adding(storage, for: language))
                }
                return storage
            }
            var (chain, ownCount, _) = fallbackChain(for: language)
            var catalogs: [Language: [Catalog]] = [:]
            var index = 0
            while index < chain.count {
                let candidate = chain[index]
                let loaded = loadCatalogs(for: candidate)
                catalogs[candidate] = loaded
                // Catalogs may name a source language the source did not report.
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
                guard state.generation == generation else { return }
                cache.replace(with: cache.load().adding(snapshot.storage, for: language))
            }
            return snapshot.storage
        }
    }

    /// A snapshot over compiled files: the preferred languages' files opened now (and the shown
    /// language's plain values decoded), the last-resort languages' when a lookup first reaches them.
    private func compiledStorage(for language: Language, from source: any CompiledTableSource) -> SnapshotStorage {
        let (chain, ownCount, preferredCount) = fallbackChain(for: language)
        let device = configuration.device
        // Weak to the state, not the localizer: see `changes()`.
        let report: @Sendable (Diagnostic) -> Void = { [weak state] diagnostic in
            state?.withLock { $0.append(diagnostic) }
        }
        let layers = chain.enumerated().map { index, candidate in
            CompiledLanguageLayer(language: candidate) {
                let files: [ProbedTable]
                do {
                    files = try source.probedTables(for: candidate)
                } catch {
                    report((error as? LocalizationSourceError)?.diagnostic
                        ?? Diagnostic(.error, "cannot load the compiled catalogs for \(candidate): \(error)."))
                    files = []
                }
                return CompiledLanguageLayer.LayerTables(files) { file, below in
                    CompiledTableLayer(
                        file, below: below, isOwn: candidate == language, isFallback: index >= ownCount, device: device,
                        report: { report($0.diagnostic) })
                }
            }
        }
        let tables = CompiledSnapshotTables(layers: layers, preferredCount: preferredCount)
        return SnapshotStorage(
            language: language, chain: chain, tables: [:], device: device, reporter: reporter,
            formattingLanguages: Array(chain.prefix(preferredCount)), compiled: tables)
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
            state.withLock { $0.append(diagnostic) }
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
            state.withLock { $0.append(Diagnostic(.warning, "cannot store the language choice: \(error).")) }
        }
    }
}
