extension StringsFileParser {
    func error(_ message: String, at offset: Int) -> ParseError {
        ParseError(message, at: text.location(at: offset))
    }

    mutating func warn(_ message: String, at offset: Int) {
        diagnostics.append(Diagnostic(.warning, message, at: location(at: offset)))
    }

    /// A value as messages quote it: in double quotes, line breaks visible, long text shortened.
    static func quoted(_ value: String) -> String {
        let limit = 40
        var shown = ""
        for (count, scalar) in value.unicodeScalars.enumerated() {
            if count == limit {
                shown += "…"
                break
            }
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return "\"\(shown)\""
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
        let message = if previous.value == value {
            "duplicate key \(Self.quoted(key)) repeats line \(previous.location.line) with the same value."
        } else {
            "duplicate key \(Self.quoted(key)): line \(previous.location.line) gives \(Self.quoted(previous.value)), "
                + "this line gives \(Self.quoted(value)); the last one wins, as in Foundation."
        }
        diagnostics.append(Diagnostic(.warning, message, at: location))
    }

    /// How many skipped characters get a warning each. The rest are counted in one warning,
    /// so a file of stray characters cannot cost hundreds of bytes of warnings per byte.
    static let maximumSkippedCharacterWarnings = 100

    /// Skips a character that cannot start a key. The warning's text is finished later,
    /// once the number of entries Foundation would drop is known.
    mutating func skipCharacterInKeyPosition() {
        if skippedCharacters.count < Self.maximumSkippedCharacterWarnings {
            let character = describeCharacter(at: index)
            diagnostics.append(Diagnostic(.warning, character, at: location(at: index)))
            skippedCharacters.append((diagnostics.count - 1, entries.count))
        } else {
            if uncountedSkips.count == 0 { uncountedSkips = (0, index, diagnostics.count) }
            uncountedSkips.count += 1
        }
        index += scalar(at: index).length
    }

    mutating func finishSkippedCharacterWarnings() {
        guard let first = skippedCharacters.first else { return }
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
        if uncountedSkips.count > 0 {
            let (count, offset, place) = uncountedSkips
            let characters = count == 1 ? "1 more unexpected character" : "\(count) more unexpected characters"
            let message = "skipped \(characters) in key position without a warning each "
                + "(Apple's parser already stopped reading on line \(stopLine))."
            diagnostics.insert(Diagnostic(.warning, message, at: text.location(at: offset)), at: place)
        }
    }
}
