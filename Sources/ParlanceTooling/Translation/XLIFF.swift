import Foundation
import Parlance

/// Translation files read from XLIFF or `.po`, with where each unit was written, for errors.
public struct TranslationDocument: Sendable {
    public var files: [TranslationFile]
    /// For each file, for each unit, where its translation (or the unit, if it has none) starts.
    public var locations: [[SourceLocation]]

    public init(files: [TranslationFile] = [], locations: [[SourceLocation]] = []) {
        self.files = files
        self.locations = locations
    }
}

/// XLIFF 1.2 as Xcode writes it for `-exportLocalizations`, and as translation platforms
/// (Crowdin, Lokalise, Phrase, Weblate, Poedit) read and write it back.
public enum XLIFF {
    /// The namespace of XLIFF 1.2 documents.
    public static let namespace = "urn:oasis:names:tc:xliff:document:1.2"

    /// Writes `files` as one XLIFF 1.2 document: one `<file>` each, one `<trans-unit>` per unit.
    ///
    /// Each unit is written with `xml:space="preserve"`, its source, its target when it has
    /// one (with the `state` of ``XLIFFState``), and its note; the text is escaped as XML
    /// requires. A unit holding a character XML 1.0 cannot carry at all (U+0000 to U+001F
    /// other than tab, newline and carriage return) is left out and reported.
    public static func write(_ files: [TranslationFile]) -> (data: Data, losses: [Diagnostic]) {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">"# + "\n"
        var losses: [Diagnostic] = []
        for file in files {
            out += "  <file original=\"\(attribute(file.original))\" source-language=\"\(attribute(file.sourceLanguage))\" target-language=\"\(attribute(file.targetLanguage))\" datatype=\"plaintext\">\n"
            out += "    <header>\n"
            out += "      <tool tool-id=\"parlance\" tool-name=\"Parlance\"/>\n"
            out += "    </header>\n"
            out += "    <body>\n"
            for unit in file.units {
                let texts = [unit.id, unit.source, unit.target ?? "", unit.note ?? ""] + (unit.sourceValues ?? []) + (unit.targetValues ?? [])
                if texts.contains(where: { !isWritable($0) }) {
                    losses.append(Diagnostic(.warning, "\(file.original): \"\(unit.id)\" holds a control character XML cannot carry; it is left out of the \(file.targetLanguage) XLIFF."))
                    continue
                }
                out += "      <trans-unit id=\"\(attribute(unit.id))\" xml:space=\"preserve\">\n"
                let stateAttribute = XLIFFState.attribute(for: unit.state).map { " state=\"\($0)\"" } ?? ""
                if let sourceValues = unit.sourceValues {
                    // A string set: each phrase in its own <mrk mtype="x-set">, as Xcode writes App Shortcuts phrases.
                    func phrases(_ values: [String]) -> String {
                        values.enumerated().map { "\n          <mrk mtype=\"x-set\" mid=\"\($0.offset)\">\(text($0.element))</mrk>" }.joined() + "\n        "
                    }
                    out += "        <source>\(phrases(sourceValues))</source>\n"
                    if let targetValues = unit.targetValues {
                        out += "        <target\(stateAttribute)>\(phrases(targetValues))</target>\n"
                    }
                } else {
                    out += "        <source>\(text(unit.source))</source>\n"
                    if let target = unit.target {
                        out += "        <target\(stateAttribute)>\(text(target))</target>\n"
                    }
                }
                if let note = unit.note, !note.isEmpty {
                    out += "        <note>\(text(note))</note>\n"
                } else {
                    out += "        <note/>\n"
                }
                out += "      </trans-unit>\n"
            }
            out += "    </body>\n"
            out += "  </file>\n"
        }
        out += "</xliff>\n"
        return (Data(out.utf8), losses)
    }

