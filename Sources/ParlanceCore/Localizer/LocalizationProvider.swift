import Synchronization

/// The bridge through which a component library asks for strings that the app translates
/// (seed 002): the library names keys, the app supplies the words.
///
/// ```swift
/// // In the app, at start-up (optional: by default keys resolve through Localizer.shared):
/// LocalizationProvider.configure { key in myLocalizer.string(key) }
///
/// // In the component library:
/// totalOddsLabel.text = LocalizationProvider.string("total_odds")
/// loadMore.text = LocalizationProvider.string("load_more_count", values: ["count": 5])
/// ```
///
/// Tests and servers can scope a route to one task with ``withLocalizer(_:operation:)`` or
/// ``withProvider(_:language:operation:)`` instead of configuring the process.
///
/// A key nothing provides comes back as the key itself, so a missing translation is
/// visible but never fatal. A library declares the keys it needs in a ``KeyManifest``,
/// and the app checks its catalogs cover them with ``Localizer/missingKeys(of:)``.
public enum LocalizationProvider {
    /// Where keys go: a closure with the language its `{name}` values are formatted in,
    /// or a localizer.
    private enum Route: Sendable {
        case closure(@Sendable (String) -> String?, language: (@Sendable () -> Language)?)
        case localizer(Localizer)
    }

    private static let route = Locked<Route?>(nil)

    /// The route ``withLocalizer(_:operation:)`` or ``withProvider(_:language:operation:)``
    /// bound for the current task, if any.
    @TaskLocal private static var taskRoute: Route?

    /// Whether any task ever bound a route (see `Localizer.taskBindingUsed`: never reset,
    /// because a `Task` made inside the scope inherits the binding and may outlive it).
    private static let taskBindingUsed = Atomic<Bool>(false)

    /// The route a lookup takes now: the task's, else the configured one.
    private static var currentRoute: Route? {
        if taskBindingUsed.load(ordering: .relaxed), let bound = taskRoute { return bound }
        return route.withLock { $0 }
    }

    /// Routes every key through `provide`; a `nil` answer means the key is missing.
    /// - Parameters:
    ///   - provide: Returns the text for a key, or `nil` when the app has none.
    ///   - language: The language the provided text is in; by default the shared
    ///     localizer's current language. `{name}` values are placed as
    ///     ``MessageArgument/description`` writes them, which does not depend on it.
    public static func configure(
        _ provide: @escaping @Sendable (String) -> String?, language: (@Sendable () -> Language)? = nil
    ) {
        route.withLock { $0 = .closure(provide, language: language) }
    }

    /// Routes every key through `localizer` (a key it lacks comes back as the key), and
    /// formats `{name}` values in its current language.
    public static func configure(with localizer: Localizer) {
        route.withLock { $0 = .localizer(localizer) }
    }

    /// Runs `operation` with keys routed through `localizer` for the current task and the
    /// tasks it creates, leaving the configured provider, and every other task, alone: tests
    /// of a component library can run in parallel, each with its own strings.
    ///
    /// ```swift
    /// LocalizationProvider.withLocalizer(frenchLocalizer) {
    ///     #expect(LocalizationProvider.string("load_more") == "Charger plus")
    /// }
    /// ```
    public static func withLocalizer<Result>(_ localizer: Localizer, operation: () throws -> Result) rethrows -> Result {
        taskBindingUsed.store(true, ordering: .relaxed)
        return try $taskRoute.withValue(.localizer(localizer), operation: operation)
    }

    /// The asynchronous form of ``withLocalizer(_:operation:)``.
    public static func withLocalizer<Result>(
        _ localizer: Localizer,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        taskBindingUsed.store(true, ordering: .relaxed)
        return try await $taskRoute.withValue(.localizer(localizer), operation: operation, isolation: isolation)
    }

    /// Runs `operation` with keys routed through `provide` for the current task and the tasks
    /// it creates (see ``configure(_:language:)`` for the parameters).
    public static func withProvider<Result>(
        _ provide: @escaping @Sendable (String) -> String?,
        language: (@Sendable () -> Language)? = nil,
        operation: () throws -> Result
    ) rethrows -> Result {
        taskBindingUsed.store(true, ordering: .relaxed)
        return try $taskRoute.withValue(.closure(provide, language: language), operation: operation)
    }

    /// The asynchronous form of ``withProvider(_:language:operation:)``.
    public static func withProvider<Result>(
        _ provide: @escaping @Sendable (String) -> String?,
        language: (@Sendable () -> Language)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        taskBindingUsed.store(true, ordering: .relaxed)
        return try await $taskRoute.withValue(.closure(provide, language: language), operation: operation, isolation: isolation)
    }

    /// Forgets the configured provider: keys resolve through ``Localizer/shared`` again.
    public static func reset() {
        route.withLock { $0 = nil }
    }

    /// The app's string for `key`, or the key when nothing provides one.
    public static func string(_ key: String) -> String {
        switch currentRoute {
        case .closure(let provide, _)?:
            return provide(key) ?? key
        case .localizer(let localizer)?:
            return localizer.currentSnapshot.string(key, default: key)
        case nil:
            return Localizer.readShared { $0.stringInSection(key) }
        }
    }

    /// The app's string for `key` with `{name}` placeholders filled from `values`, in the
    /// language of whatever the provider routes through.
    public static func string(_ key: String, values: [String: MessageArgument]) -> String {
        switch currentRoute {
        case .closure(let provide, let language)?:
            let template = provide(key) ?? key
            let language = language?() ?? Localizer.readShared { $0.currentStorage.language }
            return MessageFormatter(language: language.identifier).format(named: template, values).string
        case .localizer(let localizer)?:
            return localizer.currentSnapshot.string(key, values: values, default: key)
        case nil:
            return Localizer.readShared { $0.string(key, values: values) }
        }
    }
}
