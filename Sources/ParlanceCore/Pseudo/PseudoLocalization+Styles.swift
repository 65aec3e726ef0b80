extension PseudoLocalization {
    /// Lookalikes from Android's pseudolocale `en-XA`, one per ASCII letter.
    static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let accented = Array("åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, accented))
    }()

    /// Words appended to grow a string; numbers read clearly in any script and make it
    /// obvious where the real text ended.
    static let fillerWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    static func accented(_ text: String) -> String {
        String(text.map { accents[$0] ?? $0 })
    }

    /// Accents the text and appends filler words worth 40% of its visible length
    /// (placeholders do not count: their printed width is unknown), at least one word.
    static func expanded(_ pieces: [PseudoText.Piece]) -> String {
        let visible = pieces.reduce(0) { $0 + ($1.isPlaceholder ? 0 : $1.text.count) }
        guard visible > 0 else { return pieces.map(\.text).joined() }
        let target = (visible * 4 + 5) / 10
        var filler = ""
        var index = 0
        // Whole words only: a cut word would look like a truncation bug of its own.
        while filler.isEmpty || filler.count + 2 < target {
            filler += " " + fillerWords[index % fillerWords.count]
            index += 1
        }
        let text = pieces.map { $0.isPlaceholder ? $0.text : accented($0.text) }.joined()
        // After a stray `%`, a plain space would start a new conversion (`% o` is octal).
        if text.hasSuffix("%") { filler = "\u{00A0}" + filler.dropFirst() }
        return text + filler
    }

    /// Wraps each run of letters and digits in RIGHT-TO-LEFT MARK + RIGHT-TO-LEFT OVERRIDE …
    /// POP DIRECTIONAL FORMATTING + RIGHT-TO-LEFT MARK, as Android's `ar-XB` does; spaces and
    /// punctuation stay outside so line breaking still works.
    static func isolatedRightToLeft(_ text: String) -> String {
        var result = ""
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            result += "\u{200F}\u{202E}" + word + "\u{202C}\u{200F}"
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}
