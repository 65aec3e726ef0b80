import Foundation
import Parlance

/// gettext `.po` files: one table in one language, for Poedit, Weblate and every platform
/// that speaks gettext.
///
/// Each unit is an entry whose `msgctxt` is the unit's Xcode id, so keys that share a source
/// text stay apart. A plural variation is one entry with `msgid_plural` and one `msgstr[i]`
/// per CLDR category of the language, in CLDR order, and the header's `Plural-Forms` is
/// ``/ParlanceCatalogs/PluralRules/gettextPluralForms``, so `msgstr[i]` is the form for `categories[i]`. A
/// translation in review is marked `#, fuzzy`; the key's comment is a `#.` comment; the
/// catalog file is a `#:` reference and the header's `X-Catalog`.
public enum GettextPO {
    /// Writes one file's units as a `.po` document.
    public static func write(_ file: TranslationFile) -> (data: Data, losses: [Diagnostic]) {
        var losses: [Diagnostic] = []
        let rules = PluralRules.cardinal(for: file.targetLanguage)
        var out = "# \(oneLine(file.table)) in \(oneLine(file.targetLanguage)), exported by Parlance from \(oneLine(file.original)).\n"
        out += "msgid \"\"\nmsgstr \"\"\n"
        var header = [
            "Content-Type: text/plain; charset=UTF-8",
            "Content-Transfer-Encoding: 8bit",
            "Language: \(file.targetLanguage)",
        ]
        if let rules { header.append("Plural-Forms: \(rules.gettextPluralForms)") }
        header.append("X-Source-Language: \(file.sourceLanguage)")
        header.append("X-Catalog: \(file.original)")
        // A header field is one line: a value with a line break would end it early.
        for line in header { out += "\"\(escape(oneLine(line)))\\n\"\n" }

        var index = 0
        let units = file.units
        // A plural entry's `msgctxt` is its variant's id: where a unit has that id too (an
        // imported file can hold both), the forms are written as entries of their own, or the
        // file would hold two entries with one context and not read back.
        let ids = Set(units.map(\.id))
        while index < units.count {
            let unit = units[index]
            let texts = [unit.id, unit.source, unit.target ?? "", unit.note ?? ""]
            // The plural units of one variant (consecutive, in any order) are one entry when
            // they are exactly the language's categories.
            if let rules, let base = pluralBase(unit), !ids.contains(base) {
                var end = index
                var forms: [String: TranslationUnit] = [:]
                while end < units.count, pluralBase(units[end]) == base, let category = units[end].path.last {
                    forms[category] = units[end]
                    end += 1
                }
                let run = rules.categories.compactMap { forms[$0.rawValue] }
                if run.count == end - index, run.count == rules.categories.count,
                   run.allSatisfy({ isWritable([$0.source, $0.target ?? "", $0.note ?? "", $0.id]) }) {
                    let count = run.count
                    out += "\n"
                    out += comments(unit, original: file.original, fuzzy: run.contains { $0.target != nil } && run.allSatisfy { $0.target == nil || $0.state == .needsReview })
                    out += field("msgctxt", base)
                    out += field("msgid", forms["one"]?.source ?? run[0].source)
                    out += field("msgid_plural", run[count - 1].source)
                    for (number, form) in run.enumerated() { out += field("msgstr[\(number)]", form.target ?? "") }
                    index = end
                    continue
                }
            }
            index += 1
            if unit.isStringSet {
                losses.append(Diagnostic(.warning, "\(file.original): \"\(unit.id)\" is a string set (App Shortcuts phrases), which a .po entry cannot hold; it is left out of \(file.targetLanguage)."))
                continue
            }
            guard isWritable(texts) else {
                losses.append(Diagnostic(.warning, "\(file.original): \"\(unit.id)\" holds a control character a .po file cannot carry; it is left out of \(file.targetLanguage)."))
                continue
            }
            out += "\n"
            out += comments(unit, original: file.original, fuzzy: unit.target != nil && unit.state == .needsReview)
            out += field("msgctxt", unit.id)
            out += field("msgid", unit.source)
            out += field("msgstr", unit.target ?? "")
        }
        return (Data(out.utf8), losses)
    }

    /// The id of the variant a plural unit belongs to (`key`, `key|==|device.ipad`), or `nil`
    /// for a unit that is not a plural form, or whose variant id would not read back as its key
    /// (a key holding `|==|` with no variant path: a reader splits an id at its last `|==|`).
    private static func pluralBase(_ unit: TranslationUnit) -> String? {
        guard unit.path.count >= 2, unit.path[unit.path.count - 2] == "plural" else { return nil }
        if unit.path.count == 2 { return unit.key.contains(TranslationUnit.pathSeparator) ? nil : unit.key }
        return unit.key + TranslationUnit.pathSeparator + TranslationUnit.joinedPath(Array(unit.path.dropLast(2)))
    }

    private static func comments(_ unit: TranslationUnit, original: String, fuzzy: Bool) -> String {
        var out = ""
        if let note = unit.note, !note.isEmpty {
            for line in note.split(separator: "\n", omittingEmptySubsequences: false) { out += "#. \(oneLine(String(line)))\n" }
        }
        let reference = oneLine(original)
        out += "#: \(reference.contains(" ") ? "\u{2068}\(reference)\u{2069}" : reference)\n"
        if fuzzy { out += "#, fuzzy\n" }
        return out
    }

    /// Text for a comment line: line breaks become spaces, so a hostile table name or path
    /// cannot start an entry of its own.
    private static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }

    private static func field(_ name: String, _ value: String) -> String {
        let utf8 = value.utf8
        guard let newline = utf8.firstIndex(of: 0x0A), utf8.index(after: newline) != utf8.endIndex else {
            return "\(name) \"\(escape(value))\"\n"
        }
        var out = "\(name) \"\"\n"
        var line = ""
        for scalar in value.unicodeScalars {
            line += escape(String(scalar))
            if scalar == "\n" {
                out += "\"\(line)\"\n"
                line = ""
            }
        }
        if !line.isEmpty { out += "\"\(line)\"\n" }
        return out
    }

    private static func isWritable(_ texts: [String]) -> Bool {
        texts.allSatisfy { text in
            !text.utf8.contains { ($0 < 0x20 && ![0x09, 0x0A, 0x0D, 0x07, 0x08, 0x0B, 0x0C].contains($0)) || $0 == 0x7F }
        }
    }

    static func escape(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 < 0x20 }) else { return value }
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{07}": out += "\\a"
            case "\u{08}": out += "\\b"
            case "\u{0B}": out += "\\v"
            case "\u{0C}": out += "\\f"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
