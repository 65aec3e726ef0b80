/// A property-list value read from XML, with the place it was read from.
///
/// Foundation's `PropertyListSerialization` cannot say where a problem is, so
/// `.stringsdict` files are read by `XMLPropertyListReader` over the package's one
/// ``XMLReader``, which keeps locations for every value and dictionary key.
struct PropertyListNode: Sendable {
    indirect enum Value: Sendable {
        case string(String)
        case integer(String)
        case real(String)
        case bool(Bool)
        case date(String)
        case data(String)
        case array([PropertyListNode])
        case dictionary([Member])
    }

    struct Member: Sendable {
        var key: String
        var keyLocation: SourceLocation
        var value: PropertyListNode
    }

    var value: Value
    var location: SourceLocation

    /// A short name for the kind of value, for error messages.
    var kindName: String {
        switch value {
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real number"
        case .bool: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        }
    }

    var string: String? {
        if case .string(let value) = value { return value }
        return nil
    }

    var members: [Member]? {
        if case .dictionary(let members) = value { return members }
        return nil
    }
}
