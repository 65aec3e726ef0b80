#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The live localization object: the loaded catalogs and the current language.
///
/// ```swift
/// let localizer = try Localizer(
///     resourcesAt: Bundle.module.resourceURL!,
///     configuration: .init(defaultLanguage: "it", preferenceStore: UserDefaultsPreferenceStore()))
/// localizer.string("quiz.title")                 // "Quiz dei serpenti"
/// localizer.selection = .language("fr")          // no restart
/// localizer.string("quiz.title")                 // "Quiz des serpents"
/// ```
///
/// Switching takes effect for the next lookup on every thread. Lookups never take a
/// lock a writer can hold: they read the current ``LanguageSnapshot`` through one atomic
/// reference, so a lookup sees the old language or the new one entirely, and a replaced
/// snapshot is freed once no lookup can still be reading it. A language's tables load at
/// most once, the first time the language is used, and never under a lock that lookups
/// wait on. Every change is announced after it is visible to lookups: through
/// ``changes()`` and, with `Parlance` linked, Observation (SwiftUI re-renders views that read
/// the localizer; `Parlance` declares `Localizer: Observable`) and its
/// `languageDidChangeNotification`.
public final class Localizer: Sendable {
    /// How a localizer starts and behaves.
    public struct Configuration: Sendable {
        /// The language used when neither a stored choice nor the device's languages match.
        public var defaultLanguage: Language
        /// Where the user's choice is remembered; `nil` remembers nothing.
        public var preferenceStore: (any LanguagePreferenceStore)?
        /// The device's preferred languages, most preferred first.
        public var preferredLanguages: @Sendable () -> [Language]
        /// The device class device variations are chosen for.
        public var device: DeviceClass
        /// Called once per language, table and key that a lookup did not find, on a queue of its own.
        public var missingKeyHandler: (@Sendable (MissingKey) -> Void)?
        /// Where localized resources such as `questions_en.json` live; by default the source's folder.
        public var resourceDirectory: URL?
        /// Where the Foundation layer posts its `languageDidChangeNotification` (`Parlance`'s
        /// `notificationCenter`, which reads and writes this); a process that links only
        /// ParlanceCore posts nothing.
        package var changeNotifications: ChangeNotifications
        /// The zone the localizer's and every snapshot's `formatter` (the `Parlance` module's
        /// `LocaleFormatter`) show dates in (a snapshot can be given another with
        /// ``LanguageSnapshot/formatting(timeZone:calendar:)``); by default the device's, as it changes.
        public var timeZone: TimeZone
        /// The calendar dates are written in; `nil` takes each language's own (Gregorian for
        /// most, Buddhist for `th`).
        public var calendar: Calendar.Identifier?

        /// A configuration; every change is posted as `languageDidChangeNotification` to
        /// `NotificationCenter.default` when the process links `Parlance` (which adds an
        /// initializer taking the centre, `nil` for none).
        public init(
            defaultLanguage: Language = "en",
            preferenceStore: (any LanguagePreferenceStore)? = nil,
            preferredLanguages: @escaping @Sendable () -> [Language] = Localizer.devicePreferredLanguages,
            device: DeviceClass = .other,
            missingKeyHandler: (@Sendable (MissingKey) -> Void)? = nil,
            resourceDirectory: URL? = nil,
            timeZone: TimeZone = .autoupdatingCurrent,
            calendar: Calendar.Identifier? = nil
        ) {
            self.defaultLanguage = defaultLanguage
            self.preferenceStore = preferenceStore
            self.preferredLanguages = preferredLanguages
            self.device = device
            self.missingKeyHandler = missingKeyHandler
            self.resourceDirectory = resourceDirectory
            self.changeNotifications = .processDefault
            self.timeZone = timeZone
            self.calendar = calendar
        }

        /// How the snapshots write dates.
        package var dates: DateSettings { DateSettings(timeZone: timeZone, calendar: calendar) }

        /// Where `languageDidChangeNotification` goes, for the Foundation layer to post.
        package enum ChangeNotifications: Sendable {
            /// The process's default centre.
            case processDefault
            /// Nowhere.
            case none
            /// A centre of the app's own (a `NotificationCenter`, which the core cannot name).
            case center(any AnyObject & Sendable)
        }
    }

