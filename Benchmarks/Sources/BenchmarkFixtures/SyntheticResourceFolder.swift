import Foundation

/// The same keys and words as ``SyntheticCatalog``, laid out the way older projects ship them:
/// `xx.lproj/Localizable.strings` for plain strings and `xx.lproj/Localizable.stringsdict`
/// for the plural keys, 20 languages × 5,000 keys by default.
///
/// Written as text, not through Parlance's writers, so a reader benchmark never measures
/// what a writer happened to produce.
public enum SyntheticResourceFolder {
    /// Writes the folder's `.lproj` subfolders into `folder`, creating it.
    public static func write(to folder: URL, keys: Int = 5_000, languages: [String] = SyntheticCatalog.languages) throws {
        for language in languages {
            let lproj = folder.appendingPathComponent("\(language).lproj", isDirectory: true)
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            let words = SyntheticCatalog.words[language] ?? ["word"]
            try strings(keys: keys, words: words).write(to: lproj.appendingPathComponent("Localizable.strings"))
            try stringsDict(keys: keys, words: words).write(to: lproj.appendingPathComponent("Localizable.stringsdict"))
        }
    }

    /// Whether `index` is a plural key; the same split as ``SyntheticCatalog`` (7.5% plurals).
    public static func isPlural(_ index: Int) -> Bool { [0, 1, 21].contains(index % 40) }

    public static func key(_ index: Int) -> String { "screen\(index / 50).item\(index).title" }

    private static func strings(keys: Int, words: [String]) -> Data {
        var text = ""
        text.reserveCapacity(keys * 90)
        for index in 0..<keys where !isPlural(index) {
            if index % 3 == 0 { text += "/* Shown on screen \(index / 50) \"quoted\" */\n" }
            let value = SyntheticCatalog.phrase(index, words, count: 1 + index % 2)
            text += "\"\(key(index))\" = \"\(value)\";\n\n"
        }
        return Data(text.utf8)
    }

    private static func stringsDict(keys: Int, words: [String]) -> Data {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        for index in 0..<keys where isPlural(index) {
            let categories = index % 80 == 1 ? ["few", "many", "one", "other"] : ["one", "other"]
            let phrase = SyntheticCatalog.phrase(index, words, count: 2)
            let format = index % 40 == 0 ? "%#@items@ \(words[0])" : "%#@items@"
            text += "\t<key>\(key(index))</key>\n\t<dict>\n"
            text += "\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>\(format)</string>\n"
            text += "\t\t<key>items</key>\n\t\t<dict>\n"
            text += "\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n"
            text += "\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>lld</string>\n"
            for category in categories {
                text += "\t\t\t<key>\(category)</key>\n\t\t\t<string>%lld \(phrase) (\(category))</string>\n"
            }
            text += "\t\t</dict>\n\t</dict>\n"
        }
        text += "</dict>\n</plist>\n"
        return Data(text.utf8)
    }
}
