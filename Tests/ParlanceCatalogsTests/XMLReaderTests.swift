@testable import ParlanceCatalogs
import Testing

/// The package's one XML reader, on its own: the events it returns and each refusal, with
/// its place. The formats over it (`.stringsdict`, XLIFF) are tested with their fixtures.
@Suite("The XML reader")
struct XMLReaderTests {
    static let plist = XMLReader.Options(documentKind: "property lists", doctype: .skip, depth: 8)
    static let strict = XMLReader.Options(documentKind: "XLIFF files", doctype: .refuse, depth: 3)

    /// Every event as a line: `<name a=v>`, `</name>`, `"text"` (`~` when white space).
    func events(_ text: String, _ options: XMLReader.Options = plist) throws(ParseError) -> [String] {
        var reader = XMLReader(Array(text.utf8), path: "t.xml", options: options)
        var lines: [String] = []
        while true {
            switch try reader.next() {
            case .start(let tag):
                let attributes = tag.attributes.map { " \($0.name)=\($0.value)" }.joined()
                lines.append("<\(tag.qualifiedName)\(attributes)>@\(tag.offset)")
            case .end(let name, let offset):
                lines.append("</\(name)>@\(offset)")
            case .text(let offset, let isWhitespace):
                lines.append("\(isWhitespace ? "~" : "")\"\(reader.text)\"@\(offset)")
            case .endOfDocument(let offset):
                lines.append("EOF@\(offset)")
                return lines
            }
        }
    }

    func failure(_ text: String, _ options: XMLReader.Options = plist) -> String? {
        do {
            _ = try events(text, options)
            return nil
        } catch {
            return "\(error.location.line):\(error.location.column): \(error.message)"
        }
    }