    struct State {
        var selection: LanguageSelection
        var language: Language
        /// Catalogs per language, each read at most once per generation. Only languages
        /// the source holds (and the configured default) are ever loaded.
        var catalogs: [Language: [Catalog]] = [:]
        /// Counts reloads, so a snapshot built from catalogs a reload replaced is not cached.
        var generation = 0
        var continuations: [UUID: AsyncStream<LanguageChange>.Continuation] = [:]
        /// Handlers called on the changing thread (``Localizer/addChangeHandler(_:)``).
        var changeHandlers: [UUID: @Sendable (LanguageChange) -> Void] = [:]
        var diagnostics: [Diagnostic] = []

        /// How many diagnostics a localizer keeps; a catalog that fails to load on every
        /// reload, or a store that fails on every save, must not grow memory for ever.
        static let maximumDiagnostics = 256

        mutating func append(_ diagnostic: Diagnostic) {
            // The first ones say what went wrong; later ones are not kept.
            guard diagnostics.count < Self.maximumDiagnostics else { return }
            diagnostics.append(diagnostic)
        }
    }

    let source: any LocalizationSource
    package let configuration: Configuration
    /// The languages the source holds: listed when the localizer is made and again by each
    /// ``reload()``, so a language a live update adds can be chosen without a relaunch.
    /// Views that read it re-render after a reload, as they do for strings.
    public var availableLanguages: [Language] {
        observation?.access(self, .language)
        return matcher.available
    }
    /// Matches requested languages against ``availableLanguages``.
    var matcher: LanguageMatcher { cache.read { $0.matcher } }
    /// The snapshot lookups use: read without a lock, reclaimed once no lookup can hold it.
    let current: ReclaimingReference<SnapshotStorage>
    /// The snapshots made so far and the languages they were made over, read without a lock
    /// by `snapshot(for:)`; replaced (under the state lock) when one is added or a reload
    /// empties it.
    let cache: ReclaimingReference<SnapshotCache>
    let state: Locked<State>
    /// Serialises loading so each language's tables load once; lookups never take it.
    let loadLock = SerialLock()
    /// Observation's registrar when `Parlance` is linked (``LocalizerObservation``); `nil` in a
    /// process that links only the core, which then registers nothing.
    package let observation: (any LocalizerObservation)?
    let reporter: MissingKeyReporter?

    /// A localizer over any source.
    /// - Throws: what the source throws when it cannot list its languages.
    public convenience init(source: any LocalizationSource, configuration: Configuration = Configuration()) throws {
        self.init(source: source, available: try source.availableLanguages(), configuration: configuration)
    }

    /// A localizer over catalogs already in memory.
    public convenience init(catalogs: [Catalog], configuration: Configuration = Configuration()) {
        let source = InMemoryLocalizationSource(catalogs)
        self.init(source: source, available: source.availableLanguages(), configuration: configuration)
    }

    /// A localizer over a resources folder (`*.xcstrings`, `xx.lproj/*.strings|*.stringsdict`).
    /// - Parameters:
    ///   - folder: The folder holding the catalogs, such as a bundle's `resourceURL`.
    ///   - configuration: The default language, the preference store and the rest.
    /// - Throws: when the folder cannot be listed or a String Catalog in it cannot be read.
    public convenience init(resourcesAt folder: URL, configuration: Configuration = Configuration()) throws {
        var configuration = configuration
        if configuration.resourceDirectory == nil { configuration.resourceDirectory = folder }
        try self.init(source: FolderLocalizationSource(folder: folder), configuration: configuration)
    }

    /// The languages the catalogs' keys are written in; every fallback chain ends with them.
    let sourceLanguages: [Language]
    /// The compiled tables snapshots read in place: the source's own, or the fresh ones it found.
    let compiled: (any CompiledTableSource)?

