/// Splits text into placeholders, which pseudo-localization must keep exactly, and the
/// prose between them.
///
/// Placeholders are printf conversions as ``/ParlanceCatalogs/FormatTemplateScanner`` reads them, `%%`,
/// `%#@name@` substitutions (positional too), `%arg`, and `{name}` placeholders. Scanning
/// is linear: a `%` that starts no valid conversion is prose.
enum PseudoText {
    struct Piece: Hashable {
        var text: String
        var isPlaceholder: Bool
    }

    /// The pieces of `text`, in order; joined they give `text` back unchanged.
    static func pieces(of text: String) -> [Piece] {
        let characters = Array(text)
        var pieces: [Piece] = []
        var prose = ""
        var index = 0
        while index < characters.count {
            let end: Int? = switch characters[index] {
            case "%": conversionEnd(characters, from: index)
            case "{": namedPlaceholderEnd(characters, from: index)
            default: nil
            }
            if let end {
                if !prose.isEmpty { pieces.append(Piece(text: prose, isPlaceholder: false)) }
                prose = ""
                pieces.append(Piece(text: String(characters[index..<end]), isPlaceholder: true))
                index = end
            } else {
                prose.append(characters[index])
                index += 1
            }
        }
        if !prose.isEmpty { pieces.append(Piece(text: prose, isPlaceholder: false)) }
        return pieces
    }

    private static let flags: Set<Character> = ["-", "+", " ", "#", "0", "'"]
    private static let lengths: [[Character]] = [["h", "h"], ["l", "l"], ["h"], ["l"], ["q"], ["L"], ["z"], ["t"], ["j"]]

    /// Where the conversion starting at `start` (a `%`) ends, or `nil` when it is none.
    private static func conversionEnd(_ c: [Character], from start: Int) -> Int? {
        var i = start + 1
        func at(_ offset: Int) -> Character? { offset < c.count ? c[offset] : nil }
        if at(i) == "%" { return i + 1 }
        if at(i) == "a", at(i + 1) == "r", at(i + 2) == "g" { return i + 3 }
        i = skipPosition(c, from: i)
        if at(i) == "#", at(i + 1) == "@" {
            var j = i + 2
            while j < c.count, c[j] != "@" { j += 1 }
            return j < c.count ? j + 1 : nil
        }
        while let character = at(i), flags.contains(character) { i += 1 }
        i = skipNumberOrStar(c, from: i)
        if at(i) == "." { i = skipNumberOrStar(c, from: i + 1) }
        for length in lengths where i + length.count <= c.count && Array(c[i..<(i + length.count)]) == length {
            i += length.count
            break
        }
        guard let conversion = at(i), FormatTemplateScanner.conversions.contains(conversion) else { return nil }
        return i + 1
    }

    /// Past `n$` at `start`, if there is one.
    private static func skipPosition(_ c: [Character], from start: Int) -> Int {
        var i = start
        while i < c.count, i - start < 10, c[i].isASCII, c[i].isNumber { i += 1 }
        return i > start && i < c.count && c[i] == "$" ? i + 1 : start
    }

    private static func skipNumberOrStar(_ c: [Character], from start: Int) -> Int {
        if start < c.count, c[start] == "*" { return skipPosition(c, from: start + 1) }
        var i = start
        while i < c.count, c[i].isASCII, c[i].isNumber { i += 1 }
        return i
    }

    /// Where `{name}` starting at `start` ends, or `nil` when the brace starts none.
    private static func namedPlaceholderEnd(_ c: [Character], from start: Int) -> Int? {
        var i = start + 1
        while i < c.count, c[i].isASCII, c[i].isLetter || c[i].isNumber || c[i] == "_" { i += 1 }
        return i > start + 1 && i < c.count && c[i] == "}" ? i + 1 : nil
    }
}
