import Foundation
import Parlance
import ParlanceMessageFormat
import Testing
@testable import ParlanceTooling

@Suite("String Catalog variations as ICU messages, and back")
struct ICUMessageConversionTests {
    /// A String Catalog table in English and French with what apps write: plural variations
    /// (with Apple's `zero`), a substitution, positional and named arguments, percent signs.
    static func appleCatalog() -> Catalog {
        var catalog = Catalog(table: "Localizable", sourceLanguage: "en", version: "1.0")
        func add(_ key: String, _ values: [String: Localization]) {
            var localizations = OrderedMap<String, Localization>()
            for language in values.keys.sorted() { localizations[language] = values[language] }
            catalog.entries[key] = CatalogEntry(localizations: localizations)
        }
        add("files", [
            "en": .plural([.zero: .string("No files"), .one: .string("%lld file"), .other: .string("%lld files")]),
            "fr": .plural([.one: .string("%lld fichier"), .many: .string("%lld de fichiers"), .other: .string("%lld fichiers")]),
        ])
        var inbox = Localization.string("%@ has %#@items@ in {folder}")
        inbox.substitutions = ["items": Substitution(argNum: 2, formatSpecifier: "lld", variations: .plural([
            .one: .string("%arg message"), .other: .string("%arg messages"),
        ]))]
        var inboxFR = Localization.string("%@ a %#@items@ dans {folder}")
        inboxFR.substitutions = ["items": Substitution(argNum: 2, formatSpecifier: "lld", variations: .plural([
            .one: .string("%arg message"), .many: .string("%arg de messages"), .other: .string("%arg messages"),
        ]))]
        add("inbox", ["en": inbox, "fr": inboxFR])
        add("progress", ["en": .string("%1$@ is %2$.1f%% done, it's {late}"), "fr": .string("%1$@ est fait à %2$.1f %%")])
        add("braces", ["en": .string("Use {} or { and # signs")])
        return catalog
    }

