#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads `.stringsdict` files (XML property lists) into ``StringsDictFile``.
///
/// Reading is pure and reports every problem with the line and column of the
/// offending key or value. Anomalies found in real files (rules with no `other`,
/// invented categories such as `three`, `%ld` written with its percent sign,
/// rules no format refers to) are read as written and reported as warnings.
public enum StringsDictReader {
    /// Reads the bytes of a `.stringsdict` file.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - path: The path to name in diagnostics.
    /// - Throws: ``ParseError`` when the file is no property list or an entry has the wrong shape.
    public static func read(_ data: Data, path: String) throws(ParseError) -> StringsDictFile {
        let bytes = [UInt8](data)
        if bytes.starts(with: Array("bplist00".utf8)) {
            throw ParseError(
                "binary property lists are not supported for .stringsdict files; convert it with 'plutil -convert xml1'.",
                at: SourceLocation(file: path, line: 1, column: 1))
        }
        let root = try XMLPropertyListReader.read(bytes, file: path)
        guard let members = root.members else {
            throw ParseError("expected a dictionary at the top of the .stringsdict file, found \(root.kindName).", at: root.location)
        }
        var file = StringsDictFile()
        for member in members {
            if file.entries[member.key] != nil {
                file.diagnostics.append(Diagnostic(
                    .warning, "duplicate key \"\(member.key)\"; the later entry wins, as in Foundation.", at: member.keyLocation,
                    code: .duplicateKey))
            }
            var entryReader = EntryReader(key: member.key)
            file.entries[member.key] = try entryReader.read(member.value)
            file.locations[member.key] = member.keyLocation
            file.diagnostics += entryReader.diagnostics
        }
        return file
    }
}

/// Reads one `.stringsdict` entry.
private struct EntryReader {
    let key: String
    var diagnostics: [Diagnostic] = []

    init(key: String) { self.key = key }

    mutating func read(_ node: PropertyListNode) throws(ParseError) -> Localization {
        guard let members = node.members else {
            throw ParseError("expected a dictionary for the key \"\(key)\", found \(node.kindName).", at: node.location)
        }
        if let device = members.first(where: { $0.key == StringsDictKey.deviceRule }) {
            return Localization(variations: .device(try deviceVariants(device.value)))
        }
        if let width = members.first(where: { $0.key == StringsDictKey.widthRule }) {
            if let format = members.first(where: { $0.key == StringsDictKey.format }) {
                diagnostics.append(Diagnostic(
                    .warning,
                    "the entry \"\(key)\" has both \(StringsDictKey.format) and \(StringsDictKey.widthRule); "
                        + "the width variants are read and the format is ignored, and Apple platforms may choose either.",
                    at: format.keyLocation, code: .widthRuleWithFormat))
            }
            return Localization(variations: .width(try widthVariants(width.value)))
        }
        guard let formatMember = members.first(where: { $0.key == StringsDictKey.format }) else {
            throw ParseError(
                "the entry \"\(key)\" has no \(StringsDictKey.format), \(StringsDictKey.deviceRule) or \(StringsDictKey.widthRule).",
                at: node.location)
        }
        guard let format = formatMember.value.string else {
            throw ParseError(
                "expected a string for \(StringsDictKey.format) in \"\(key)\", found \(formatMember.value.kindName).",
                at: formatMember.value.location)
        }
        var rules: OrderedMap<String, (rule: PluralRuleDictionary, location: SourceLocation)> = OrderedMap()
        for member in members where member.key != StringsDictKey.format {
            rules[member.key] = (try pluralRule(member), member.keyLocation)
        }
        return try localization(format: format, formatLocation: formatMember.value.location, rules: rules)
    }

    // MARK: Plural rules

    struct PluralRuleDictionary {
        var valueType: String
        var forms: [PluralCategory: String]
        /// Categories in the order the file wrote them, for stable diagnostics.
        var order: [PluralCategory]
    }

