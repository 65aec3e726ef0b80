#if !canImport(Darwin)
import Foundation
import Synchronization

/// The localizers `String(localized:bundle:)` reads a bundle's catalogs with: one per bundle
/// folder, made at the first lookup in that bundle, showing the language `Localizer.shared`
/// shows. At most ``capacity`` are kept; a lookup in one more bundle starts the cache over,
/// so an app that names bundles without end cannot grow memory without end.
final class BundleLocalizers: Sendable {
    static let shared = BundleLocalizers(capacity: 32)

    /// The most bundles kept at once.
    let capacity: Int
    private let localizers = Mutex<[String: Localizer]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The number of bundles kept now.
    var count: Int { localizers.withLock { $0.count } }

    /// The localizer of `bundle`'s catalogs; `nil` when the bundle has no resource folder (the
    /// lookup then goes to `Localizer.shared`). A folder whose catalogs cannot be read is kept as
    /// a localizer with none, so its lookups show their keys, as Apple's do, and the folder is not
    /// read again at every lookup.
    func localizer(for bundle: Bundle) -> Localizer? {
        guard let folder = bundle.resourceURL?.standardizedFileURL else { return nil }
        return localizer(forFolder: folder.path) {
            let configuration = Localizer.Configuration(
                defaultLanguage: Localizer.shared.defaultLanguage, preferredLanguages: { [] }, notificationCenter: nil)
            return (try? Localizer(resourcesAt: folder, configuration: configuration))
                ?? Localizer(catalogs: [], configuration: configuration)
        }
    }

    /// The localizer kept for `path`, else the one `make` makes, kept if it made one.
    func localizer(forFolder path: String, make: () -> Localizer?) -> Localizer? {
        if let kept = localizers.withLock({ $0[path] }) { return kept }
        // Made outside the lock: reading a folder takes milliseconds, and lookups in other
        // bundles must not wait for it. Two first lookups at once may both make one; the
        // first kept wins.
        guard let made = make() else { return nil }
        return localizers.withLock { kept in
            if let winner = kept[path] { return winner }
            if kept.count >= capacity { kept.removeAll(keepingCapacity: true) }
            kept[path] = made
            return made
        }
    }
}
#endif
