import Observation

/// The least any lookup API that returns a `String` can cost: an element of an array, returned
/// by a function compiled in another module (this one), as `Localizer.string` and generated
/// accessors are. The caller owns the result, so every call retains the string's storage and
/// the caller releases it; nothing else is done. The typed-accessor benchmarks are read beside
/// it, since no accessor that returns a heap `String` can take less; ``value(forKey:)`` is the
/// same for a lookup by key in a `[String: String]`.
public final class OwnedStringFloor: Sendable {
    private let values: [String]
    private let dictionary: [String: String]

    /// - Parameters:
    ///   - values: What ``value(_:)`` returns, by position.
    ///   - dictionary: What ``value(forKey:)`` looks up.
    public init(_ values: [String], dictionary: [String: String]) {
        self.values = values
        self.dictionary = dictionary
    }

    public var count: Int { values.count }

    /// The value at `index`, returned owned.
    @inline(never)
    public func value(_ index: Int) -> String { values[index] }

    /// The dictionary's value for `key`, returned owned.
    @inline(never)
    public func value(forKey key: String) -> String? { dictionary[key] }
}

/// ``OwnedStringFloor`` plus what any lookup that views re-render on pays first: telling
/// Observation which property it read (`ObservationRegistrar.access`), as `Localizer.string`
/// and the typed accessors do, so SwiftUI views and `withObservationTracking` follow a switch.
/// With no tracking active, that call still reads Observation's thread-local slot.
public final class ObservedStringFloor: Observable, Sendable {
    private let registrar = ObservationRegistrar()
    private let values: [String]
    private let dictionary: [String: String]
    // As the localizer keeps its own: formed once, never written (key paths are immutable).
    nonisolated(unsafe) private static let revisionKeyPath: KeyPath<ObservedStringFloor, Int> = \.revision

    /// The property accesses name (as the localizer's language is); it never changes.
    public var revision: Int { 0 }

    public init(_ values: [String], dictionary: [String: String]) {
        self.values = values
        self.dictionary = dictionary
    }

    public var count: Int { values.count }

    /// The value at `index`, returned owned, after the access.
    @inline(never)
    public func value(_ index: Int) -> String {
        registrar.access(self, keyPath: Self.revisionKeyPath)
        return values[index]
    }

    /// The dictionary's value for `key`, returned owned, after the access.
    @inline(never)
    public func value(forKey key: String) -> String? {
        registrar.access(self, keyPath: Self.revisionKeyPath)
        return dictionary[key]
    }
}
