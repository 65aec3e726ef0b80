extension StringsFileParser {
    func error(_ message: String, at offset: Int) -> ParseError {
        ParseError(message, at: text.location(at: offset))
    }

    mutating func warn(_ message: String, at offset: Int) {
        diagnostics.append(Diagnostic(.warning, message, at: location(at: offset)))
    }

    /// A value as messages quote it: in double quotes, line breaks visible, long text shortened.
    static func quoted(_ value: String) -> String {
        Diagnostic.quoted(value, limit: 40)
    }

    /// The character at `offset` as messages name it: `';' (U+003B)`, or just `U+0008` when
    /// it would be invisible.
    func describeCharacter(at offset: Int) -> String {
        let (scalar, _) = scalar(at: offset)
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator,
             .privateUse, .surrogate, .unassigned:
            return code
        default:
            return "'\(Character(scalar))' (\(code))"
        }
    }

    /// The scalar starting at `offset` and its length in bytes; the text is valid UTF-8.
    func scalar(at offset: Int) -> (Unicode.Scalar, length: Int) {
        let lead = bytes[offset]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        let end = min(offset + length, bytes.count)
        let scalar = String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first
        return (scalar ?? "\u{FFFD}", end - offset)
    }

    /// Foundation keeps the last value for a key; say so when a key repeats.
    mutating func noteDuplicate(key: String, value: String, at location: SourceLocation) {
        guard let previous = winningEntry[key].map({ entries[$0] }) else { return }
        guard listedDuplicates < Self.maximumListedWarnings else {
            if uncountedDuplicates.count == 0 { uncountedDuplicates = (0, location, diagnostics.count) }
            uncountedDuplicates.count += 1
            return
        }
        listedDuplicates += 1
        let message = if previous.value == value {
            "duplicate key \(Self.quoted(key)) repeats line \(previous.location.line) with the same value."
        } else {
            "duplicate key \(Self.quoted(key)): line \(previous.location.line) gives \(Self.quoted(previous.value)), "
                + "this line gives \(Self.quoted(value)); the last one wins, as in Foundation."
        }
        diagnostics.append(Diagnostic(.warning, message, at: location, code: .duplicateKey))
    }

    /// How many skipped characters, and how many duplicate keys, get a warning each. The rest
    /// of each are counted in one warning, so a file of stray characters or of `a;a;a;…` cannot
    /// cost hundreds of bytes of warnings per byte it holds.
    static let maximumListedWarnings = 100

    /// Skips a character that cannot start a key. The warning's text is finished later,
    /// once the number of entries Foundation would drop is known.
    mutating func skipCharacterInKeyPosition() {
        if skippedCharacters.count < Self.maximumListedWarnings {
            let character = describeCharacter(at: index)
            diagnostics.append(Diagnostic(.warning, character, at: location(at: index)))
            skippedCharacters.append((diagnostics.count - 1, entries.count))
        } else {
            if uncountedSkips.count == 0 { uncountedSkips = (0, index, diagnostics.count) }
            uncountedSkips.count += 1
        }
        index += scalar(at: index).length
    }

    /// Completes the warnings once the whole file is read: the text of each skipped-character
    /// warning, and one warning each for the characters and duplicates past the limit.
    mutating func finishWarnings() {
        let inserted = finishSkippedCharacterWarnings()
        guard uncountedDuplicates.count > 0 else { return }
        let (count, location, place) = uncountedDuplicates
        let keys = count == 1 ? "1 more duplicate key is" : "\(count) more duplicate keys are"
        let message = "\(keys) not listed one by one; for each, the last value wins, as in Foundation."
        // Keep file order: step past the skipped characters' warning if it went in before this one.
        let after = inserted.map { $0.place < place || ($0.place == place && ($0.location.line, $0.location.column) <= (location.line, location.column)) } ?? false
        diagnostics.insert(Diagnostic(.warning, message, at: location), at: after ? place + 1 : place)
    }

    /// Finishes the skipped-character warnings; returns where their summary went, if anywhere.
    private mutating func finishSkippedCharacterWarnings() -> (place: Int, location: SourceLocation)? {
        guard let first = skippedCharacters.first else { return nil }
        let stopLine = diagnostics[first.diagnostic].location?.line ?? 1
        for (number, skipped) in skippedCharacters.enumerated() {
            let character = diagnostics[skipped.diagnostic].message
            let consequence: String
            if number > 0 {
                consequence = "skipped it (Apple's parser already stopped reading on line \(stopLine))."
            } else {
                let dropped = entries.count - skipped.entriesBefore
                consequence = switch dropped {
                case 0: "Apple's parser stops reading here, but no entries follow."
                case 1: "Apple's parser stops reading here and drops the remaining 1 entry."
                default: "Apple's parser stops reading here and drops the remaining \(dropped) entries."
                }
            }
            diagnostics[skipped.diagnostic].message = "unexpected character \(character) in key position; \(consequence)"
        }
        // Every warning above comes before `place`, so inserting here moves none of them.
        guard uncountedSkips.count > 0 else { return nil }
        let (count, offset, place) = uncountedSkips
        let characters = count == 1 ? "1 more unexpected character" : "\(count) more unexpected characters"
        let message = "skipped \(characters) in key position without a warning each "
            + "(Apple's parser already stopped reading on line \(stopLine))."
        let location = text.location(at: offset)
        diagnostics.insert(Diagnostic(.warning, message, at: location), at: place)
        return (place, location)
    }
}
