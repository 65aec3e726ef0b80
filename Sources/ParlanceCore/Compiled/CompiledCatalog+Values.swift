extension CompiledCatalog {
    /// Entry `index`'s text when its value is a plain node, `nil` for the others.
    func plainValue(atEntry index: Int) throws(CompiledCatalogError) -> String? {
        let entry = entriesOffset + index * Layout.entrySize
        let node = try word(entry + 12)
        let start = try self.node(node, words: 3, at: entry + 12)
        guard try word(start) == Layout.Node.plain.rawValue else { return nil }
        return try string(at: start + 4)
    }

    /// Decodes the value node at heap offset `node`; `entry` is where the reference was, for errors.
    func value(atNode node: UInt32, entry: Int) throws(CompiledCatalogError) -> CompiledValue {
        let start = try self.node(node, words: 1, at: entry + 12)
        switch try word(start) {
        case Layout.Node.plain.rawValue:
            _ = try self.node(node, words: 3, at: entry + 12)
            let text = try string(at: start + 4)
            return .plain(text)
        case Layout.Node.message.rawValue:
            var decoder = ValueDecoder(catalog: self)
            let localization = try decoder.message(node, depth: 0, at: entry + 12)
            return .message(CompiledMessage(localization: localization, templates: decoder.templates))
        case let kind:
            throw error("a value node has kind \(kind); values are plain (1) or message (2) nodes", at: start)
        }
    }
}

/// Walks one value's nodes, with a depth limit and a budget on nodes visited.
private struct ValueDecoder {
    typealias Layout = CompiledCatalogLayout
    let catalog: CompiledCatalog
    var templates: [String: [FormatToken]] = [:]
    /// Template nodes already decoded, so a node many references share is read once: the
    /// tokens decoded for one value never exceed the file's size.
    var decoded: [UInt32: String] = [:]
    var visited = 0

    init(catalog: CompiledCatalog) { self.catalog = catalog }

    mutating func visit(_ node: UInt32, words: Int, kind: Layout.Node, at reference: Int) throws(CompiledCatalogError) -> Int {
        visited += 1
        guard visited <= Layout.maximumNodesPerValue else {
            throw catalog.error("a value has more than \(Layout.maximumNodesPerValue) nodes", at: reference)
        }
        let start = try catalog.node(node, words: words, at: reference)
        let found = try catalog.word(start)
        guard found == kind.rawValue else {
            throw catalog.error("expected a \(kind) node (kind \(kind.rawValue)) at heap offset \(node), found kind \(found)", at: reference)
        }
        return start
    }

    mutating func message(_ node: UInt32, depth: Int, at reference: Int) throws(CompiledCatalogError) -> Localization {
        guard depth < Layout.maximumDepth else {
            throw catalog.error("variations nest more than \(Layout.maximumDepth) deep", at: reference)
        }
        var offset = try visit(node, words: 3, kind: .message, at: reference)
        var localization = Localization()
        let unit = try catalog.word(offset + 4)
        if unit != 0 { localization.stringUnit = StringUnit(try template(unit, at: offset + 4)) }
        let setCount = Int(clamping: try catalog.word(offset + 8))
        offset += 12
        if setCount > 0 {
            guard setCount <= Layout.maximumNodesPerValue else {
                throw catalog.error("a string set of \(setCount) values is more than a value may hold", at: offset - 4)
            }
            var values: [String] = []
            for index in 0..<setCount { values.append(try template(try catalog.word(offset + 4 * index), at: offset + 4 * index)) }
            localization.stringSet = StringSet(values)
            offset += 4 * setCount
        }
        let variations = try catalog.word(offset)
        if variations != 0 { localization.variations = try self.variations(variations, depth: depth + 1, at: offset) }
        let substitutionCount = Int(clamping: try catalog.word(offset + 4))
        offset += 8
        if substitutionCount > 0 {
            guard substitutionCount <= Layout.maximumNodesPerValue else {
                throw catalog.error("\(substitutionCount) substitutions are more than a value may hold", at: offset - 4)
            }
            var substitutions = OrderedMap<String, Substitution>()
            for _ in 0..<substitutionCount {
                let name = try catalog.string(at: offset)
                let argNum = try catalog.word(offset + 8)
                let specifier = try catalog.string(at: offset + 12)
                let forms = try catalog.word(offset + 20)
                guard substitutions[name] == nil else {
                    throw catalog.error("the substitution \(Diagnostic.quoted(name)) appears twice", at: offset)
                }
                var variations: Variations?
                if forms != 0 { variations = try self.variations(forms, depth: depth + 1, at: offset + 20) }
                substitutions[name] = Substitution(
                    argNum: argNum == Layout.none ? nil : Int(argNum), formatSpecifier: specifier, variations: variations)
                offset += 24
            }
            localization.substitutions = substitutions
        }
        return localization
    }