    /// Reads an XLIFF 1.2 document.
    ///
    /// Units may sit in `<group>`s. A `<target>` with inline markup (`<g>`, `<x/>`, `<ph>`)
    /// is refused: Xcode writes none and a String Catalog cannot hold it. An empty `<target>`
    /// counts as no translation. XML's hazards are refused as the package's one XML reader describes (no DTD, XML's five entities, 64 levels).
    ///
    /// - Throws: ``/ParlanceCatalogs/ParseError`` naming `path`, line and column.
    public static func read(_ data: Data, path: String) throws(ParseError) -> TranslationDocument {
        let bytes = [UInt8](data)
        let root = try XMLTreeReader.read(bytes, path: path)
        // Lines are indexed only when something is reported.
        func fail(_ message: String, _ element: XMLElement) -> ParseError {
            ParseError(message, at: LineIndex(bytes: bytes, file: path).location(ofByte: element.offset))
        }
        guard root.name == "xliff" else { throw fail("the root element is <\(root.name)>; an XLIFF file's is <xliff>.", root) }
        if let version = root.attribute("version"), !version.hasPrefix("1.") {
            throw fail("this is XLIFF \(version); Parlance reads XLIFF 1.2, which Xcode and translation platforms exchange.", root)
        }
        var document = TranslationDocument()
        for fileElement in root.elements("file") {
            guard let original = fileElement.attribute("original") else { throw fail("<file> has no original attribute naming its catalog.", fileElement) }
            guard let sourceLanguage = fileElement.attribute("source-language") else { throw fail("<file original=\"\(original)\"> has no source-language.", fileElement) }
            guard let targetLanguage = fileElement.attribute("target-language") else { throw fail("<file original=\"\(original)\"> has no target-language.", fileElement) }
            var units: [TranslationUnit] = []
            var offsets: [Int] = []
            var seen = Set<String>()
            func collect(_ element: XMLElement) throws(ParseError) {
                for child in element.children {
                    guard case .element(let node) = child else { continue }
                    if node.name == "group" {
                        try collect(node)
                        continue
                    }
                    guard node.name == "trans-unit" else { continue }
                    guard let id = node.attribute("id") else { throw fail("<trans-unit> has no id.", node) }
                    guard seen.insert(id).inserted else { throw fail("a second <trans-unit> with the id \"\(id)\" in \(original).", node) }
                    let (key, unitPath) = TranslationUnit.split(id: id)
                    // Xcode 27 writes plural cases an import added with no <source>: read them as empty.
                    var sourceSet: [String]?
                    var source = ""
                    if let sourceElement = node.firstElement("source") {
                        sourceSet = try phrases(sourceElement, fail)
                        if let first = sourceSet?.first { source = first } else { source = try plainText(sourceElement, fail) }
                    }
                    var target: String?
                    var targetSet: [String]?
                    var state: TranslationState?
                    var offset = node.offset
                    if let targetElement = node.firstElement("target") {
                        targetSet = try phrases(targetElement, fail)
                        let text: String
                        if let first = targetSet?.first { text = first } else { text = try plainText(targetElement, fail) }
                        target = text.isEmpty ? nil : text
                        if targetSet?.isEmpty == true { targetSet = nil }
                        state = XLIFFState.state(forAttribute: targetElement.attribute("state"))
                        offset = targetElement.offset
                    }
                    let notes = try node.elements("note").map { (note) throws(ParseError) in try plainText(note, fail) }.filter { !$0.isEmpty }
                    units.append(TranslationUnit(key: key, path: unitPath, source: source, target: target, state: state,
                                                 note: notes.isEmpty ? nil : notes.joined(separator: "\n"),
                                                 sourceValues: sourceSet, targetValues: targetSet))
                    offsets.append(offset)
                }
            }
            if let body = fileElement.firstElement("body") { try collect(body) }
            document.files.append(TranslationFile(original: original, sourceLanguage: sourceLanguage, targetLanguage: targetLanguage, units: units))
            document.locations.append(LineIndex.locations(ofSorted: offsets, in: bytes, file: path))
        }
        return document
    }

    /// The phrases of a string set: the `<mrk mtype="x-set">` children, in order, with the
    /// white space Xcode indents them with ignored; `nil` when the element holds no `<mrk>`.
    private static func phrases(_ element: XMLElement, _ fail: (String, XMLElement) -> ParseError) throws(ParseError) -> [String]? {
        guard element.firstElement("mrk") != nil else { return nil }
        var values: [String] = []
        for child in element.children {
            switch child {
            case .text(let part):
                if !part.allSatisfy(\.isWhitespace) { throw fail("text beside the <mrk> phrases of <\(element.name)>; each phrase must be in its own <mrk>.", element) }
            case .element(let mark):
                guard mark.name == "mrk", mark.attribute("mtype") == "x-set" else {
                    throw fail("<\(mark.name)> inside <\(element.name)>: inline markup cannot be imported into a String Catalog; write the text itself.", mark)
                }
                values.append(try plainText(mark, fail))
            }
        }
        return values
    }

    private static func plainText(_ element: XMLElement, _ fail: (String, XMLElement) -> ParseError) throws(ParseError) -> String {
        var text = ""
        for child in element.children {
            switch child {
            case .text(let part): text += part
            case .element(let inline):
                throw fail("<\(inline.name)> inside <\(element.name)>: inline markup cannot be imported into a String Catalog; write the text itself.", inline)
            }
        }
        return text
    }

    // MARK: Escaping

    static func isWritable(_ text: String) -> Bool {
        // U+FFFE and U+FFFF are EF BF BE and EF BF BF in UTF-8: only a byte below 0x20 or an
        // 0xEF lead byte needs a closer look.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0xEF }) else { return true }
        return !text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" || $0.value == 0xFFFE || $0.value == 0xFFFF }
    }

    static func text(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\r") }) else { return value }
        var out = ""
        out.reserveCapacity(value.utf8.count + 8)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func attribute(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") || $0 < 0x20 }) else {
            return value
        }
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
