import ArgumentParser
import Foundation
import ParlanceMessageFormat
import ParlanceTooling

struct MessageFormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "messageformat",
        abstract: "Format MessageFormat 2 and ICU MessageFormat messages; run conformance suites in the MF2 working group's schema.",
        subcommands: [TestFiles.self, FormatOne.self]
    )

    struct TestFiles: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test",
            abstract: "Run test files in the schema of the MF2 working group's suite; print each failing case and a count.",
            discussion: "Exits 1 when any case failed, 2 when a file cannot be read."
        )

        @Argument(help: "Test files (JSON), such as message-format-wg/test/tests/syntax.json.")
        var files: [String]

        @Flag(help: "Print passing cases too.")
        var verbose = false

        func run() throws {
            var passed = 0, failed = 0
            for file in files {
                let cases: [MF2TestSuite.Case]
                do {
                    cases = try MF2TestSuite.cases(in: URL(fileURLWithPath: file))
                } catch {
                    FileHandle.standardError.write(Data("\(error)\n".utf8))
                    throw ExitCode(2)
                }
                for testCase in cases {
                    let outcome = MF2TestSuite.run(testCase)
                    if outcome.passed {
                        passed += 1
                        if verbose { print("PASS \(testCase.label)") }
                        continue
                    }
                    failed += 1
                    print("FAIL \(testCase.label)")
                    print("  source:   \(MF2TestSuite.quoted(testCase.source))")
                    if let expected = testCase.expected { print("  expected: \(MF2TestSuite.quoted(expected))") }
                    print("  actual:   \(MF2TestSuite.quoted(outcome.actual))")
                    for failure in outcome.failures { print("  \(failure)") }
                }
            }
            print("\(passed) passed, \(failed) failed")
            if failed > 0 { throw ExitCode(1) }
        }
    }

    struct FormatOne: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "format",
            abstract: "Format one message with arguments; print the result, and its errors on standard error.",
            discussion: """
                Arguments are a JSON object: numbers are passed as numbers, strings as strings, true and false as \
                Booleans. Exits 1 when the message had errors (the result, with its fallbacks, is still printed).
                """
        )

        @Argument(help: "The message, such as '.input {$n :number} .match $n one {{{$n} item}} * {{{$n} items}}'.")
        var message: String

        @Option(help: "The syntax of the message: mf2 (Unicode MessageFormat 2) or icu (ICU MessageFormat).")
        var syntax: String = "mf2"

        @Option(name: .customLong("lang"), help: "The locale, a BCP 47 tag such as fr or ar-EG.")
        var language: String = "en"

        @Option(name: .customLong("args"), help: "The arguments, as a JSON object: '{\"count\": 3, \"name\": \"Ada\"}'.")
        var arguments: String = "{}"

        @Flag(help: "Leave out the bidi isolation controls around placeholders.")
        var noBidiIsolation = false

        func run() throws {
            guard syntax == "mf2" || syntax == "icu" else {
                throw ValidationError("--syntax takes mf2 or icu, not \(syntax).")
            }
            let values: [String: MF2TestSuite.JSONValue]
            do {
                let decoded = try JSONDecoder().decode(MF2TestSuite.JSONValue.self, from: Data(arguments.utf8))
                guard case .object(let fields) = decoded else { throw ValidationError("--args must be a JSON object.") }
                values = fields
            } catch let error as ValidationError {
                throw error
            } catch {
                throw ValidationError("--args is not JSON: \(error)")
            }
            let arguments = values.mapValues { MF2TestSuite.argument(["value": $0]) }
            let string: String
            let errors: [MF2.Error]
            if syntax == "icu" {
                let result = ICUMessageFormat.Formatter(locale: language).format(message, arguments: arguments)
                (string, errors) = (result.string, result.errors)
            } else {
                let result = MF2.Formatter(locale: language, bidiIsolation: !noBidiIsolation).format(message, arguments: arguments)
                (string, errors) = (result.string, result.errors)
            }
            print(string)
            for error in errors {
                FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            }
            if !errors.isEmpty { throw ExitCode(1) }
        }
    }
}
