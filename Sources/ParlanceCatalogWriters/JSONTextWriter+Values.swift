import ParlanceCatalogs

/// Writing kept JSON values back, sorted as Xcode sorts: here, beside `FinderOrder`, because
/// Finder's order is ICU collation, which the catalogs module does not load.
extension JSONTextWriter {
    /// A value kept as read, its object members sorted the way Xcode sorts them.
    mutating func value(_ value: JSONValue, order: inout FinderOrder) {
        switch value {
        case .string(let text): string(text)
        case .number(let text): raw(text)
        case .bool(let flag): bool(flag)
        case .null: raw("null")
        case .array(let elements):
            beginArray()
            for element in elements {
                self.element()
                self.value(element, order: &order)
            }
            endArray()
        case .object(let object):
            beginObject()
            let members = Dictionary(object.members.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
            for name in order.sorted(object.members.map(\.name)) {
                guard let member = members[name] else { continue }
                key(name)
                self.value(member, order: &order)
            }
            endObject()
        }
    }
}
