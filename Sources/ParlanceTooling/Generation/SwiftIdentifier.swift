/// Turns catalog keys and substitution names into Swift identifiers.
///
/// Keys are written for people (`%lld questions restantes`, `load_more_count`, `30 days`);
/// accessors need names the compiler accepts and people can guess: words are split at
/// anything that is not a letter or digit, joined in camel case, a leading digit gets an
/// underscore, and keywords are written in backticks where they are declared and used.
enum SwiftIdentifier {
    /// The words of `text`: runs of letters and digits.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `questionsRestantes` for `questions restantes`; `nil` when `text` has no word.
    static func lowerCamel(_ text: String) -> String? {
        let parts = words(text)
        guard let first = parts.first else { return nil }
        let head = first.allSatisfy { !$0.isLowercase } ? first.lowercased() : lowercasingFirst(first)
        return guardLeadingDigit(head + parts.dropFirst().map(capitalizingFirst).joined())
    }

    /// `Quiz` for `quiz`; `nil` when `text` has no word.
    static func upperCamel(_ text: String) -> String? {
        let parts = words(text)
        guard !parts.isEmpty else { return nil }
        return guardLeadingDigit(parts.map(capitalizingFirst).joined())
    }

    /// The name as written in code: in backticks when it is a keyword.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// Names generated code cannot declare as members: they mean something else in member
    /// position (`self`, `Type`) or the generated code itself refers to them.
    static let reserved: Set<String> = [
        "self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "localizer",
        "Parlance", "Swift", "_", "parlanceKeys",
    ]

    private static func guardLeadingDigit(_ name: String) -> String {
        name.first?.isNumber == true ? "_" + name : name
    }

    private static func capitalizingFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    private static func lowercasingFirst(_ word: String) -> String {
        word.prefix(1).lowercased() + word.dropFirst()
    }

    /// Swift's keywords that need backticks as declared names.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
        "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
        "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
        "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false",
        "is", "nil", "super", "throws", "true", "try", "package",
    ]
}