    @Test("Plural variations, substitutions and specifiers become ICU messages, exactly")
    func appleToICU() throws {
        let (icu, losses) = ICUMessageConversion.icuCatalog(from: Self.appleCatalog())
        #expect(losses.isEmpty, "\(losses)")
        #expect(icu.messageSyntax == .icu)
        func message(_ key: String, _ language: String) -> String? { icu.entries[key]?[language]?.stringUnit?.value }
        #expect(message("files", "en") == "{0, plural, =0 {No files} one {# file} other {# files}}")
        #expect(message("files", "fr") == "{0, plural, one {# fichier} many {# de fichiers} other {# fichiers}}")
        #expect(message("inbox", "en") == "{0} has {1, plural, one {# message} other {# messages}} in {folder}")
        #expect(message("progress", "en") == "{0} is {1, number, ::.0}% done, it''s {late}")
        #expect(message("braces", "en") == "Use '{}' or '{' and # signs")
        // Every message parses, and reads back as the text it was made from.
        for (_, entry) in icu.entries {
            for (_, value) in entry.localizations ?? OrderedMap() {
                _ = try ICUMessageFormat.Message(parsing: try #require(value.stringUnit?.value))
            }
        }
        #expect(ICUMessageFormat.Formatter(locale: "en").format(try #require(message("braces", "en"))).string == "Use {} or { and # signs")
    }

    @Test("Parlance renders each value and its ICU message alike, in English and French",
          arguments: [0, 1, 2, 5, 21, 101])
    func renderingAgrees(count: Int) throws {
        let apple = Self.appleCatalog()
        let (icu, _) = ICUMessageConversion.icuCatalog(from: apple)
        for language in ["en", "fr"] {
            let formatter = MessageFormatter(language: language)
            let icuFormatter = ICUMessageFormat.Formatter(locale: language)
            for key in ["files", "inbox"] {
                let localization = try #require(apple.entries[key]?[language])
                let arguments: [MessageArgument] = key == "files" ? [.int(Int64(count))] : ["Ada", .int(Int64(count))]
                var expected = formatter.format(localization, arguments).string
                expected = expected.replacingOccurrences(of: "{folder}", with: "Inbox")
                var icuArguments: [String: MF2.Argument] = ["folder": "Inbox"]
                for (index, argument) in arguments.enumerated() {
                    switch argument {
                    case .int(let value): icuArguments[String(index)] = .int(value)
                    case .string(let text): icuArguments[String(index)] = .string(text)
                    default: break
                    }
                }
                let text = try #require(icu.entries[key]?[language]?.stringUnit?.value)
                // Apple's `zero` form is ICU's `=0`, as Apple platforms choose it for 0 in every
                // language; Parlance's renderer chooses it only where CLDR's rules do (not English).
                if case .plural(let forms)? = localization.variations, forms[.zero] != nil, count == 0 {
                    expected = formatter.format(forms[.zero]!, arguments).string
                }
                #expect(icuFormatter.format(text, arguments: icuArguments).string == expected, "\(key) in \(language) for \(count)")
            }
        }
    }

    @Test("ICU messages become plural variations and substitutions; what a String Catalog cannot hold is reported by key")
    func icuToApple() throws {
        var catalog = Catalog(table: "Web", sourceLanguage: "en", messageSyntax: .icu, jsonLayout: .flat)
        func add(_ key: String, _ en: String, _ fr: String? = nil) {
            var localizations: OrderedMap<String, Localization> = ["en": .string(en)]
            if let fr { localizations["fr"] = .string(fr) }
            catalog.entries[key] = CatalogEntry(localizations: localizations)
        }
        add("files", "{count, plural, =0 {No files} one {# file} other {# files}}",
            "{count, plural, one {# fichier} many {# de fichiers} other {# fichiers}}")
        add("inbox", "{name} has {count, plural, one {# message} other {# messages}}",
            "{count, plural, one {# message} other {# messages}} pour {name}")
        add("price", "Total: {total, number, ::.00} for {n, number} items")
        add("gender", "{g, select, female {She} other {They}}")
        add("exact", "{n, plural, =1 {one} other {#}}")
        add("ordinal", "{n, selectordinal, one {#st} other {#th}}")
        add("when", "{d, date, short}")
        add("percent", "100% done")
        add("positional", "{0} has {1, plural, one {# file} other {# files}} ({1, number})")
        add("broken", "{n, plural, one {#}")
        let (apple, losses) = ICUMessageConversion.appleCatalog(from: catalog)
        #expect(apple.messageSyntax == .apple)
        // Named arguments stay names, as Parlance's {name} placeholders, filled by string(_:values:).
        #expect(apple.entries["files"]?["en"] == .plural([.zero: .string("No files"), .one: .string("{count} file"), .other: .string("{count} files")]))
        #expect(apple.entries["files"]?["fr"]?.variations == .plural([
            .one: .string("{count} fichier"), .many: .string("{count} de fichiers"), .other: .string("{count} fichiers"),
        ]))
        #expect(apple.entries["inbox"]?["en"]?.stringUnit?.value == "{name} has %#@count@")
        #expect(apple.entries["inbox"]?["fr"]?.stringUnit?.value == "%#@count@ pour {name}")
        // Arguments are numbered as the source language's message first names them, in every language.
        #expect(apple.entries["inbox"]?["fr"]?.substitutions?["count"] == Substitution(
            argNum: 2, formatSpecifier: "lld", variations: .plural([.one: .string("%arg message"), .other: .string("%arg messages")])))
        #expect(apple.entries["price"]?["en"] == .string("Total: {total} for {n} items"))
        #expect(losses.contains { $0.severity == .warning && $0.message.contains("::.00") })
        #expect(apple.entries["percent"]?["en"] == .string("100% done"))
        // ICU's numbered arguments become printf positions.
        #expect(apple.entries["positional"]?["en"]?.stringUnit?.value == "%1$@ has %2$#@count1@ (%2$lld)")
        #expect(apple.entries["positional"]?["en"]?.substitutions?["count1"]?.argNum == 2)
        for key in ["gender", "exact", "ordinal", "when", "broken"] {
            #expect(apple.entries[key]?["en"] == nil, "\(key) is left out")
            #expect(losses.contains { $0.severity == .error && $0.message.contains("\"\(key)\" in en") }, "\(key) is reported")
        }
        #expect(losses.filter { $0.severity == .error }.count == 5, "\(losses)")
    }

    @Test("A String Catalog's values survive the trip to ICU messages and back")
    func roundTrip() throws {
        let apple = Self.appleCatalog()
        let (icu, _) = ICUMessageConversion.icuCatalog(from: apple)
        let (back, losses) = ICUMessageConversion.appleCatalog(from: icu)
        #expect(losses.isEmpty, "\(losses)")
        #expect(back.entries["files"]?["en"] == apple.entries["files"]?["en"])
        #expect(back.entries["files"]?["fr"] == apple.entries["files"]?["fr"])
        #expect(back.entries["braces"]?["en"] == apple.entries["braces"]?["en"])
    }

    @Test("parlance convert --to json writes FormatJS's files, which a localizer serves as it served the String Catalog")
    func convertFolderToJSON() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("convert-json-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let apple = Self.appleCatalog()
        let (files, losses) = CatalogConversion.toJSONMessages([apple])
        #expect(losses.isEmpty)
        #expect(files.map(\.path).sorted() == ["en.json", "fr.json"])
        try CatalogConversion.write(files, to: output)
        let fromJSON = try Localizer(resourcesAt: output, configuration: .init(preferredLanguages: { ["fr"] }, notificationCenter: nil))
        let fromCatalog = Localizer(catalogs: [apple], configuration: .init(preferredLanguages: { ["fr"] }, notificationCenter: nil))
        for count in [0, 1, 2, 7] {
            #expect(fromJSON.string("files", count) == fromCatalog.string("files", count))
            #expect(fromJSON.string("inbox", "Ada", count) == fromCatalog.string("inbox", "Ada", count))
        }
        // And back: the JSON folder converts to a String Catalog holding the same variations.
        let folder = try ResourceFolderReader.read(at: output, sourceLanguage: "en")
        let (catalogs, backLosses) = CatalogConversion.toStringCatalogs(folder.catalogs)
        #expect(backLosses.isEmpty, "\(backLosses)")
        let written = try XCStringsReader.read(try #require(catalogs.first?.data), path: "Localizable.xcstrings")
        #expect(written.entries["files"]?["fr"]?.variations != nil)
    }
}

