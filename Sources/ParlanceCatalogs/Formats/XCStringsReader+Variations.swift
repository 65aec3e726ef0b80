extension XCStringsDecoder {
    /// A `variations` object: modelled when it holds exactly one kind Parlance knows,
    /// otherwise kept whole so nothing is lost.
    enum VariationsValue {
        case modelled(Variations)
        case unknown(JSONValue)
    }

    mutating func readVariations() throws(ParseError) -> VariationsValue {
        _ = try json.peekKind()
        let start = json.position
        var cursor = try json.enterObject(for: "variations")
        var variations: Variations?
        var kinds = 0
        var others = 0
        while let name = try json.nextMember(&cursor) {
            if json.matches(name, "plural") {
                if case .plural? = variations { throw json.duplicate(at: name) }
                variations = .plural(try readCases("plural", PluralCategory.init(rawValue:)))
                kinds += 1
            } else if json.matches(name, "device") {
                if case .device? = variations { throw json.duplicate(at: name) }
                variations = .device(try readCases("device", DeviceClass.init(rawValue:)))
                kinds += 1
            } else {
                _ = try json.string(of: name)
                _ = try json.readValue()
                others += 1
            }
        }
        if kinds == 1, others == 0, let variations { return .modelled(variations) }
        // Read it again as plain JSON: the first pass already checked what it knows.
        json.position = start
        return .unknown(try json.readValue())
    }

    /// The cases of one variation kind: plural categories or device classes to localizations.
    private mutating func readCases<Case: Hashable>(
        _ kind: String, _ makeCase: (String) -> Case
    ) throws(ParseError) -> [Case: Localization] {
        var cursor = try json.enterObject(for: kind)
        var cases: [Case: Localization] = [:]
        while let name = try json.nextMember(&cursor) {
            let key = try json.string(of: name)
            let variationCase = makeCase(key)
            if cases[variationCase] != nil { throw json.duplicate(key, at: name) }
            cases[variationCase] = try readLocalization(for: key)
        }
        return cases
    }

    mutating func readSubstitutions() throws(ParseError) -> OrderedMap<String, Substitution> {
        var cursor = try json.enterObject(for: "substitutions")
        var substitutions = OrderedMap<String, Substitution>()
        while let name = try json.nextMember(&cursor) {
            let key = try json.string(of: name)
            if substitutions[key] != nil { throw json.duplicate(key, at: name) }
            substitutions[key] = try readSubstitution(key)
        }
        return substitutions
    }

    private mutating func readSubstitution(_ key: String) throws(ParseError) -> Substitution {
        var cursor = try json.enterObject(for: key)
        var argNum: Int?
        var formatSpecifier: String?
        var variations: Variations?
        var sawVariations = false
        var unknown = MemberList()
        while let name = try json.nextMember(&cursor) {
            if json.matches(name, "argNum") {
                try once(argNum, name)
                argNum = try json.readInteger(for: "argNum")
            } else if json.matches(name, "formatSpecifier") {
                try once(formatSpecifier, name)
                formatSpecifier = try json.readString(for: "formatSpecifier")
            } else if json.matches(name, "variations") {
                if sawVariations { throw json.duplicate(at: name) }
                sawVariations = true
                switch try readVariations() {
                case .modelled(let modelled): variations = modelled
                case .unknown(let value): try unknown.append("variations", value, at: name, in: json)
                }
            } else {
                try readUnknown(name, into: &unknown)
            }
        }
        guard let formatSpecifier else {
            throw missing("formatSpecifier", in: "the substitution \(json.quoted(key))", at: cursor)
        }
        return Substitution(
            argNum: argNum, formatSpecifier: formatSpecifier, variations: variations,
            unknownFields: UnknownFields(unknown.members))
    }
}
