/// Members of a JSON object that Parlance does not model, kept in their order
/// so that writing the object back loses nothing.
public struct UnknownFields: Hashable, Sendable {
    var members: [(name: String, value: JSONValue)]

    public init() { members = [] }
    init(_ members: [(name: String, value: JSONValue)]) { self.members = members }

    public var isEmpty: Bool { members.isEmpty }
    /// The names of the unknown members, in file order.
    public var names: [String] { members.map(\.name) }

    public static func == (lhs: UnknownFields, rhs: UnknownFields) -> Bool {
        lhs.members.elementsEqual(rhs.members) { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(member.name)
            hasher.combine(member.value)
        }
    }
}

/// A JSON value as read, numbers kept as their exact text so they write back unchanged.
indirect enum JSONValue: Hashable, Sendable {
    case string(String)
    /// The number's text exactly as the file wrote it.
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object(JSONObject)
}

/// A JSON object's members in file order.
struct JSONObject: Hashable, Sendable {
    var members: [(name: String, value: JSONValue)]

    init(_ members: [(name: String, value: JSONValue)] = []) { self.members = members }

    subscript(name: String) -> JSONValue? {
        members.first { $0.name == name }?.value
    }

    static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.elementsEqual(rhs.members) { $0.name == $1.name && $0.value == $1.value }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(member.name)
            hasher.combine(member.value)
        }
    }
}
