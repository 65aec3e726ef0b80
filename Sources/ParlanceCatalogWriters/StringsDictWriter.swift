import Foundation
import ParlanceCatalogs

/// Writes `.stringsdict` files as Xcode lays them out: an XML property list with
/// tabs, keys in the order given, `NSStringLocalizedFormatKey` first in each entry,
/// plural forms in CLDR order.
public enum StringsDictWriter {
    /// Encodes `entries` (each a localization that needs a `.stringsdict`: plural,
    /// device or width variations, or substitutions).
    /// - Returns: the file's bytes and one diagnostic per key that a `.stringsdict` cannot hold
    ///   (string sets, variations nested in variations); those keys are left out of `data`.
    public static func write(_ entries: [(key: String, localization: Localization)]) -> (data: Data, unwritable: [Diagnostic]) {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        var unwritable: [Diagnostic] = []
        for (key, localization) in entries {
            do throws(UnwritableReason) {
                let body = try entryBody(localization)
                xml += "\t<key>\(escaped(key))</key>\n"
                xml += body.render(indent: 1)
            } catch {
                unwritable.append(Diagnostic(.error, "\"\(key)\" cannot be written to a .stringsdict file: \(error.reason)"))
            }
        }
        xml += "</dict>\n</plist>\n"
        return (Data(xml.utf8), unwritable)
    }

    /// Whether `localization` belongs in a `.stringsdict` rather than a `.strings` file.
    public static func needsStringsDict(_ localization: Localization) -> Bool {
        localization.variations != nil || !(localization.substitutions?.isEmpty ?? true)
    }

    struct UnwritableReason: Error {
        var reason: String
    }

    private indirect enum Node {
        case string(String)
        case dictionary([(String, Node)])

        func render(indent: Int) -> String {
            let tabs = String(repeating: "\t", count: indent)
            switch self {
            case .string(let value):
                return "\(tabs)<string>\(escaped(value))</string>\n"
            case .dictionary(let members):
                var text = "\(tabs)<dict>\n"
                for (key, value) in members {
                    text += "\(tabs)\t<key>\(escaped(key))</key>\n"
                    text += value.render(indent: indent + 1)
                }
                return text + "\(tabs)</dict>\n"
            }
        }
    }

    private static func entryBody(_ localization: Localization) throws(UnwritableReason) -> Node {
        if localization.stringSet != nil {
            throw UnwritableReason(reason: "string sets exist only in String Catalogs.")
        }
        switch localization.variations {
        case .plural(let forms)?:
            let type = argumentType(in: forms) ?? "d"
            let rule = try pluralRule(forms, valueType: type) { $0 }
            return .dictionary([(StringsDictKey.format, .string("%#@value@")), ("value", rule)])
        case .device(let forms)?:
            var members: [(String, Node)] = []
            for device in forms.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
                members.append((device.rawValue, .string(try plainString(forms[device], what: "device variations"))))
            }
            return .dictionary([(StringsDictKey.deviceRule, .dictionary(members))])
        case .width(let forms)?:
            var members: [(String, Node)] = []
            for width in forms.keys.sorted() {
                members.append((String(width), .string(try plainString(forms[width], what: "width variations"))))
            }
            return .dictionary([(StringsDictKey.widthRule, .dictionary(members))])
        case nil:
            break
        }
        guard let unit = localization.stringUnit, let substitutions = localization.substitutions else {
            throw UnwritableReason(reason: "it holds a plain string, which belongs in a .strings file.")
        }
        var members: [(String, Node)] = [(StringsDictKey.format, .string(unit.value))]
        for (name, substitution) in substitutions {
            guard case .plural(let forms)? = substitution.variations else {
                throw UnwritableReason(reason: "the substitution \"\(name)\" has no plural variations.")
            }
            let argument = "%" + (substitution.argNum.map { "\($0)$" } ?? "") + substitution.formatSpecifier
            let rule = try pluralRule(forms, valueType: substitution.formatSpecifier) {
                $0.replacingOccurrences(of: "%arg", with: argument)
            }
            members.append((name, rule))
        }
        return .dictionary(members)
    }

    private static func pluralRule(
        _ forms: [PluralCategory: Localization], valueType: String, transform: (String) -> String
    ) throws(UnwritableReason) -> Node {
        var members: [(String, Node)] = [
            (StringsDictKey.specType, .string(StringsDictKey.pluralRule)),
            (StringsDictKey.valueType, .string(valueType)),
        ]
        for category in forms.keys.sorted() {
            members.append((category.rawValue, .string(transform(try plainString(forms[category], what: "plural variations")))))
        }
        return .dictionary(members)
    }

    private static func plainString(_ localization: Localization?, what: String) throws(UnwritableReason) -> String {
        guard let localization, localization.variations == nil, localization.substitutions == nil,
            let unit = localization.stringUnit
        else {
            throw UnwritableReason(reason: "\(what) nested in other variations exist only in String Catalogs.")
        }
        return unit.value
    }

    /// The argument type the forms use, from the first conversion found (`other` first).
    private static func argumentType(in forms: [PluralCategory: Localization]) -> String? {
        for category in [PluralCategory.other] + forms.keys.sorted() {
            guard let value = forms[category]?.stringUnit?.value else { continue }
            for case .specifier(let specifier) in FormatTemplateScanner.tokens(in: value) where specifier.conversion != "@" {
                return specifier.typeSpecifier
            }
        }
        return nil
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}

private func escaped(_ text: String) -> String { StringsDictWriter.escaped(text) }
