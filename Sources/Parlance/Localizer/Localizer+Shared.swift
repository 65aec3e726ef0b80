import Synchronization

extension Localizer {
    /// Every localizer ever made shared stays alive, so a lookup that read the shared
    /// reference just before it was replaced never reads a freed object.
    private static let sharedRetained = Locked<[Localizer]>([])
    private static let sharedSlot: Atomic<Unmanaged<Localizer>> = {
        let initial = Localizer(catalogs: [])
        sharedRetained.withLock { $0.append(initial) }
        return Atomic(Unmanaged.passUnretained(initial))
    }()

    /// The localizer `"key".localized()`, ``LocalizationProvider`` and generated accessors
    /// resolve through. Until an app sets it, it holds no catalogs, so lookups return
    /// their default or the key.
    ///
    /// ```swift
    /// Localizer.shared = try Localizer(resourcesAt: Bundle.main.resourceURL!)
    /// ```
    public static var shared: Localizer {
        get { sharedSlot.load(ordering: .acquiring).takeUnretainedValue() }
        set {
            sharedRetained.withLock { $0.append(newValue) }
            sharedSlot.store(Unmanaged.passUnretained(newValue), ordering: .releasing)
        }
    }
}
