extension XCStringsDecoder {
    /// Reads one language's localization (or one variation case, which has the same shape).
    mutating func readLocalization(for member: String) throws(ParseError) -> Localization {
        var cursor = try json.enterObject(for: member)
        var localization = Localization()
        var unknown = MemberList()
        var sawVariations = false
        while let name = try json.nextMember(&cursor) {
            if json.matches(name, "stringUnit") {
                try once(localization.stringUnit, name)
                localization.stringUnit = try readStringUnit()
            } else if json.matches(name, "stringSet") {
                try once(localization.stringSet, name)
                localization.stringSet = try readStringSet()
            } else if json.matches(name, "substitutions") {
                try once(localization.substitutions, name)
                localization.substitutions = try readSubstitutions()
            } else if json.matches(name, "variations") {
                if sawVariations { throw json.duplicate(at: name) }
                sawVariations = true
                switch try readVariations() {
                case .modelled(let variations): localization.variations = variations
                case .unknown(let value): try unknown.append("variations", value, at: name, in: json)
                }
            } else {
                try readUnknown(name, into: &unknown)
            }
        }
        localization.unknownFields = UnknownFields(unknown.members)
        return localization
    }

    private mutating func readStringUnit() throws(ParseError) -> StringUnit {
        var cursor = try json.enterObject(for: "stringUnit")
        var state: TranslationState?
        var value: String?
        var unknown = MemberList()
        while let name = try json.nextMember(&cursor) {
            if json.matches(name, "state") {
                try once(state, name)
                state = try readState()
            } else if json.matches(name, "value") {
                try once(value, name)
                value = try json.readString(for: "value")
            } else {
                try readUnknown(name, into: &unknown)
            }
        }
        guard let value else { throw missing("value", in: "\"stringUnit\"", at: cursor) }
        return StringUnit(value, state: state, unknownFields: UnknownFields(unknown.members))
    }

    private mutating func readStringSet() throws(ParseError) -> StringSet {
        var cursor = try json.enterObject(for: "stringSet")
        var state: TranslationState?
        var values: [String]?
        var unknown = MemberList()
        while let name = try json.nextMember(&cursor) {
            if json.matches(name, "state") {
                try once(state, name)
                state = try readState()
            } else if json.matches(name, "values") {
                try once(values, name)
                var elements = try json.enterArray(for: "values")
                var strings: [String] = []
                while try json.nextElement(&elements) {
                    let kind = try json.peekKind()
                    guard kind == .string else {
                        throw json.error("expected a string in \"values\", found \(kind.phrase).", at: json.position)
                    }
                    strings.append(try json.readStringValue())
                }
                values = strings
            } else {
                try readUnknown(name, into: &unknown)
            }
        }
        guard let values else { throw missing("values", in: "\"stringSet\"", at: cursor) }
        return StringSet(values, state: state, unknownFields: UnknownFields(unknown.members))
    }

    /// Reads a `state`, sharing the common values' storage instead of building new strings.
    private mutating func readState() throws(ParseError) -> TranslationState {
        let kind = try json.peekKind()
        guard kind == .string else { throw json.mismatch("a string", for: "state", found: kind) }
        let raw = try json.scanString()
        if json.matches(raw, "translated") { return .translated }
        if json.matches(raw, "needs_review") { return .needsReview }
        if json.matches(raw, "new") { return .new }
        return TranslationState(rawValue: try json.string(of: raw))
    }
}
