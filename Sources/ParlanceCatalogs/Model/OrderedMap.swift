/// A dictionary that remembers the order its keys were first inserted in.
///
/// Catalogs keep keys and languages in the order a file held them, so a file
/// that was not written in Xcode's order can still be written back unchanged.
/// Lookups are hashed; iteration follows ``keys``.
public struct OrderedMap<Key: Hashable, Value> {
    // Generic and used across modules on every catalog read and snapshot build, so its
    // members are inlinable: callers get them specialized instead of running generic code.
    @usableFromInline var orderedKeys: [Key] = []
    /// The keys in the order they were first inserted.
    @inlinable public var keys: [Key] { orderedKeys }
    @usableFromInline var storage: [Key: Value] = [:]

    /// An empty map.
    @inlinable public init() {}

    /// A map of `pairs` in their order; a repeated key keeps its first place and its last value.
    @inlinable
    public init<S: Sequence>(_ pairs: S) where S.Element == (Key, Value) {
        for (key, value) in pairs { self[key] = value }
    }

    /// The number of keys.
    @inlinable public var count: Int { keys.count }
    @inlinable public var isEmpty: Bool { keys.isEmpty }

    /// The value for `key`; setting `nil` removes the key and its place in the order.
    @inlinable
    public subscript(key: Key) -> Value? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { orderedKeys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                orderedKeys.removeAll { $0 == key }
            }
        }
    }

    /// Applies `body` to the value stored for `key`, inserting `defaultValue()` first when absent.
    @inlinable
    public mutating func modify<R>(
        _ key: Key, default defaultValue: @autoclosure () -> Value, _ body: (inout Value) throws -> R
    ) rethrows -> R {
        if storage[key] == nil { orderedKeys.append(key) }
        return try body(&storage[key, default: defaultValue()])
    }

    /// The values in key order.
    @inlinable public var values: [Value] { keys.map { storage[$0]! } }

    /// Reorders the keys; `areInIncreasingOrder` compares keys.
    public mutating func sortKeys(by areInIncreasingOrder: (Key, Key) throws -> Bool) rethrows {
        try orderedKeys.sort(by: areInIncreasingOrder)
    }
}

extension OrderedMap: Sequence {
    /// Walks the pairs in key order. A struct, so a loop over a map allocates nothing (a
    /// closure-based iterator boxed its captures on every loop: six allocations per key of
    /// a folder read, measured).
    public struct Iterator: IteratorProtocol {
        @usableFromInline let keys: [Key]
        @usableFromInline let storage: [Key: Value]
        @usableFromInline var index = 0

        @inlinable
        init(keys: [Key], storage: [Key: Value]) {
            self.keys = keys
            self.storage = storage
        }

        @inlinable
        public mutating func next() -> (key: Key, value: Value)? {
            guard index < keys.count else { return nil }
            let key = keys[index]
            index += 1
            guard let value = storage[key] else { return nil }
            return (key: key, value: value)
        }
    }

    @inlinable
    public func makeIterator() -> Iterator { Iterator(keys: keys, storage: storage) }

    @inlinable
    public var underestimatedCount: Int { keys.count }
}

extension OrderedMap: Equatable where Value: Equatable {
    /// Equal when both hold the same pairs; order is not compared.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage == rhs.storage }
}

extension OrderedMap: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}

extension OrderedMap: Sendable where Key: Sendable, Value: Sendable {}

extension OrderedMap: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (Key, Value)...) {
        self.init(elements)
    }
}
