import ParlanceTestSupport
import Testing

@Suite("parlance plural")
struct PluralCommandTests {
    @Test("One category per number, one per line", arguments: [
        (["plural", "ru", "1", "2", "5", "1.5"], "one\nfew\nmany\nother\n"),
        (["plural", "en", "1", "1.0", "0"], "one\nother\nother\n"),
        (["plural", "en", "1", "2", "3", "4", "11", "21", "--ordinal"], "one\ntwo\nfew\nother\nother\none\n"),
        (["plural", "pt-PT", "0", "1"], "other\none\n"),
        (["plural", "pt-BR", "0", "1"], "one\none\n"),
        (["plural", "ar", "0", "1", "2", "3", "11", "100"], "zero\none\ntwo\nfew\nmany\nother\n"),
        (["plural", "fr", "1000000", "1c6"], "many\nmany\n"),
        (["plural", "pl", "--", "-1", "-5"], "one\nmany\n"),
    ])
    func categories(arguments: [String], expected: String) throws {
        let result = try Parlance.run(arguments)
        #expect(result.status == 0)
        #expect(result.standardOutput == expected)
    }

    @Test("An unknown language or a word that is no number fails with a sentence", arguments: [
        (["plural", "xx", "1"], "Error: unknown language \"xx\"; CLDR has no cardinal plural rules for it.\n"),
        (["plural", "en", "1", "abc"], "Error: \"abc\" is not a number; expected digits with an optional fraction, such as 1.50.\n"),
    ])
    func failures(arguments: [String], expected: String) throws {
        let result = try Parlance.run(arguments)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.standardError == expected)
    }
}
