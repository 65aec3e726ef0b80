import ParlanceTestSupport
import Testing

@Suite("parlance lookup and format")
struct LookupAndFormatCommandTests {
    let example = "Examples/QuizApp"

    @Test("lookup prints the resolved string, and --explain the chain and the source")
    func lookup() throws {
        let plain = try Parlance.run(["lookup", example, "quiz.title", "--lang", "it"])
        #expect(plain.status == 0)
        #expect(plain.standardOutput == "Quiz dei serpenti\n")
        let explained = try Parlance.run(["lookup", example, "settings.title", "--lang", "fr-CA", "--table", "Settings", "--explain"])
        #expect(explained.standardOutput == "Réglages\nrequested: fr-CA, showing: fr\nchain: fr → en → it\nfrom: fr\n")
        let fallback = try Parlance.run(["lookup", example, "quiz.start", "--lang", "it", "--explain"])
        #expect(fallback.standardOutput == "Tocca per iniziare\nrequested: it, showing: it\nchain: it → fr → en\nfrom: it\n")
        let missing = try Parlance.run(["lookup", example, "nothing.here", "--lang", "en", "--explain"])
        #expect(missing.standardOutput == """
            nothing.here
            requested: en, showing: en
            chain: en → fr → it
            from: no catalog holds "nothing.here" in Localizable; the key itself is shown

            """)
    }

    @Test("Without --lang, the language is the environment's, read as gettext reads it", arguments: [
        (["LANG": "it_IT.UTF-8"], "Quiz dei serpenti"),
        (["LANG": "it_IT.UTF-8@euro", "LC_MESSAGES": "en_GB.UTF-8"], "Snake Quiz"),
        (["LC_ALL": "en_GB.UTF-8", "LANG": "it_IT.UTF-8"], "Snake Quiz"),
        (["LANGUAGE": "en:it", "LANG": "it_IT.UTF-8"], "Snake Quiz"),
        (["LANGUAGE": "de:it", "LANG": "fr_FR.UTF-8"], "Quiz dei serpenti"),
        // LANGUAGE is ignored in the C locale; C and C.UTF-8 name no language: the source, French.
        (["LANGUAGE": "it", "LC_ALL": "C", "LANG": "en_US.UTF-8"], "Quiz des serpents"),
        (["LANG": "C.UTF-8"], "Quiz des serpents"),
        (["LANG": "de_DE.UTF-8"], "Quiz des serpents"),
        ([:], "Quiz des serpents"),
    ] as [([String: String], String)])
    func environmentLanguage(_ locale: [String: String], _ expected: String) throws {
        let result = try Parlance.run(["lookup", example, "quiz.title"], locale: locale)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == expected + "\n")
    }

    @Test("--explain says the language came from the environment, or that it named none")
    func environmentExplained() throws {
        let named = try Parlance.run(["lookup", example, "quiz.title", "--explain"], locale: ["LANG": "it_IT.UTF-8@euro"])
        #expect(named.standardOutput.contains("requested: it-IT (from the environment), showing: it\n"))
        let none = try Parlance.run(["lookup", example, "quiz.title", "--explain"], locale: ["LANG": "POSIX"])
        #expect(none.standardOutput.contains("requested: nothing (the environment names no language), showing: fr\n"))
    }

    @Test("A language no catalog holds shows the source language's text, never the key")
    func unavailableLanguage() throws {
        let result = try Parlance.run(["lookup", example, "quiz.start", "--lang", "de", "--explain"])
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            Touchez pour commencer
            requested: de, showing: de (no catalog holds it)
            chain: fr → en → it
            from: fr (fallback)

            """)
    }

    @Test("format renders plurals, substitutions, devices and named values in the language", arguments: [
        (["%lld questions restantes", "--lang", "fr", "--arg", "1"], "1 question restante\n"),
        (["%lld questions restantes", "--lang", "en", "--arg", "2"], "2 questions left\n"),
        (["%#@correct@ sur %#@total@", "--lang", "it", "--arg", "1", "--arg", "5"], "1 risposta esatta su 5 domande\n"),
        (["quiz.start", "--lang", "en", "--device", "mac"], "Click to start\n"),
        (["load_more_count", "--lang", "fr", "--value", "count=4"], "Charger 4 de plus\n"),
        (["settings.cache.size", "--lang", "en", "--table", "Settings", "--arg", "1"], "1 cached file\n"),
    ])
    func format(arguments: [String], expected: String) throws {
        let result = try Parlance.run(["format", example] + arguments)
        #expect(result.status == 0)
        #expect(result.standardOutput == expected)
    }

    @Test("A missing argument renders a visible marker and a warning, never a crash")
    func missingArgument() throws {
        let result = try Parlance.run(["format", example, "%#@correct@ sur %#@total@", "--lang", "en", "--arg", "1"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("⟨?⟩"))
        #expect(!result.standardError.isEmpty)
    }
}
