import Foundation
import Testing
@testable import ParlanceMessageFormat

@Suite("ICU MessageFormat")
struct ICUMessageFormatTests {
    /// Messages, locales and arguments formatted here and by ICU itself (PyICU).
    static let agreement: [(message: String, locale: String, arguments: [String: MF2.Argument])] = [
        ("{count, plural, =0 {no files} one {# file} other {# files}}", "en", ["count": 0]),
        ("{count, plural, =0 {no files} one {# file} other {# files}}", "en", ["count": 1]),
        ("{count, plural, =0 {no files} one {# file} other {# files}}", "en", ["count": 1234]),
        ("{count, plural, one {# fichier} other {# fichiers}}", "fr", ["count": 1.5]),
        ("{count, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}", "ru", ["count": 21]),
        ("{count, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}", "ru", ["count": 3]),
        ("{count, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}", "ru", ["count": 5]),
        ("{n, plural, offset:1 =0 {nobody} =1 {{who}} one {{who} and # other} other {{who} and # others}}", "en", ["n": 2, "who": "Ada"]),
        ("{n, plural, offset:1 =0 {nobody} =1 {{who}} one {{who} and # other} other {{who} and # others}}", "en", ["n": 1, "who": "Ada"]),
        ("{n, plural, offset:1 =0 {nobody} =1 {{who}} one {{who} and # other} other {{who} and # others}}", "en", ["n": 5, "who": "Ada"]),
        ("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", "en", ["n": 22]),
        ("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", "en", ["n": 13]),
        ("{gender, select, female {She} male {He} other {They}} replied", "en", ["gender": "female"]),
        ("{gender, select, female {She} male {He} other {They}} replied", "en", ["gender": "robot"]),
        ("{g, select, female {{n, plural, one {She has # cat} other {She has # cats}}} other {{n, plural, one {They have # cat} other {They have # cats}}}}", "en", ["g": "female", "n": 3]),
        ("It''s '{'{name}'}' and '#' and {n, plural, other {'#' is #}}", "en", ["name": "x", "n": 4]),
        ("Don't '{quote}' this", "en", [:]),
        ("{n, number} {n, number, integer} {n, number, percent}", "en", ["n": 1234.5]),
        ("{n, number} {n, number, integer} {n, number, percent}", "de", ["n": 1234.5]),
        ("{n, number, ::currency/EUR} {n, number, ::.00} {n, number, ::percent}", "fr", ["n": 0.5]),
        ("{n, number, ::currency/JPY} {n, number, ::scale/100 percent .0}", "en", ["n": 1234]),
        ("{a} {b} {a}", "en", ["a": "x", "b": 2]),
        ("{0} before {1}", "en", ["0": "zero", "1": "one"]),
    ]

    static let pyICU: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import icu"]
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// ICU's own MessageFormat (PyICU) on each case, one line of output per case.
    static func icuOutputs() throws -> [String] {
        let script = """
            import icu, json, sys
            for case in json.load(sys.stdin):
                names = list(case["arguments"].keys())
                values = [icu.Formattable(v) for v in case["arguments"].values()]
                text = icu.MessageFormat(case["message"], icu.Locale(case["locale"])).format(names, values)
                print(json.dumps(str(text)))
            """
        let payload = agreement.map { item -> [String: Any] in
            var arguments: [String: Any] = [:]
            for (name, value) in item.arguments {
                switch value {
                case .int(let integer): arguments[name] = integer
                case .double(let double): arguments[name] = double
                default: arguments[name] = value.text
                }
            }
            return ["message": item.message, "locale": item.locale, "arguments": arguments]
        }
        let input = try JSONSerialization.data(withJSONObject: payload)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map { line in
            (try? JSONDecoder().decode(String.self, from: Data(line.utf8))) ?? String(line)
        }
    }

    @Test("Plurals, offsets, ordinals, selects, nesting, quoting and number styles format as ICU formats them",
          .enabled(if: pyICU, "PyICU is not installed (pip install PyICU): ICU itself is the reference"))
    func agreesWithICU() throws {
        let expected = try Self.icuOutputs()
        try #require(expected.count == Self.agreement.count, "PyICU printed \(expected.count) lines")
        for (index, item) in Self.agreement.enumerated() {
            let result = ICUMessageFormat.Formatter(locale: item.locale).format(item.message, arguments: item.arguments)
            #expect(result.string == expected[index], "\(item.message) in \(item.locale)")
            #expect(result.errors.isEmpty, "\(item.message): \(result.errors)")
        }
    }

    @Test("Syntax errors name the line and column, and unsupported argument types are refused by name", arguments: [
        ("{count, plural, one {# file}}", "has no 'other' case", 1, 1),
        ("{g, select, female {She}\n}", "has no 'other' case", 1, 1),
        ("Hello {name", "not closed", 1, 7),
        ("{n, choice, 0#none|1#one}", "choice arguments are not supported", 1, 5),
        ("{n,\n  spellout}", "spellout arguments are not supported", 2, 3),
        ("{n, spellout}", "spellout arguments are not supported", 1, 5),
        ("{n, plural, one {x} other {y}} }", "an unmatched '}'", 1, 32),
        ("{n, plural, lots {x} other {y}}", "is not a plural category", 1, 18),
    ])
    func syntaxErrors(source: String, fragment: String, line: Int, column: Int) {
        #expect {
            _ = try ICUMessageFormat.Message(parsing: source)
        } throws: { error in
            guard let error = error as? ICUMessageFormat.SyntaxError else { return false }
            return error.message.contains(fragment) && error.line == line && error.column == column
        }
    }

    @Test("A missing argument is left as written and reported; an unsupported style is reported, never silent")
    func missingAndUnsupported() {
        let formatter = ICUMessageFormat.Formatter(locale: "en")
        let missing = formatter.format("Hi {name}!")
        #expect(missing.string == "Hi {name}!")
        #expect(missing.errors.map(\.kind) == [.unresolvedVariable])
        let unsupported = formatter.format("{n, number, #,##0.0}", arguments: ["n": 3])
        #expect(unsupported.string == "3")
        #expect(unsupported.errors.map(\.kind) == [.unsupportedOperation])
    }

    @Test("Nesting deeper than the limit is refused before it is formatted")
    func depth() {
        let deep = String(repeating: "{a, select, other {", count: 40) + "x" + String(repeating: "}}", count: 40)
        #expect(throws: ICUMessageFormat.SyntaxError.self) { _ = try ICUMessageFormat.Message(parsing: deep) }
    }
}