    mutating func pluralRule(_ member: PropertyListNode.Member) throws(ParseError) -> PluralRuleDictionary {
        guard let fields = member.value.members else {
            throw ParseError(
                "expected a dictionary for the variable \"\(member.key)\" in \"\(key)\", found \(member.value.kindName).",
                at: member.value.location)
        }
        var rule = PluralRuleDictionary(valueType: "", forms: [:], order: [])
        var specType: String?
        for field in fields {
            guard let text = field.value.string else {
                throw ParseError(
                    "expected a string for \"\(field.key)\" in the variable \"\(member.key)\", found \(field.value.kindName).",
                    at: field.value.location)
            }
            switch field.key {
            case StringsDictKey.specType: specType = text
            case StringsDictKey.valueType:
                if text.hasPrefix("%") {
                    diagnostics.append(Diagnostic(
                        .warning, "\(StringsDictKey.valueType) \"\(text)\" should not include '%'; read as \"\(text.dropFirst())\".",
                        at: field.value.location))
                }
                rule.valueType = text.hasPrefix("%") ? String(text.dropFirst()) : text
            default:
                let category = PluralCategory(field.key)
                if !category.isCLDR {
                    diagnostics.append(Diagnostic(
                        .warning, "\"\(field.key)\" is not a CLDR plural category; it is kept but never chosen.",
                        at: field.keyLocation))
                }
                rule.forms[category] = text
                rule.order.append(category)
            }
        }
        guard let specType else {
            throw ParseError(
                "the variable \"\(member.key)\" in \"\(key)\" has no \(StringsDictKey.specType); expected \(StringsDictKey.pluralRule).",
                at: member.keyLocation)
        }
        guard specType == StringsDictKey.pluralRule else {
            throw ParseError(
                "unsupported \(StringsDictKey.specType) \"\(specType)\" in \"\(key)\"; expected \(StringsDictKey.pluralRule).",
                at: member.keyLocation)
        }
        if rule.forms[.other] == nil {
            diagnostics.append(Diagnostic(
                .warning, "the variable \"\(member.key)\" in \"\(key)\" has no \"other\" form.", at: member.keyLocation))
        }
        return rule
    }

    // MARK: Device and width

    func deviceVariants(_ node: PropertyListNode) throws(ParseError) -> [DeviceClass: Localization] {
        guard let members = node.members else {
            throw ParseError("expected a dictionary for \(StringsDictKey.deviceRule) in \"\(key)\", found \(node.kindName).", at: node.location)
        }
        var variants: [DeviceClass: Localization] = [:]
        for member in members {
            guard let text = member.value.string else {
                throw ParseError(
                    "expected a string for the device \"\(member.key)\" in \"\(key)\", found \(member.value.kindName).",
                    at: member.value.location)
            }
            variants[DeviceClass(member.key)] = .string(text)
        }
        return variants
    }

    func widthVariants(_ node: PropertyListNode) throws(ParseError) -> [Int: Localization] {
        guard let members = node.members else {
            throw ParseError("expected a dictionary for \(StringsDictKey.widthRule) in \"\(key)\", found \(node.kindName).", at: node.location)
        }
        var variants: [Int: Localization] = [:]
        for member in members {
            guard let width = Int(member.key), width >= 0 else {
                throw ParseError(
                    "expected a width in characters, such as \"20\", in \"\(key)\", found \"\(member.key)\".",
                    at: member.keyLocation)
            }
            guard let text = member.value.string else {
                throw ParseError(
                    "expected a string for the width \"\(member.key)\" in \"\(key)\", found \(member.value.kindName).",
                    at: member.value.location)
            }
            variants[width] = .string(text)
        }
        return variants
    }
}

