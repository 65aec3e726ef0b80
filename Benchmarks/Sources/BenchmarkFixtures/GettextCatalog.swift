import Foundation

/// Writes gettext catalogs for the baselines: a `.po` of key–value pairs, compiled by
/// `msgfmt` (Debian's gettext package) into `<folder>/<language>/LC_MESSAGES/<domain>.mo`.
public enum GettextCatalog {
    /// Writes `<folder>/<language>.po` and compiles it; `pairs` in the order given.
    public static func write(_ pairs: [(key: String, value: String)], language: String, domain: String, to folder: URL) throws {
        var po = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        for pair in pairs { po += "\nmsgid \(quoted(pair.key))\nmsgstr \(quoted(pair.value))\n" }
        let source = folder.appendingPathComponent("\(language).po")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(po.utf8).write(to: source)
        let messages = folder.appendingPathComponent("\(language)/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        msgfmt.arguments = ["msgfmt", "-o", messages.appendingPathComponent("\(domain).mo").path, source.path]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        guard msgfmt.terminationStatus == 0 else {
            throw BenchmarkFixtureError(description: "msgfmt failed (\(msgfmt.terminationStatus)): install Debian's gettext package")
        }
    }

    /// A PO string literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text.unicodeScalars {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(character)
            }
        }
        return result + "\""
    }
}