    mutating func variations(_ node: UInt32, depth: Int, at reference: Int) throws(CompiledCatalogError) -> Variations {
        let start = try visit(node, words: 3, kind: .variations, at: reference)
        let kind = try catalog.word(start + 4)
        let count = Int(clamping: try catalog.word(start + 8))
        guard count <= Layout.maximumNodesPerValue else {
            throw catalog.error("\(count) variants are more than a value may hold", at: start + 8)
        }
        var cases: [(label: String, localization: Localization, at: Int)] = []
        for index in 0..<count {
            let offset = start + 12 + 12 * index
            let label = try catalog.string(at: offset)
            cases.append((label, try message(try catalog.word(offset + 8), depth: depth, at: offset + 8), offset))
        }
        switch kind {
        case Layout.VariationKind.plural.rawValue:
            return .plural(Dictionary(cases.map { (PluralCategory(rawValue: $0.label), $0.localization) }) { first, _ in first })
        case Layout.VariationKind.device.rawValue:
            return .device(Dictionary(cases.map { (DeviceClass(rawValue: $0.label), $0.localization) }) { first, _ in first })
        case Layout.VariationKind.width.rawValue:
            var forms: [Int: Localization] = [:]
            for form in cases {
                guard let width = Int(form.label) else {
                    throw catalog.error("the width variant \(Diagnostic.quoted(form.label)) is no number", at: form.at)
                }
                forms[width] = form.localization
            }
            return .width(forms)
        default:
            throw catalog.error("variations of kind \(kind); known kinds are plural (1), device (2) and width (3)", at: start + 4)
        }
    }

    /// A template node: its text, and its tokens recorded in ``templates``.
    mutating func template(_ node: UInt32, at reference: Int) throws(CompiledCatalogError) -> String {
        if let text = decoded[node] { return text }
        let start = try visit(node, words: 4, kind: .template, at: reference)
        let text = try catalog.string(at: start + 4)
        let count = Int(clamping: try catalog.word(start + 12))
        guard count <= text.utf8.count + 1 else {
            throw catalog.error("\(count) tokens for a \(text.utf8.count)-byte template", at: start + 12)
        }
        var tokens: [FormatToken] = []
        tokens.reserveCapacity(count)
        var offset = start + 16
        for _ in 0..<count {
            let (token, size) = try self.token(at: offset)
            tokens.append(token)
            offset += size
        }
        if let known = templates[text], known != tokens {
            throw catalog.error("the template \(Diagnostic.quoted(text)) is stored twice with different tokens", at: reference)
        }
        templates[text] = tokens
        decoded[node] = text
        return text
    }

    /// One token and its size in bytes.
    func token(at offset: Int) throws(CompiledCatalogError) -> (FormatToken, Int) {
        func number(_ word: UInt32) -> Int? { word == Layout.none ? nil : Int(clamping: word) }
        func source(_ word: UInt32) -> FormatSpecifier.ArgumentSource? {
            switch word {
            case Layout.none: nil
            case Layout.nextArgument: .next
            default: .position(Int(clamping: word))
            }
        }
        switch try catalog.word(offset) {
        case Layout.Token.literal.rawValue:
            return (.literal(try catalog.string(at: offset + 4)), 12)
        case Layout.Token.specifier.rawValue:
            let conversion = try catalog.word(offset + 48)
            guard let scalar = Unicode.Scalar(conversion), scalar.isASCII else {
                throw catalog.error("the conversion U+\(String(conversion, radix: 16, uppercase: true)) is no printf conversion", at: offset + 48)
            }
            let specifier = FormatSpecifier(
                position: number(try catalog.word(offset + 12)), flags: try catalog.string(at: offset + 16),
                width: number(try catalog.word(offset + 24)), precision: number(try catalog.word(offset + 28)),
                widthArgument: source(try catalog.word(offset + 32)), precisionArgument: source(try catalog.word(offset + 36)),
                length: try catalog.string(at: offset + 40), conversion: Character(scalar), text: try catalog.string(at: offset + 4))
            return (.specifier(specifier), 52)
        case Layout.Token.substitution.rawValue:
            return (.substitution(name: try catalog.string(at: offset + 4), position: number(try catalog.word(offset + 12))), 16)
        case Layout.Token.substitutedArgument.rawValue:
            return (.substitutedArgument, 4)
        case Layout.Token.percent.rawValue:
            return (.percent, 4)
        case Layout.Token.invalid.rawValue:
            return (.invalid(text: try catalog.string(at: offset + 4)), 12)
        case let kind:
            throw catalog.error("a token of kind \(kind); known kinds are 1 to 6", at: offset)
        }
    }
}
