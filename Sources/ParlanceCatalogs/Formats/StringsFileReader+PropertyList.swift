#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension StringsFileReader {
    /// Reads a `.strings` file that is really an XML or binary property list.
    ///
    /// Such files are what Xcode leaves when a compiled `.strings` file gets committed, or what
    /// older tools wrote. Property lists carry no comments or duplicates, and their order means
    /// nothing, so the entries come sorted by key to keep output stable.
    static func readPropertyList(_ data: Data, path: String, kind: String) throws(ParseError) -> StringsFile {
        if data.starts(with: Array("bplist00".utf8)) { return try readBinaryPropertyList(data, path: path) }
        return try readXMLPropertyList([UInt8](data), path: path, kind: kind)
    }

    /// Reads an XML property list with the same located reader `.stringsdict` files use (not
    /// Foundation's `PropertyListSerialization`, which can say neither where a problem is nor
    /// run without Foundation's ICU): UTF-8, with the reader's limits (no entities beyond the
    /// five, no external DTD, bounded nesting). A UTF-16 file comes here already decoded to
    /// UTF-8. Where a key repeats, the last value wins, as in a dictionary.
    static func readXMLPropertyList(_ bytes: [UInt8], path: String, kind: String) throws(ParseError) -> StringsFile {
        let root: PropertyListNode
        do throws(ParseError) {
            root = try XMLPropertyListReader.read(bytes, file: path)
        } catch {
            throw ParseError("the file is \(kind) that could not be read: \(error.message)", at: error.location)
        }
        guard let members = root.members else {
            throw ParseError("the file is \(kind) holding \(root.kindName), not a dictionary of strings.", at: root.location)
        }
        var table: [String: StringsFile.Entry] = [:]
        table.reserveCapacity(members.count)
        for member in members {
            guard let value = member.value.string else {
                throw ParseError(
                    "the value of the key \(StringsFileParser.quoted(member.key)) is \(member.value.kindName); .strings values must be strings.",
                    at: member.value.location)
            }
            table[member.key] = StringsFile.Entry(key: member.key, value: value, location: member.keyLocation)
        }
        return StringsFile(entries: table.values.sorted { $0.key < $1.key })
    }

    /// Reads a binary property list with Parlance's own reader (see ``BinaryPropertyListReader``
    /// for why not Foundation's). Where a key repeats, the last value wins, as in a dictionary.
    private static func readBinaryPropertyList(_ data: Data, path: String) throws(ParseError) -> StringsFile {
        let start = SourceLocation(file: path, line: 1, column: 1)
        let kind = "a binary property list"
        let pairs: [(key: String, value: String)]
        do throws(BinaryPropertyListReader.Failure) {
            pairs = try BinaryPropertyListReader([UInt8](data)).pairs()
        } catch {
            let message = switch error {
            case .malformed(let reason): "the file is \(kind) that could not be read: \(reason)."
            case .notADictionary(let found): "the file is \(kind) holding \(found), not a dictionary of strings."
            case .keyNotAString(let found): "the file is \(kind) with a key that is \(found); .strings keys must be strings."
            case .valueNotAString(let key, let found):
                "the value of the key \(StringsFileParser.quoted(key)) is \(found); .strings values must be strings."
            }
            throw ParseError(message, at: start)
        }
        let table = Dictionary(pairs, uniquingKeysWith: { _, last in last })
        let entries = table.map { StringsFile.Entry(key: $0.key, value: $0.value, location: start) }
        return StringsFile(entries: entries.sorted { $0.key < $1.key })
    }
}
