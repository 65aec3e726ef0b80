import Foundation
import Parlance
import Testing
@testable import ParlanceTooling

/// Export and import over the bundled example app, and the files translators send back.
@Suite("Translators' formats: export and import")
struct TranslationExchangeTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let example = repository.appendingPathComponent("Examples/QuizApp")
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/translation")

    static func exampleFolder() throws -> ResourceFolder {
        let folder = try ResourceFolderReader.read(at: example)
        try #require(!folder.hasErrors)
        return folder
    }

    /// Reads exported files back as the import command does.
    static func document(_ files: [CatalogConversion.OutputFile], format: TranslationExchange.Format) throws -> TranslationDocument {
        var document = TranslationDocument()
        for file in files where file.path.hasSuffix(".xliff") || file.path.hasSuffix(".po") {
            let read = format == .po
                ? try GettextPO.read(file.data, path: file.path)
                : try XLIFF.read(file.data, path: file.path)
            document.files += read.files
            document.locations += read.locations
        }
        return document
    }

    @Test("Export then import with no edits changes no catalog, in every format", arguments: TranslationExchange.Format.allCases)
    func untouchedRoundTrip(format: TranslationExchange.Format) throws {
        let folder = try Self.exampleFolder()
        let languages = ["en", "it", "ru", "ar", "ja"]
        let exported = TranslationExchange.export(folder, root: Self.example, languages: languages, format: format, project: "QuizApp")
        #expect(exported.losses.isEmpty, "\(exported.losses)")
        let document = try Self.document(exported.files, format: format)
        #expect(Set(document.files.map(\.targetLanguage)) == Set(languages))
        let result = TranslationImport.merge(document, into: folder.catalogs)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.changedTables.isEmpty)
        #expect(result.updatedUnits == 0)
        #expect(result.unchangedUnits > 0)
        #expect(result.catalogs == folder.catalogs)
        let written = TranslationExchange.filesToWrite(after: result, folder: folder, root: Self.example, languages: Set(languages))
        #expect(written.files.isEmpty)
    }

    @Test("Units follow Xcode's ids, with exactly the plural categories the target language uses")
    func pluralUnitsPerLanguage() throws {
        let folder = try Self.exampleFolder()
        let catalog = try #require(folder["Localizable"])
        let key = "%lld questions restantes"
        func categories(_ language: String) -> [String] {
            TranslationExport.file(for: catalog, original: "Localizable.xcstrings", language: language).file.units
                .filter { $0.key == key }.map { $0.path.last ?? "" }
        }
        // Xcode's order: the variants of a key sorted by path, as Finder sorts names.
        #expect(categories("ru") == ["few", "many", "one", "other"])
        #expect(categories("ja") == ["other"])
        #expect(categories("ar") == ["few", "many", "one", "other", "two", "zero"])
        let italian = TranslationExport.file(for: catalog, original: "Localizable.xcstrings", language: "it").file
        let one = try #require(italian.units.first { $0.id == "\(key)|==|plural.one" })
        #expect(one.source == "%lld question restante")
        #expect(one.target == "%lld domanda rimasta")
        #expect(one.state == .needsReview)
        let russianFew = try #require(TranslationExport.file(for: catalog, original: "L", language: "ru").file.units.first { $0.id == "\(key)|==|plural.few" })
        #expect(russianFew.target == nil)
        #expect(russianFew.source == "%lld questions restantes", "a category French lacks takes the source's other form")
        let substitution = try #require(italian.units.first { $0.id == "%#@correct@ sur %#@total@|==|substitutions.correct.plural.one" })
        #expect(substitution.target == "%arg risposta esatta")
    }

    @Test("A plain translation over a device-varied source is one unit with its text; substitutions of a device-varied key are exported")
    func translationShapeWins() throws {
        let folder = try Self.exampleFolder()
        let catalog = try #require(folder["Localizable"])
        let italian = TranslationExport.file(for: catalog, original: "L", language: "it").file
        #expect(italian.units.contains { $0.id == "quiz.start" && $0.target == "Tocca per iniziare" })
        var devices = Catalog(table: "D", sourceLanguage: "en")
        var source = Localization.device([.iphone: .string("%#@n@ on iPhone"), .other: .string("%#@n@")])
        source.substitutions = ["n": Substitution(argNum: 1, formatSpecifier: "lld", variations: .plural([.one: .string("%arg item"), .other: .string("%arg items")]))]
        devices["k"] = CatalogEntry(localizations: ["en": source])
        let ids = TranslationExport.file(for: devices, original: "D.xcstrings", language: "fr").file.units.map(\.id)
        #expect(ids.contains("k|==|device.iphone"))
        #expect(ids.contains("k|==|substitutions.n.plural.one") && ids.contains("k|==|substitutions.n.plural.many"))
    }

    @Test("A file's language is the catalog's spelling of it: pt_BR and pt-br update pt-BR")
    func languageSpelling() throws {
        var catalog = Catalog(table: "L", sourceLanguage: "en")
        catalog["hello"] = CatalogEntry(localizations: ["en": .string("Hello"), "pt-BR": .string("Olá", state: .translated)])
        for spelling in ["pt_BR", "pt-br"] {
            let file = TranslationFile(original: "L.xcstrings", sourceLanguage: "en", targetLanguage: spelling,
                                       units: [TranslationUnit(key: "hello", source: "Hello", target: "Oi")])
            let result = TranslationImport.merge(TranslationDocument(files: [file], locations: [[]]), into: [catalog])
            #expect(result.catalogs[0]["hello"]?.localizations?.keys == ["en", "pt-BR"])
            #expect(result.catalogs[0]["hello"]?["pt-BR"]?.stringUnit?.value == "Oi")
        }
    }

    @Test("An edited XLIFF changes only its unit, marks it translated, and writes only its catalog")
    func editedXLIFF() throws {
        let folder = try Self.exampleFolder()
        let exported = TranslationExchange.export(folder, root: Self.example, languages: ["it"], format: .xliff, project: "QuizApp")
        var text = String(decoding: try #require(exported.files.first).data, as: UTF8.self)
        text = text.replacingOccurrences(of: "<target state=\"needs-review-l10n\">%lld domanda rimasta</target>",
                                         with: "<target state=\"needs-review-l10n\">%lld domanda ancora</target>")
        text = text.replacingOccurrences(of: "<target state=\"translated\">Chiudi</target>", with: "<target state=\"translated\">Chiudi &amp; esci</target>")
        let document = try XLIFF.read(Data(text.utf8), path: "it.xliff")
        let result = TranslationImport.merge(document, into: folder.catalogs)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.updatedUnits == 2)
        #expect(result.changedTables == ["Localizable"])
        let catalog = try #require(result.catalogs.first { $0.table == "Localizable" })
        #expect(catalog["close"]?["it"]?.stringUnit == StringUnit("Chiudi & esci", state: .translated))
        let plural = VariantPath.leaf(in: catalog["%lld questions restantes"]?["it"], path: ["plural", "one"])
        #expect(plural == StringUnit("%lld domanda ancora", state: .needsReview))
        let written = TranslationExchange.filesToWrite(after: result, folder: folder, root: Self.example, languages: ["it"])
        #expect(written.files.map(\.path) == ["Sources/QuizKit/Resources/Localizable.xcstrings"])
        let reread = try XCStringsReader.read(try #require(written.files.first).data, path: "Localizable.xcstrings")
        #expect(reread == catalog)
    }

    @Test("A translation whose placeholders differ from the source is refused at its line and column")
    func placeholderMismatch() throws {
        let folder = try Self.exampleFolder()
        let url = Self.fixtures.appendingPathComponent("placeholder-mismatch.xliff")
        let document = try TranslationExchange.read(url)
        let result = TranslationImport.merge(document, into: folder.catalogs)
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.location?.file == url.path)
        #expect(error.location?.line == 7)
        #expect(error.location?.column == 9)
        #expect(error.message.contains("argument 1"))
        #expect(result.updatedUnits == 0)
        func mismatch(_ source: String, _ target: String) -> String? {
            ImportedArguments.mismatch(Localization(stringUnit: StringUnit(target)), at: [], language: "it",
                                       source: Localization(stringUnit: StringUnit(source)), key: source)
        }
        #expect(mismatch("%1$@ et %2$lld", "%2$lld e %1$@") == nil)
        #expect(mismatch("%@ a %lld", "%@ ha") != nil)
        #expect(mismatch("%@", "%@ %@") != nil)
        #expect(mismatch("100% sure", "sicuro al 100%") == nil)
    }

    @Test("A plural form, or a substitution's, that leaves out a count its category holds several numbers for is refused")
    func pluralFormsLeavingOutTheCount() throws {
        let folder = try Self.exampleFolder()
        let url = Self.fixtures.appendingPathComponent("placeholder-plural-forms.xliff")
        let result = TranslationImport.merge(try TranslationExchange.read(url), into: folder.catalogs)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.map { $0.location?.line } == [7, 11])
        #expect(errors.first?.message.contains("substitutions.correct.plural.other") == true)
        #expect(errors.first?.message.contains("leaves out its count, argument 1 (%arg)") == true)
        #expect(errors.last?.message.contains("CLDR's \"other\" in it holds 0, 2~16") == true)
        // Italian "one" holds 1 alone: "Una domanda rimasta" may leave the count out.
        #expect(result.updatedUnits == 1)
        let catalog = try #require(result.catalogs.first { $0.table == "Localizable" })
        let one = VariantPath.leaf(in: catalog["%lld questions restantes"]?["it"], path: ["plural", "one"])
        #expect(one?.value == "Una domanda rimasta")
        let other = VariantPath.leaf(in: catalog["%lld questions restantes"]?["it"], path: ["plural", "other"])
        #expect(other?.value == "%lld domande rimaste")
    }

    @Test("A .po unit that matches no key is reported; the rest is imported")
    func unknownKey() throws {
        let folder = try Self.exampleFolder()
        let url = Self.fixtures.appendingPathComponent("unknown-key.po")
        let result = TranslationImport.merge(try TranslationExchange.read(url), into: folder.catalogs)
        let warning = try #require(result.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("no.such.key"))
        #expect(warning.location?.line == 7)
        #expect(result.updatedUnits == 1)
        #expect(result.catalogs.first { $0.table == "Localizable" }?["close"]?["it"]?.stringUnit?.value == "Chiudi la finestra")
    }

    @Test("A .po plural entry with the wrong number of forms is refused")
    func wrongPluralCount() throws {
        let url = Self.fixtures.appendingPathComponent("wrong-plural-count.po")
        #expect {
            _ = try TranslationExchange.read(url)
        } throws: { error in
            let error = error as? ParseError
            return error?.location.line == 6 && error?.message.contains("needs 3") == true
        }
    }

    @Test("gettext Plural-Forms agree with CLDR's categories for every whole number tried")
    func pluralFormsAgree() throws {
        for language in ["en", "fr", "ru", "pl", "ar", "cy", "ga", "lt", "ja", "it", "pt-PT", "gv", "br", "mt", "sl"] {
            let rules = try #require(PluralRules.cardinal(for: language))
            let forms = rules.gettextPluralForms
            let expression = try #require(forms.range(of: "plural=")).upperBound
            let evaluator = try GettextExpression(String(forms[expression...].dropLast()))
            #expect(forms.hasPrefix("nplurals=\(rules.categories.count);"))
            for n in Array(0...1_200) + [1_000_000, 2_000_000, 1_000_001, 10_000_000] {
                let index = evaluator.evaluate(n)
                #expect(index >= 0 && index < rules.categories.count && rules.categories[index] == rules.category(for: n),
                        "\(language): n=\(n) gives msgstr[\(index)], CLDR says \(rules.category(for: n))")
            }
        }
    }
}