@Suite("Converting hostile values neither traps nor loses what it cannot write silently")
struct ICUMessageConversionHostileTests {
    @Test("An argument named by a long run of digits is a name, not a printf position that overflows")
    func hugeNumberedName() {
        let (localization, _) = ICUMessageConversion.appleLocalization(
            fromICU: "{9223372036854775807} and {0}", language: "en", argumentOrder: [])
        #expect(localization?.stringUnit?.value == "{9223372036854775807} and %@")
    }

    @Test("A substitution's argNum outside printf's positions is reported and its place in the text used")
    func hostileArgNum() {
        var value = Localization.string("%#@files@")
        value.substitutions = ["files": Substitution(argNum: Int.min, formatSpecifier: "lld", variations: .plural([
            .one: .string("%arg file"), .other: .string("%arg files"),
        ]))]
        let (message, problems) = ICUMessageConversion.icuMessage(from: value, language: "en")
        #expect(message == "{0, plural, one {# file} other {# files}}")
        #expect(problems.contains { $0.message.contains("no printf position") })
    }

    @Test("A run of braces converts in time proportional to its length")
    func braces() {
        let text = String(repeating: "{", count: 20_000)
        let (message, _) = ICUMessageConversion.icuMessage(from: .string(text), language: "en")
        #expect(message == "'" + text + "'")
    }

    @Test("A JSON folder's described members and trailing newline survive the folder reader, and layouts that differ are reported")
    func mergerKeepsWhatJSONHolds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("merge-json-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\n  \"a\": {\n    \"defaultMessage\": \"A\",\n    \"id\": \"a\"\n  }\n}\n".utf8).write(to: folder.appendingPathComponent("en.json"))
        try Data("{\"a\": \"À\"}".utf8).write(to: folder.appendingPathComponent("fr.json"))
        let read = try ResourceFolderReader.read(at: folder)
        let catalog = try #require(read.catalogs.first)
        #expect(catalog.entries["a"]?.unknownFields.names == ["id"])
        #expect(catalog.endsWithNewline)
        #expect(catalog.jsonLayout == .described)
        #expect(read.diagnostics.contains { $0.message.contains("lays the Localizable table out flat") })
    }
}
