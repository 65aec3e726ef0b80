/// Members of a JSON object that Parlance does not model, kept in their order
/// so that writing the object back loses nothing.
public struct UnknownFields: Hashable, Sendable {
    package var members: [(name: String, value: JSONValue)]

    public init() { members = [] }
    package init(_ members: [(name: String, value: JSONValue)]) { self.members = members }

    public var isEmpty: Bool { members.isEmpty }
    /// The names of the unknown members, in file order.
    public var names: [String] { members.map(\.name) }

    /// Equal when both hold the same members; order is not compared, as for ``OrderedMap``.
    ///
    /// `XCStringsWriter` (ParlanceCatalogWriters) sorts members the way Xcode does, so a catalog read back from what
    /// it wrote must equal the original even when the file held them in another order.
    public static func == (lhs: UnknownFields, rhs: UnknownFields) -> Bool {
        JSONMembers.same(lhs.members, rhs.members)
    }

    public func hash(into hasher: inout Hasher) {
        JSONMembers.hash(members, into: &hasher)
    }
}

/// A JSON value as read, numbers kept as their exact text so they write back unchanged.
package indirect enum JSONValue: Hashable, Sendable {
    case string(String)
    /// The number's text exactly as the file wrote it.
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object(JSONObject)
}

/// A JSON object's members in file order.
package struct JSONObject: Hashable, Sendable {
    package var members: [(name: String, value: JSONValue)]

    package init(_ members: [(name: String, value: JSONValue)] = []) { self.members = members }

    package subscript(name: String) -> JSONValue? {
        members.first { $0.name == name }?.value
    }

    /// Equal when both hold the same members, in any order: JSON objects are unordered.
    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        JSONMembers.same(lhs.members, rhs.members)
    }

    package func hash(into hasher: inout Hasher) {
        JSONMembers.hash(members, into: &hasher)
    }
}

/// Order-insensitive equality and hashing for object members, whose names are unique (the
/// reader rejects a repeated name).
enum JSONMembers {
    static func same(_ lhs: [(name: String, value: JSONValue)], _ rhs: [(name: String, value: JSONValue)]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.elementsEqual(rhs, by: { $0.name == $1.name && $0.value == $1.value }) { return true }
        let right = Dictionary(rhs.lazy.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard right.count == rhs.count else { return false }
        var seen = Set<String>()
        return lhs.allSatisfy { seen.insert($0.name).inserted && right[$0.name] == $0.value }
    }

    static func hash(_ members: [(name: String, value: JSONValue)], into hasher: inout Hasher) {
        var combined = 0
        for member in members {
            var own = Hasher()
            own.combine(member.name)
            own.combine(member.value)
            combined &+= own.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(combined)
    }
}
