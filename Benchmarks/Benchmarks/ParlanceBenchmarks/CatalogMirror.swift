/// The String Catalog schema as plain `Codable` structs: what an app would write to decode
/// a catalog with `JSONDecoder` in a few minutes, and the baseline `XCStringsReader` is held to.
///
/// It does less than `XCStringsReader`: keys and languages land in unordered dictionaries,
/// unknown members are dropped, and errors carry no line and column.
struct CatalogMirror: Codable {
    var sourceLanguage: String
    var version: String?
    var strings: [String: Entry]

    struct Entry: Codable {
        var comment: String?
        var extractionState: String?
        var shouldTranslate: Bool?
        var localizations: [String: LocalizationMirror]?
    }
}

struct LocalizationMirror: Codable {
    var stringUnit: StringUnitMirror?
    var variations: VariationsMirror?
    var substitutions: [String: SubstitutionMirror]?
}

struct StringUnitMirror: Codable {
    var state: String?
    var value: String
}

struct VariationsMirror: Codable {
    var plural: [String: LocalizationMirror]?
    var device: [String: LocalizationMirror]?
}

struct SubstitutionMirror: Codable {
    var argNum: Int?
    var formatSpecifier: String?
    var variations: VariationsMirror?
}