    init(source: any LocalizationSource, available: [Language], configuration: Configuration) {
        self.source = source
        self.configuration = configuration
        let matcher = LanguageMatcher(available: available)
        self.cache = ReclaimingReference(SnapshotCache(matcher: matcher))
        self.reporter = configuration.missingKeyHandler.map { MissingKeyReporter(handler: $0) }
        self.observation = foundationLayer?.observation()
        let (selection, diagnostics) = Self.storedSelection(configuration.preferenceStore, matcher: matcher)
        let language = Self.resolve(selection, matcher: matcher, configuration: configuration)
        let (compiled, compiledDiagnostics) = Self.compiledTables(of: source)
        self.compiled = compiled
        var initial = State(selection: selection, language: language)
        initial.diagnostics = diagnostics + compiledDiagnostics
        self.state = Locked(initial)
        self.sourceLanguages = (try? source.sourceLanguages()) ?? []
        // A placeholder until the first snapshot is built just below.
        let empty = SnapshotStorage(language: language, chain: [], tables: .resolved([:]), device: configuration.device, reporter: nil, dates: configuration.dates)
        self.current = ReclaimingReference(empty)
        let first = if case .pseudo(let style) = selection { pseudoStorage(style) } else { storage(for: language) }
        current.replace(with: first)
    }

    /// The compiled tables `source` is, or the fresh ones it found. Parlance's own sources are
    /// tested by class first: a cast to a protocol that fails scans every conformance record in
    /// the process, which a launch should not pay for.
    private static func compiledTables(of source: any LocalizationSource) -> ((any CompiledTableSource)?, [Diagnostic]) {
        if let folder = source as? FolderLocalizationSource { return folder.compiledSource() }
        if let compiled = source as? CompiledLocalizationSource { return (compiled, []) }
        if let direct = source as? any CompiledTableSource { return (direct, []) }
        return (source as? any CompiledTablesProviding)?.compiledSource() ?? (nil, [])
    }

    /// Whether the localizer reads compiled catalogs in place (a pack, a compiled folder that
    /// was fresh, or any ``CompiledTableSource``), rather than catalogs it parsed. An app can check in a test that its build
    /// plugin's pack is found; ``diagnostics`` says why compiled files were passed over.
    public var readsCompiledCatalogs: Bool { compiled != nil }

    /// The language used when nothing else chooses one (``Configuration/defaultLanguage``).
    public var defaultLanguage: Language { configuration.defaultLanguage }

    /// The current language.
    public var language: Language {
        observation?.access(self, .language)
        return currentStorage.language
    }

    /// What the user chose. Setting it switches at once and remembers the choice in the
    /// preference store; `.system` follows the device again and forgets the stored choice.
    public var selection: LanguageSelection {
        get {
            observation?.access(self, .selection)
            return state.withLock { $0.selection }
        }
        set { select(newValue) }
    }

    /// The snapshot lookups use now.
    public var currentSnapshot: LanguageSnapshot {
        observation?.access(self, .language)
        return LanguageSnapshot(storage: currentStorage)
    }

    /// A strong reference to the current snapshot's storage.
    package var currentStorage: SnapshotStorage {
        current.load()
    }

    /// Problems found at start-up and while loading: a corrupt stored choice, a catalog
    /// that could not be read.
    public var diagnostics: [Diagnostic] { state.withLock { $0.diagnostics } }

    /// The device's preferred languages, most preferred first.
    ///
    /// On Apple platforms, `Locale.preferredLanguages`: the languages the user ordered in
    /// Settings. Elsewhere, the process's environment as gettext reads it
    /// (`Language.preferredLanguages(environment:)`: `LANGUAGE`, then `LC_ALL`,
    /// `LC_MESSAGES` or `LANG`), because Foundation on Linux reports `en-001` whatever the
    /// environment says; an environment that names no language gives an empty list, and the
    /// localizer shows its ``Configuration/defaultLanguage``. Read each time it is called, so
    /// a process that changes its environment is followed at the next ``LanguageSelection/system``
    /// resolution.
    public static let devicePreferredLanguages: @Sendable () -> [Language] = {
        #if canImport(Darwin)
        Locale.preferredLanguages.compactMap { Language($0) }
        #else
        Language.preferredLanguages(environment: ProcessInfo.processInfo.environment)
        #endif
    }
}