extension EntryReader {
    /// Builds the localization for a format and its plural variables.
    mutating func localization(
        format: String, formatLocation: SourceLocation,
        rules: OrderedMap<String, (rule: PluralRuleDictionary, location: SourceLocation)>
    ) throws(ParseError) -> Localization {
        let tokens = FormatTemplateScanner.tokens(in: format)
        let references = tokens.compactMap { token -> (name: String, position: Int?)? in
            if case .substitution(let name, let position) = token { return (name, position) }
            return nil
        }
        var referenced = Set(references.map(\.name))
        for (_, entry) in rules {
            for form in entry.rule.forms.values {
                for name in FormatTemplateScanner.substitutionNames(in: form) { referenced.insert(name) }
            }
        }
        for name in referenced where rules[name] == nil {
            diagnostics.append(Diagnostic(
                .warning, "\"\(key)\" refers to %#@\(name)@ but defines no variable \"\(name)\".", at: formatLocation))
        }
        for (name, entry) in rules where !referenced.contains(name) {
            diagnostics.append(Diagnostic(
                .warning, "the variable \"\(name)\" in \"\(key)\" is never referred to.", at: entry.location))
        }

        // `%#@name@` alone, with one rule: plain plural variations, as Xcode models them.
        if tokens.count == 1, let only = references.first, only.position == nil || only.position == 1,
            rules.count == 1, let entry = rules[only.name],
            !entry.rule.forms.values.contains(where: { !FormatTemplateScanner.substitutionNames(in: $0).isEmpty })
        {
            return .plural(entry.rule.forms.mapValues { .string($0) })
        }

        let argumentNumbers = Self.argumentNumbers(of: tokens)
        var substitutions = OrderedMap<String, Substitution>()
        for (name, entry) in rules {
            let argNum = argumentNumbers[name] ?? Self.positionInForms(of: name, rules: rules)
            let forms = entry.rule.forms.mapValues { form in
                Localization.string(Self.replacingArgument(in: form, type: entry.rule.valueType, argNum: argNum))
            }
            substitutions[name] = Substitution(
                argNum: argNum, formatSpecifier: entry.rule.valueType, variations: .plural(forms))
        }
        return Localization(stringUnit: StringUnit(format), substitutions: substitutions)
    }

    /// The 1-based argument each top-level `%#@name@` reads: its explicit position,
    /// or its place among the arguments consumed before it.
    static func argumentNumbers(of tokens: [FormatToken]) -> [String: Int] {
        var numbers: [String: Int] = [:]
        var next = 1
        for token in tokens {
            switch token {
            case .specifier(let specifier):
                if let position = specifier.position { next = position + 1 } else { next += 1 }
            case .substitution(let name, let position):
                let number = position ?? next
                if numbers[name] == nil { numbers[name] = number }
                next = number + 1
            default:
                break
            }
        }
        return numbers
    }

    /// The explicit position of a variable that only nested forms refer to (`%2$#@accounts@`).
    static func positionInForms(
        of name: String, rules: OrderedMap<String, (rule: PluralRuleDictionary, location: SourceLocation)>
    ) -> Int? {
        for (_, entry) in rules {
            for form in entry.rule.forms.values {
                for token in FormatTemplateScanner.tokens(in: form) {
                    if case .substitution(name, let position?) = token { return position }
                }
            }
        }
        return nil
    }

    /// Writes the variable's own argument as `%arg`, as String Catalogs do:
    /// the first specifier of the variable's type that is unpositioned or at its position.
    static func replacingArgument(in form: String, type: String, argNum: Int?) -> String {
        var replaced = false
        var result = ""
        for token in FormatTemplateScanner.tokens(in: form) {
            switch token {
            case .specifier(let specifier)
                where !replaced && specifier.typeSpecifier == type
                    && (specifier.position == nil || specifier.position == argNum)
                    && specifier.flags.isEmpty && specifier.width == nil && specifier.precision == nil:
                result += "%arg"
                replaced = true
            default:
                result += token.text
            }
        }
        return result
    }
}

extension FormatToken {
    /// The token as it was written.
    public var text: String {
        switch self {
        case .literal(let text): text
        case .specifier(let specifier): specifier.text
        case .substitution(let name, let position): "%" + (position.map { "\($0)$" } ?? "") + "#@\(name)@"
        case .substitutedArgument: "%arg"
        case .percent: "%%"
        case .invalid(let text): text
        }
    }
}
