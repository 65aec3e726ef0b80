import Foundation
import ParlanceCatalogs

extension Language {
    /// The way a script is written.
    public enum CharacterDirection: Sendable, Hashable {
        case leftToRight
        case rightToLeft
    }

    /// The language's name in itself, capitalised for a menu: "Italiano", "Français",
    /// "Tiếng Việt", "English (Australia)". Falls back to the identifier when unknown.
    public var nativeName: String {
        let locale = Locale(identifier: identifier)
        guard let name = locale.localizedString(forIdentifier: identifier), !name.isEmpty else { return identifier }
        return name.prefix(1).uppercased(with: locale) + name.dropFirst()
    }

    /// The language's name in English: "Italian", "Chinese, Traditional (Taiwan)".
    public var englishName: String {
        Locale(identifier: "en").localizedString(forIdentifier: identifier) ?? identifier
    }

    /// Scripts written right to left, for when Foundation's data does not say.
    private static let rightToLeftScripts: Set<String> = ["Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg", "Mand", "Samr"]
    private static let rightToLeftLanguages: Set<String> = ["ar", "he", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb", "syr", "arc", "ks", "ku-Arab"]

    /// The direction the language's script runs: right to left for ar, he, fa, ur, ….
    public var characterDirection: CharacterDirection {
        if let script { return Self.rightToLeftScripts.contains(script) ? .rightToLeft : .leftToRight }
        if Self.rightToLeftLanguages.contains(languageCode) { return .rightToLeft }
        return Locale.Language(identifier: identifier).characterDirection == .rightToLeft ? .rightToLeft : .leftToRight
    }

    /// The Foundation locale for formatting in this language.
    public var locale: Locale { Locale(identifier: identifier) }
}
