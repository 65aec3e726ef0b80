import Foundation

extension StringsFileReader {
    /// Reads a `.strings` file that is really an XML or binary property list.
    ///
    /// Such files are what Xcode leaves when a compiled `.strings` file gets committed, or what
    /// older tools wrote. Property lists carry no comments or duplicates, and their order means
    /// nothing, so the entries come sorted by key to keep output stable.
    static func readPropertyList(_ data: Data, path: String, kind: String) throws(ParseError) -> StringsFile {
        let start = SourceLocation(file: path, line: 1, column: 1)
        if data.starts(with: Array("bplist00".utf8)) { return try readBinaryPropertyList(data, path: path) }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw ParseError("the file is \(kind) that could not be read: \(reason(error))", at: start)
        }
        guard let dictionary = plist as? [AnyHashable: Any] else {
            throw ParseError(
                "the file is \(kind) holding \(describe(plist)), not a dictionary of strings.", at: start)
        }
        var entries: [StringsFile.Entry] = []
        entries.reserveCapacity(dictionary.count)
        for (anyKey, anyValue) in dictionary {
            guard let key = anyKey.base as? String else {
                throw ParseError(
                    "the file is \(kind) with a key that is \(describe(anyKey.base)); .strings keys must be strings.",
                    at: start)
            }
            guard let value = anyValue as? String else {
                throw ParseError(
                    "the value of the key \(StringsFileParser.quoted(key)) is \(describe(anyValue)); .strings values must be strings.",
                    at: start)
            }
            entries.append(StringsFile.Entry(key: key, value: value, location: start))
        }
        entries.sort { $0.key < $1.key }
        return StringsFile(entries: entries)
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

    /// The parser's own explanation, which says more than the generic "not in the correct format".
    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        let text = (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.hasSuffix(".") ? trimmed : trimmed + "."
    }

    private static func describe(_ value: Any) -> String {
        switch value {
        case is String: "a string"
        case is [Any]: "an array"
        case is [AnyHashable: Any]: "a dictionary"
        case is Data: "data"
        case is Date: "a date"
        case is Bool, is NSNumber: "a number"
        default: "a \(type(of: value))"
        }
    }
}
