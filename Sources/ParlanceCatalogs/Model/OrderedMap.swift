/// A dictionary that remembers the order its keys were first inserted in.
///
/// Catalogs keep keys and languages in the order a file held them, so a file
/// that was not written in Xcode's order can still be written back unchanged.
/// Lookups are hashed; iteration follows ``keys``.
public struct OrderedMap<Key: Hashable, Value> {
    public private(set) var keys: [Key] = []
    private var storage: [Key: Value] = [:]

    /// An empty map.
    public init() {}

    /// A map of `pairs` in their order; a repeated key keeps its first place and its last value.
    public init<S: Sequence>(_ pairs: S) where S.Element == (Key, Value) {
        for (key, value) in pairs { self[key] = value }
    }

    /// The number of keys.
    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The value for `key`; setting `nil` removes the key and its place in the order.
    public subscript(key: Key) -> Value? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// Applies `body` to the value stored for `key`, inserting `defaultValue()` first when absent.
    public mutating func modify<R>(
        _ key: Key, default defaultValue: @autoclosure () -> Value, _ body: (inout Value) throws -> R
    ) rethrows -> R {
        if storage[key] == nil { keys.append(key) }
        return try body(&storage[key, default: defaultValue()])
    }

    /// The values in key order.
    public var values: [Value] { keys.map { storage[$0]! } }

    /// Reorders the keys; `areInIncreasingOrder` compares keys.
    public mutating func sortKeys(by areInIncreasingOrder: (Key, Key) throws -> Bool) rethrows {
        try keys.sort(by: areInIncreasingOrder)
    }
}

extension OrderedMap: Sequence {
    public func makeIterator() -> some IteratorProtocol<(key: Key, value: Value)> {
        var index = keys.startIndex
        return AnyIterator { [keys, storage] in
            guard index < keys.endIndex else { return nil }
            defer { index += 1 }
            let key = keys[index]
            return (key: key, value: storage[key]!)
        }
    }
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
