extension Localizer {
    /// The shared localizer. Replacing it frees the old one as soon as no lookup can still
    /// be reading it (unless the app holds it elsewhere).
    private static let sharedReference = ReclaimingReference(Localizer(catalogs: []))

    /// The localizer `"key".localized()`, ``LocalizationProvider`` and generated accessors
    /// resolve through. Until an app sets it, it holds no catalogs, so lookups return
    /// their default or the key.
    ///
    /// ```swift
    /// Localizer.shared = try Localizer(resourcesAt: Bundle.main.resourceURL!)
    /// ```
    ///
    /// Reading it takes no lock. Setting it never waits for lookups (unless 16 replaced
    /// objects already wait for slow readers); the old localizer is released once no
    /// lookup can still be reading it.
    public static var shared: Localizer {
        get { sharedReference.load() }
        set { sharedReference.replace(with: newValue) }
    }

    /// Runs `body` with the shared localizer without retaining it: the lookups of
    /// `"key".localized()` pay no reference counting on the shared object.
    @inline(__always)
    static func withShared<Result>(_ body: (Localizer) throws -> Result) rethrows -> Result {
        try sharedReference.read(body)
    }
}
