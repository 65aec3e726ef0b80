import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
