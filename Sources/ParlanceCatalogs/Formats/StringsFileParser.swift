/// The old-style `.strings` grammar, following `CFOldStylePList.c` step by step.
///
/// ```
/// file   := ws* ( body | "{" body "}" ) ws*
/// body   := ( entry ws* )*
/// entry  := string ws* ( "=" ws* string ws* ";" | ";" )
/// string := '"' … '"' | "'" … "'" | [A-Za-z0-9_$/:.-]+
/// ```
/// Whitespace includes comments; see `skipTrivia`.
struct StringsFileParser {
    let text: StringsFileText
    /// The same bytes as `text.bytes`, held directly so the hot loops index an array.
    let bytes: [UInt8]
    var index = 0
    var entries: [StringsFile.Entry] = []
    var diagnostics: [Diagnostic] = []
    /// The comment block `skipTrivia(collectingComment:)` found before the next token.
    var leadingComment: String?
    /// The entry that currently wins for each key.
    var winningEntry: [String: Int] = [:]
    /// Characters skipped in key position: the warning to finish, and how many entries came before.
    var skippedCharacters: [(diagnostic: Int, entriesBefore: Int)] = []
    /// Characters skipped past the warning limit: how many, where the first was, and where in
    /// `diagnostics` their one warning belongs.
    var uncountedSkips = (count: 0, offset: 0, diagnostic: 0)
    /// Duplicate keys warned about one by one, and those past the limit, counted the same way.
    var listedDuplicates = 0
    var uncountedDuplicates = (count: 0, location: SourceLocation(file: "", line: 1, column: 1), diagnostic: 0)
    /// The last location found, where finding the next one starts.
    private var lastLocation: (offset: Int, location: SourceLocation)?

    init(text: StringsFileText) {
        self.text = text
        self.bytes = text.bytes
    }

    mutating func parse() throws(ParseError) -> StringsFile {
        guard try skipTrivia(collectingComment: true, afterToken: false) else {
            return StringsFile()
        }
        if bytes[index] == UInt8(ascii: "{") {
            let open = index
            index += 1
            try readBracedEntries(openedAt: open)
        } else {
            // Foundation reads the first token as a whole property list, so here, unlike in
            // later key positions, a character that cannot start a key is an error.
            guard Self.canStartString(bytes[index]) else {
                throw error("expected a key but found \(describeCharacter(at: index)).", at: index)
            }
            do {
                try readEntries()
            } catch {
                // Past a point where Foundation stopped reading, an error cannot keep the file
                // from loading on Apple platforms, so it must not keep it from loading here.
                guard let stop = skippedCharacters.first else { throw error }
                let stopLine = diagnostics[stop.diagnostic].location?.line ?? 1
                var message = error.message
                if message.hasSuffix(".") { message.removeLast() }
                diagnostics.append(Diagnostic(
                    .warning, "\(message); reading stops here (Apple's parser already stopped on line \(stopLine)).",
                    at: error.location))
            }
        }
        finishWarnings()
        return StringsFile(entries: entries, diagnostics: diagnostics)
    }

    /// Entries without braces, the usual form. Foundation ends the dictionary, without an
    /// error, at the first character that cannot start a key; this reader warns and reads on.
    /// Starts at a token.
    private mutating func readEntries() throws(ParseError) {
        repeat {
            if Self.canStartString(bytes[index]) {
                try readEntry()
            } else {
                skipCharacterInKeyPosition()
            }
        } while try skipTrivia(collectingComment: true, afterToken: true)
    }

    /// Entries inside `{ … }`. Here Foundation does report stray characters, as a missing `}`.
    private mutating func readBracedEntries(openedAt open: Int) throws(ParseError) {
        while try skipTrivia(collectingComment: true, afterToken: true) {
            let byte = bytes[index]
            if byte == UInt8(ascii: "}") {
                index += 1
                if try skipTrivia() {
                    throw error(
                        "unexpected \(describeCharacter(at: index)) after the closing '}'; a .strings file holds one dictionary.",
                        at: index)
                }
                return
            }
            guard Self.canStartString(byte) else {
                throw error("expected a key or '}' but found \(describeCharacter(at: index)).", at: index)
            }
            try readEntry()
        }
        let line = text.location(at: open).line
        throw error("expected '}' to close the dictionary opened on line \(line) before the end of the file.", at: index)
    }

    private mutating func readEntry() throws(ParseError) {
        let comment = leadingComment
        let keyStart = index
        let key = try readString()
        let keyEnd = index
        guard try skipTrivia() else {
            throw error("expected '=' or ';' after the key \(Self.quoted(key)).", at: keyEnd)
        }
        let value: String
        switch bytes[index] {
        case UInt8(ascii: ";"):
            value = key
        case UInt8(ascii: "="):
            index += 1
            value = try readValue(for: key)
            let valueEnd = index
            guard try skipTrivia(), bytes[index] == UInt8(ascii: ";") else {
                throw error("expected ';' after the value \(Self.quoted(value)).", at: valueEnd)
            }
        default:
            throw error(
                "expected '=' or ';' after the key \(Self.quoted(key)) but found \(describeCharacter(at: index)).",
                at: index)
        }
        index += 1
        let keyLocation = location(at: keyStart)
        noteDuplicate(key: key, value: value, at: keyLocation)
        winningEntry[key] = entries.count
        entries.append(StringsFile.Entry(key: key, value: value, comment: comment, location: keyLocation))
    }

    /// Locations are found in file order, so each search continues from the last one.
    mutating func location(at offset: Int) -> SourceLocation {
        let location = text.location(at: offset, after: lastLocation)
        lastLocation = (offset, location)
        return location
    }

    private mutating func readValue(for key: String) throws(ParseError) -> String {
        guard try skipTrivia() else {
            throw error("expected a value for the key \(Self.quoted(key)) before the end of the file.", at: index)
        }
        let byte = bytes[index]
        if Self.canStartString(byte) {
            return try readString()
        }
        let kind: String? = switch byte {
        case UInt8(ascii: "("): "an array"
        case UInt8(ascii: "{"): "a dictionary"
        case UInt8(ascii: "<"): "data"
        default: nil
        }
        if let kind {
            throw error(
                "the value of the key \(Self.quoted(key)) is \(kind); .strings values must be strings.", at: index)
        }
        throw error("expected a value for the key \(Self.quoted(key)) but found \(describeCharacter(at: index)).", at: index)
    }
}
