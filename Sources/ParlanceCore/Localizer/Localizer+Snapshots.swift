#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The snapshot factory: the snapshots a localizer hands out for a language, a header or a
/// pseudo-localization style, and how their storage is resolved and loaded (from compiled
/// catalogs or from the catalogs themselves). Switching and the remembered choice are in
/// Localizer+Switching.swift.
extension Localizer {
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
        // One read of the cache for the match and, once made, its snapshot, both by position
        // among the available languages: this runs per request.
        let (match, cached) = cache.read { cache -> (Language?, SnapshotStorage?) in
            guard let position = cache.matcher.bestMatchPosition(acceptLanguage: header) else { return (nil, nil) }
            if let cached = cache.byPosition[position] { return (nil, cached) }
            return (cache.matcher.available[position], nil)
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
                case .rich(let message) where message.icu != nil:
                    // ICU's syntax stays as written; the formatted text is transformed.
                    return .rich(ResolvedMessage(
                        localization: message.localization, language: message.language, isFallback: false,
                        device: configuration.device, syntax: .icu, pseudo: style))
                case .rich(let message):
                    return .rich(ResolvedMessage(
                        localization: PseudoLocalization.transform(message.localization, style: style),
                        language: message.language, isFallback: false, device: configuration.device))
                }
            }
        }
        let storage = SnapshotStorage(
            language: pseudoLanguage, chain: base.chain, tables: .resolved(tables), device: configuration.device, reporter: reporter,
            dates: configuration.dates)
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
                language: language, chain: chain, ownCount: ownCount, catalogs: catalogs, device: configuration.device, reporter: reporter,
                dates: configuration.dates)
            state.withLock { state in
                guard state.generation == generation else { return }
                cache.replace(with: cache.load().adding(snapshot.storage, for: language))
            }
            return snapshot.storage
        }
    }

    /// A snapshot over compiled files: the shown language's files opened now (its plain values
    /// decoded at their first lookup), every other language's when a lookup first reaches it.
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
        let tables = CompiledSnapshotTables(layers: layers)
        return SnapshotStorage(
            language: language, chain: chain, tables: .compiled(tables), device: device, reporter: reporter,
            dates: configuration.dates, formattingLanguages: Array(chain.prefix(preferredCount)))
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
}
