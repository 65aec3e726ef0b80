import Foundation
import Parlance
@testable import ParlanceTooling
import Testing

@Suite("Generating typed accessors")
struct AccessorGeneratorTests {
    static func fixtureCatalogs() throws -> [Catalog] {
        try ["Localizable", "Settings"].map { name in
            let url = Fixtures.url("generate/\(name).xcstrings")
            return try XCStringsReader.read(Data(contentsOf: url), path: url.path)
        }
    }

    static func generate(_ key: String, _ source: Localization?, table: String = "Localizable") -> AccessorGenerator.Output {
        var catalog = Catalog(table: table, sourceLanguage: "en")
        catalog[key] = CatalogEntry(localizations: source.map { ["en": $0] })
        return AccessorGenerator().generate([catalog])
    }

    /// The accessor's declaration line, without the access level.
    static func declaration(_ key: String, _ source: Localization?) -> String? {
        generate(key, source).source.split(separator: "\n")
            .first { $0.contains("static func") && !$0.contains("(localizer: Parlance.Localizer)") }
            .map { $0.trimmingCharacters(in: .whitespaces).replacing("internal static func ", with: "") }
    }

    @Test("The fixture catalogs generate the public snapshot")
    func publicSnapshot() throws {
        let output = AccessorGenerator(access: .public).generate(try Self.fixtureCatalogs())
        try Snapshot.expect(output.source, matches: "generate/L10n.public.swift.txt")
    }

    @Test("The same catalogs in another order generate the same file")
    func deterministic() throws {
        let catalogs = try Self.fixtureCatalogs()
        let forward = AccessorGenerator().generate(catalogs)
        let backward = AccessorGenerator().generate(catalogs.reversed())
        #expect(forward.source == backward.source)
        #expect(forward.diagnostics == backward.diagnostics)
    }

    @Test("Keys generated under another name are reported, saying why")
    func renamesAreReported() throws {
        let output = AccessorGenerator().generate(try Self.fixtureCatalogs())
        #expect(output.diagnostics.map(\.description) == [
            "warning: Localizable: the key \"self\" is generated as L10n.self2, because self is reserved in generated code.",
            "warning: Localizable: the key \"wi_fi settings\" is generated as L10n.wiFiSettings2, because L10n.wiFiSettings is already \"Wi-Fi settings\" in Localizable.",
            "warning: Settings: the key \"default\" is generated as L10n.defaultSettings, because L10n.default is already \"default\" in Localizable.",
        ])
    }

    @Test("Dotted keys of words become namespaces; other keys stay whole", arguments: [
        ("quiz.title", ["quiz", "title"]),
        ("settings.cache.size", ["settings", "cache", "size"]),
        ("load_more-count.x", ["load_more-count", "x"]),
        ("Hello. World", ["Hello. World"]),
        ("a..b", ["a..b"]),
        (".hidden", [".hidden"]),
        ("Done.", ["Done."]),
    ])
    func namespaces(key: String, components: [String]) {
        #expect(AccessorGenerator.namespaceComponents(of: key) == components)
    }

    @Test("Keys become camel-case names", arguments: [
        ("%lld questions restantes", "questionsRestantes"),
        ("%#@correct@ sur %#@total@", "correctSurTotal"),
        ("load_more_count", "loadMoreCount"),
        ("30 days", "_30Days"),
        ("URL settings", "urlSettings"),
        ("Réponses données", "réponsesDonnées"),
        ("Hello, %@!", "hello"),
        ("%@", "unnamed"),
        ("", "emptyKey"),
    ])
    func names(key: String, name: String) {
        #expect(AccessorGenerator.baseName(of: key) == name)
    }

    @Test("Argument types come from the specifiers, labels from substitution names", arguments: [
        ("%lld files", nil, "files(_ value: Swift.Int, localizer: Parlance.Localizer? = nil) -> Swift.String {"),
        ("%d of %d", nil, "of(_ arg1: Swift.Int, _ arg2: Swift.Int, localizer: Parlance.Localizer? = nil) -> Swift.String {"),
        ("km", Localization.string("%.1f km"), "km(_ value: Swift.Double, localizer: Parlance.Localizer? = nil) -> Swift.String {"),
        ("hi", Localization.string("Hi %@"), "hi(_ value: some Swift.CustomStringConvertible, localizer: Parlance.Localizer? = nil) -> Swift.String {"),
        ("swap", Localization.string("%2$@ then %1$d"), "swap(_ arg1: Swift.Int, _ arg2: some Swift.CustomStringConvertible, localizer: Parlance.Localizer? = nil) -> Swift.String {"),
        ("pad", Localization.string("%*d"), "pad(_ arg1: Swift.Int, _ arg2: Swift.Int, localizer: Parlance.Localizer? = nil) -> Swift.String {"),
        ("left", Localization.plural([.one: .string("%lld left"), .other: .string("%lld left")]), "left(_ count: Swift.Int, localizer: Parlance.Localizer? = nil) -> Swift.String {"),
        ("more", Localization.string("Load {count} more"), "more(count: Parlance.MessageArgument, localizer: Parlance.Localizer? = nil) -> Swift.String {"),
        ("gap", Localization.string("%2$@"), "gap(_ arg1: some Swift.CustomStringConvertible, _ arg2: some Swift.CustomStringConvertible, localizer: Parlance.Localizer? = nil) -> Swift.String {"),
    ] as [(String, Localization?, String)])
    func parameters(key: String, source: Localization?, declaration: String) {
        #expect(Self.declaration(key, source) == declaration)
    }

    @Test("Substitutions give labels, in argNum order")
    func substitutionLabels() {
        var source = Localization.string("%#@total@ / %#@done.count@")
        source.substitutions = [
            "total": Substitution(argNum: 2, formatSpecifier: "lld"),
            "done.count": Substitution(argNum: 1, formatSpecifier: "lld"),
        ]
        #expect(Self.declaration("progress", source)
            == "progress(doneCount: Swift.Int, total: Swift.Int, localizer: Parlance.Localizer? = nil) -> Swift.String {")
    }

    @Test("Conflicting and absurd positions are reported, and never generate huge signatures")
    func positionProblems() {
        let conflict = Self.generate("mixed", .string("%1$d and %1$@"))
        #expect(conflict.diagnostics.map(\.description) == [
            "warning: Localizable: in \"mixed\", argument 1 is printed both as an integer and as text; the accessor takes an integer.",
        ])
        let absurd = Self.generate("absurd", .string("%99999$d"))
        #expect(absurd.diagnostics.map(\.description) == [
            "warning: Localizable: in \"absurd\", argument 99999 is out of range and is left out.",
        ])
        #expect(absurd.source.contains("static var absurd: Swift.String"))
    }

    @Test("Keys and comments cannot break out of literals or doc comments")
    func hostileText() throws {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en")
        catalog["\")\n}\nfatalError(\"x"] = CatalogEntry(comment: "line\n/// injected\u{202E}", localizations: ["en": .string("a\u{2028}b")])
        let source = AccessorGenerator().generate([catalog]).source
        #expect(source.contains(#"        "\")\n}\nfatalError(\"x","#))
        #expect(!source.contains("\n/// injected"))
        #expect(!source.contains("\u{202E}") && !source.contains("\u{2028}"))
    }
}