    @Test("Tags, attributes and text come in document order; an empty element ends at once")
    func documentOrder() throws {
        #expect(try events(#"<a x="1" y='&lt;2'><b/>hi</a>"#) == [
            "<a x=1 y=<2>@0", "<b>@19", "</b>@19", "\"hi\"@23", "</a>@25", "EOF@29",
        ])
    }

    @Test("Text joins references, CDATA and the text around comments, and normalises line ends")
    func text() throws {
        #expect(try events("<s> a&amp;<!-- c -->b<![CDATA[<x>\r\n]]>&#x1F600;\r</s>") == [
            "<s>@0", "\" a&b<x>\n😀\n\"@4", "</s>@48", "EOF@52",
        ])
    }

    @Test("A text event's place is its first byte that is not white space")
    func textPlace() throws {
        #expect(try events("<a>\n  x</a>") == ["<a>@0", "\"\n  x\"@6", "</a>@7", "EOF@11"])
        #expect(try events("<a>\n  </a>") == ["<a>@0", "~\"\n  \"@3", "</a>@6", "EOF@10"])
    }

    @Test("The DOCTYPE Xcode writes is stepped over for property lists, internal subset and all")
    func doctypeSkipped() throws {
        let text = #"<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE plist [<!ENTITY e "x">]><plist/>"#
        #expect(try events(text).filter { !$0.hasPrefix("~") } == ["<plist>@72", "</plist>@72", "EOF@80"])
    }

    @Test("A DOCTYPE is refused where the format needs none, and anywhere after the root")
    func doctypeRefused() {
        #expect(failure("\n<!DOCTYPE x><x/>", Self.strict)
            == "2:1: a document type declaration (<!DOCTYPE) is not read: XLIFF files need none, and a DTD could declare entities or name external files.")
        #expect(failure("<x><!DOCTYPE x></x>")
            == "1:4: a declaration (<!) here; only comments and CDATA sections may appear in an element, and a DOCTYPE only before the root element.")
    }

    @Test("Each refusal names its place", arguments: [
        ("<a>&nbsp;</a>", "1:4: unknown entity '&nbsp;'; only &lt; &gt; &amp; &quot; &apos; and character references are allowed."),
        ("<a>a & b</a>", "1:6: expected an entity such as '&amp;' after '&'."),
        ("<a>&#0;</a>", "1:4: invalid character reference '&#0;'."),
        ("<a>&#xD800;</a>", "1:4: invalid character reference '&#xD800;'."),
        ("<a>\n  </b>", "2:3: expected '</a>', found '</b>'."),
        ("</a>", "1:1: '</a>' closes no open element."),
        ("<a x=1/>", "1:6: expected a quoted value for the attribute 'x'."),
        (#"<a x="1"y="2"/>"#, "1:9: expected a space before the attribute in <a>."),
        (#"<a x="1" x="2"/>"#, "1:10: the attribute x appears twice in <a>."),
        (#"<a x="<"/>"#, "1:7: '<' inside the value of x; write &lt;."),
        ("<1a/>", "1:2: expected a name here."),
        ("<a", "1:1: the tag <a> never ends; expected '>'."),
        ("<a><!-- x", "1:4: unterminated comment; expected '-->'."),
        ("<a><![CDATA[ x", "1:4: unterminated CDATA section; expected ']]>'."),
        ("<?xml version='1.0'", "1:1: unterminated processing instruction; expected '?>'."),
        (#"<?xml version="1.0" encoding="ISO-8859-1"?><a/>"#, #"1:1: the declared encoding is "ISO-8859-1"; only UTF-8 XML is read."#),
        ("<!DOCTYPE a [ <a/>", "1:1: unterminated DOCTYPE; expected '>'."),
    ])
    func refusals(text: String, expected: String) {
        #expect(failure(text) == expected)
    }

    @Test("Bytes that are not UTF-8 are refused before anything is read, a UTF-16 file included")
    func notUTF8() {
        var bytes = Array("<a>\n".utf8)
        bytes += [0xC3, 0x28]
        var reader = XMLReader(bytes, path: "t.xml", options: Self.plist)
        #expect(throws: ParseError("invalid UTF-8 byte 0xC3; property lists must be UTF-8.", at: SourceLocation(file: "t.xml", line: 2, column: 1))) {
            _ = try reader.next()
        }
        var utf16 = XMLReader([0xFF, 0xFE, 0x3C, 0x00], path: "t.xml", options: Self.strict)
        #expect(throws: ParseError("invalid UTF-8 byte 0xFF; XLIFF files must be UTF-8.", at: SourceLocation(file: "t.xml", line: 1, column: 1))) {
            _ = try utf16.next()
        }
    }

    @Test("A byte order mark is allowed, and a document past the size limit is not read")
    func bomAndSize() throws {
        #expect(try events("\u{FEFF}<a/>") == ["<a>@3", "</a>@3", "EOF@7"])
        var options = Self.plist
        options.bytes = 4
        #expect(failure("<a/> ", options) == "1:1: the file is 5 bytes; XML past 4 bytes is not read.")
    }

    @Test("Deep nesting is refused at the limit, in time and stack proportional to the limit")
    func deepNesting() {
        let depth = 100_000
        let text = String(repeating: "<g>", count: depth) + String(repeating: "</g>", count: depth)
        #expect(failure(text) == "1:25: elements nest deeper than 8 levels here.")
    }

    @Test("The tree over the reader keeps text beside no element and drops indentation")
    func tree() throws {
        let root = try XMLTreeReader.read(Array("<x:a k='v'>\n  <b> t </b>\n  <c/>\n</x:a>".utf8), path: "t.xml")
        #expect(root.name == "a")
        #expect(root.attribute("k") == "v")
        #expect(root.children.count == 2)
        guard case .text(let text)? = root.firstElement("b")?.children.first else {
            Issue.record("expected the text of <b>")
            return
        }
        #expect(text == " t ")
        #expect(root.firstElement("c")?.offset == 27)
    }

    @Test("The tree refuses what a document may not hold, with its place", arguments: [
        ("", "1:1: the file holds no XML element."),
        ("text", "1:1: expected an XML element, found text."),
        ("<a/><b/>", "1:5: a second root element; an XML document has one."),
        ("<a/> x", "1:6: text after the root element."),
        ("<a>", "1:1: <a> is never closed; expected </a>."),
    ])
    func treeRefusals(text: String, expected: String) {
        do {
            _ = try XMLTreeReader.read(Array(text.utf8), path: "t.xml")
            Issue.record("\(text) was read")
        } catch {
            #expect("\(error.location.line):\(error.location.column): \(error.message)" == expected)
        }
    }
}
