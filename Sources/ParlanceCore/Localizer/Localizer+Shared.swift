import Synchronization

extension Localizer {
    /// The shared localizer. Replacing it frees the old one as soon as no lookup can still
    /// be reading it (unless the app holds it elsewhere).
    private static let sharedReference = ReclaimingReference(Localizer(catalogs: []))

    /// The localizer ``withShared(_:operation:)`` bound for the current task, if any.
    @TaskLocal private static var taskShared: Localizer?

    /// Whether any task ever bound a localizer: until one does, a lookup pays one relaxed
    /// load for the feature, not a task-local read. It never goes back to `false`, because an
    /// unstructured `Task` made inside the scope inherits the binding and may outlive it.
    private static let taskBindingUsed = Atomic<Bool>(false)

    /// The localizer `"key".localized()`, ``LocalizationProvider`` and generated accessors
    /// resolve through. Until an app sets it, it holds no catalogs, so lookups return
    /// their default or the key.
    ///
    /// ```swift
    /// Localizer.shared = try Localizer(resourcesAt: Bundle.main.resourceURL!)
    /// ```
    ///
    /// Inside ``withShared(_:operation:)`` it reads the localizer bound to the task;
    /// setting it there still replaces the process-wide one.
    ///
    /// Reading it takes no lock. Setting it never waits for lookups (unless 16 replaced
    /// objects already wait for slow readers); the old localizer is released once no
    /// lookup can still be reading it.
    public static var shared: Localizer {
        get {
            if taskBindingUsed.load(ordering: .relaxed), let bound = taskShared { return bound }
            return sharedReference.load()
        }
        set { sharedReference.replace(with: newValue) }
    }

    /// Runs `operation` with `localizer` as ``shared`` for the current task and the tasks it
    /// creates (child tasks, and `Task { }` made inside, which inherit task-local values),
    /// leaving every other task's shared localizer alone.
    ///
    /// Tests that need different catalogs or languages can then run in parallel, and a
    /// server can scope one request's lookups without passing a snapshot around:
    ///
    /// ```swift
    /// @Test func showsFrench() throws {
    ///     let french = Localizer(catalogs: [catalog], configuration: .init(defaultLanguage: "fr"))
    ///     Localizer.withShared(french) {
    ///         #expect("greeting".localized() == "Bonjour")
    ///     }
    /// }
    /// ```
    ///
    /// Until the first call, lookups through ``shared`` pay nothing for this; after it, a
    /// task-local read (a few nanoseconds) per lookup.
    public static func withShared<Result>(_ localizer: Localizer, operation: () throws -> Result) rethrows -> Result {
        taskBindingUsed.store(true, ordering: .relaxed)
        return try $taskShared.withValue(localizer, operation: operation)
    }

    /// Runs the asynchronous `operation` with `localizer` as ``shared`` for the current task
    /// and the tasks it creates. See ``withShared(_:operation:)``.
    public static func withShared<Result>(
        _ localizer: Localizer,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        taskBindingUsed.store(true, ordering: .relaxed)
        return try await $taskShared.withValue(localizer, operation: operation, isolation: isolation)
    }

    /// Runs `body` with the shared localizer (the task's, else the process-wide one) without
    /// retaining the process-wide one: the lookups of `"key".localized()` pay no reference
    /// counting on the shared object. `body` runs inside a read section of
    /// ``ReclamationDomain/shared``, the domain of every localizer's snapshot, so it reads the
    /// snapshot with ``ReclaimingReference/readInSection(_:)`` and enters no second section.
    @inline(__always)
    static func readShared<Result>(_ body: (Localizer) throws -> Result) rethrows -> Result {
        if taskBindingUsed.load(ordering: .relaxed), let bound = taskShared {
            return try ReclamationDomain.shared.read { try body(bound) }
        }
        return try sharedReference.read(body)
    }
}
