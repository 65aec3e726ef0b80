/// Finds where the keys of a String Catalog, and each key's languages, are written.
///
/// ``/ParlanceCatalogs/XCStringsReader`` builds the model without positions, so the checker scans the
/// text once more: a linear pass that follows only object nesting and strings, and
/// decodes just the member names it needs (`strings` → key → `localizations` →
/// language). The file has already been read without error, so it is valid JSON;
/// on anything else the scan still ends, and keys it did not reach have no offset.
struct StringCatalogOffsets: Sendable {
    /// One key under `strings`: the byte offset of its opening quote, and of each of its
    /// languages' under `localizations`, in file order.
    struct Key: Sendable {
        var name: String
        var offset: Int
        var languages: [(name: String, offset: Int)] = []
    }

    /// The keys in file order, which is the order ``/ParlanceCatalogs/XCStringsReader`` keeps them in, so the
    /// checker can pair them up without hashing every key again.
    var keys: [Key] = []

    init(bytes: [UInt8]) {
        // The member name each open container was opened under (`nil` for arrays and the top).
        var containers: [(isObject: Bool, name: String?)] = []
        var expectingName = false
        var pendingName: String?
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let start = index
                let end = JSONStrings.end(of: bytes, openingQuoteAt: index)
                index = end
                guard expectingName else { continue }
                let depth = containers.count
                let inStrings = depth >= 2 && containers[1].name == "strings"
                if depth == 1 || depth == 3 && inStrings {
                    pendingName = JSONStrings.decode(bytes, from: start, to: end)
                } else if depth == 2 && inStrings {
                    let key = JSONStrings.decode(bytes, from: start, to: end)
                    keys.append(Key(name: key, offset: start))
                    pendingName = key
                } else if depth == 4 && inStrings && containers[3].name == "localizations", !keys.isEmpty {
                    let language = JSONStrings.decode(bytes, from: start, to: end)
                    keys[keys.count - 1].languages.append((language, start))
                    pendingName = nil
                } else {
                    pendingName = nil
                }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                containers.append((byte == UInt8(ascii: "{"), pendingName))
                pendingName = nil
                expectingName = byte == UInt8(ascii: "{")
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !containers.isEmpty { containers.removeLast() }
                expectingName = false
                pendingName = nil
            case UInt8(ascii: ":"):
                expectingName = false
            case UInt8(ascii: ","):
                expectingName = containers.last?.isObject ?? false
                pendingName = nil
            default:
                break
            }
            index += 1
        }
    }
}
