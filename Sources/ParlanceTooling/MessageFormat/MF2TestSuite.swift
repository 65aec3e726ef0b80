import Foundation
import ParlanceMessageFormat

/// Test files in the schema of the MF2 working group's suite (`test/tests/*.json` in
/// unicode-org/message-format-wg): read, run against ``/ParlanceMessageFormat/MF2/Formatter``,
/// and compared field by field, so Parlance can be checked against any suite written in it.
public enum MF2TestSuite {
    /// One test: a message, its locale and arguments, and what it must give.
    public struct Case: Sendable {
        /// `file.json #3: description` (or the source when there is no description).
        public var label: String
        /// The message's source (`src`, its lines joined when it is an array).
        public var source: String
        /// The locale to format in (`locale`; `en-US` when the test does not say).
        public var locale: String
        /// Whether placeholders are isolated with bidi controls (when `bidiIsolation` is `default`).
        public var bidiIsolation: Bool
        /// The arguments the message is formatted with, from the test's `params`.
        public var arguments: [String: MF2.Argument]
        /// The string the message must format to, when the test says.
        public var expected: String?
        /// The parts it must format to: each expected field must be present and equal.
        public var expectedParts: [JSONValue]?
        /// The kinds of error it must report, in any order; empty: none.
        public var expectedErrors: [String]
    }

    /// What running a case gave.
    public struct Outcome: Sendable {
        /// The case that was run.
        public var testCase: Case
        /// The string the message formatted to.
        public var actual: String
        /// The kinds of error reported (`bad-operand`, …), in the order they were reported.
        public var actualErrors: [String]
        /// Why it failed, one line each; empty when it passed.
        public var failures: [String]
        /// Whether the case passed: it has no failures.
        public var passed: Bool { failures.isEmpty }
    }

    /// A JSON value, as the test files hold them.
    public indirect enum JSONValue: Hashable, Sendable, CustomStringConvertible, Decodable {
        /// A JSON string, number, Boolean or `null`.
        case string(String), number(Double), bool(Bool), null
        /// A JSON array.
        case array([JSONValue])
        /// A JSON object, its values by key.
        case object([String: JSONValue])

        /// The value written out much as JSON writes it (strings unescaped, object keys sorted).
        public var description: String {
            switch self {
            case .string(let text): return "\"\(text)\""
            case .number(let value): return value.rounded() == value ? String(Int64(value)) : String(value)
            case .bool(let value): return String(value)
            case .null: return "null"
            case .array(let values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
            case .object(let fields):
                return "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
            }
        }

        /// Decodes any JSON value: `null`, a Boolean, a number, a string, an array or an object.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([JSONValue].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: JSONValue].self))
            }
        }

        var string: String? { if case .string(let text) = self { text } else { nil } }
        var object: [String: JSONValue]? { if case .object(let fields) = self { fields } else { nil } }
        var array: [JSONValue]? { if case .array(let values) = self { values } else { nil } }

        /// Whether every field `self` (expected) holds is in `actual` with the same value.
        func isSubset(of actual: JSONValue) -> Bool {
            switch (self, actual) {
            case (.object(let expected), .object(let actual)):
                return expected.allSatisfy { key, value in actual[key].map { value.isSubset(of: $0) } ?? false }
            case (.array(let expected), .array(let actual)):
                return expected.count == actual.count && zip(expected, actual).allSatisfy { $0.isSubset(of: $1) }
            default:
                return self == actual
            }
        }
    }

    /// A test file that is not JSON or not in the suite's schema.
    public struct FileError: Error, CustomStringConvertible {
        /// The file's path and what is wrong with it.
        public var description: String
    }

    /// The cases of one file, each with the file's `defaultTestProperties` applied.
    public static func cases(in url: URL) throws -> [Case] {
        let data = try Data(contentsOf: url)
        let name = url.lastPathComponent
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw FileError(description: "\(url.path): not JSON: \(error)")
        }
        guard let tests = root.object?["tests"]?.array else {
            throw FileError(description: "\(url.path): not a test file (expected an object with a \"tests\" array)")
        }
        let defaults = root.object?["defaultTestProperties"]?.object ?? [:]
        return try tests.enumerated().map { index, test in
            guard var fields = test.object else {
                throw FileError(description: "\(url.path): test \(index + 1) is not an object")
            }
            fields.merge(defaults) { own, _ in own }
            let source: String
            if let text = fields["src"]?.string {
                source = text
            } else if let lines = fields["src"]?.array {
                source = lines.compactMap(\.string).joined()
            } else {
                throw FileError(description: "\(url.path): test \(index + 1) has no \"src\"")
            }
            var arguments: [String: MF2.Argument] = [:]
            for param in fields["params"]?.array ?? [] {
                guard let param = param.object, let name = param["name"]?.string else { continue }
                arguments[name] = argument(param)
            }
            let description = fields["description"]?.string
            return Case(
                label: "\(name) #\(index + 1)" + (description.map { ": \($0)" } ?? ""),
                source: source,
                locale: fields["locale"]?.string ?? "en-US",
                bidiIsolation: (fields["bidiIsolation"]?.string ?? "none") == "default",
                arguments: arguments,
                expected: fields["exp"]?.string,
                expectedParts: fields["expParts"]?.array,
                expectedErrors: (fields["expErrors"]?.array ?? []).compactMap { $0.object?["type"]?.string })
        }
    }

    /// The argument one of a test's `params` gives: a `datetime` as a date, a whole number as
    /// `.int`, another number as `.double`, a Boolean as `.bool`, anything else as text.
    public static func argument(_ param: [String: JSONValue]) -> MF2.Argument {
        let value = param["value"]
        if param["type"]?.string == "datetime", let text = value?.string {
            return MF2DateArgument.parse(text).map(MF2.Argument.date) ?? .string(text)
        }
        switch value {
        case .string(let text)?: return .string(text)
        case .bool(let flag)?: return .bool(flag)
        case .number(let number)?:
            if number.rounded() == number, abs(number) < 1e15 { return .int(Int64(number)) }
            return .double(number)
        default: return .string(value?.description ?? "")
        }
    }

    /// Runs one case with the default functions and the suite's `:test:*` functions.
    public static func run(_ testCase: Case) -> Outcome {
        let formatter = MF2.Formatter(locale: testCase.locale, functions: MF2TestFunctions.all, bidiIsolation: testCase.bidiIsolation)
        let result = formatter.format(testCase.source, arguments: testCase.arguments)
        var failures: [String] = []
        if let expected = testCase.expected, expected != result.string {
            failures.append("expected \(quoted(expected)), got \(quoted(result.string))")
        }
        let kinds = result.errors.map(\.kind.rawValue)
        if kinds.sorted() != testCase.expectedErrors.sorted() {
            failures.append("expected errors [\(testCase.expectedErrors.joined(separator: ", "))], got [\(kinds.joined(separator: ", "))]"
                + (result.errors.isEmpty ? "" : " (" + result.errors.map(\.message).joined(separator: "; ") + ")"))
        }
        if let parts = testCase.expectedParts {
            let actual = JSONValue.array(result.parts.map(json))
            if !JSONValue.array(parts).isSubset(of: actual) {
                failures.append("expected parts \(JSONValue.array(parts)), got \(actual)")
            }
        }
        return Outcome(testCase: testCase, actual: result.string, actualErrors: kinds, failures: failures)
    }

    /// A formatted part in the suite's JSON shape.
    static func json(_ part: MF2.Formatter.Part) -> JSONValue {
        switch part {
        case .text(let text):
            return .object(["type": .string("text"), "value": .string(text)])
        case .bidiIsolation(let control):
            return .object(["type": .string("bidiIsolation"), "value": .string(control)])
        case .fallback(let source):
            return .object(["type": .string("fallback"), "source": .string(source)])
        case .markup(let kind, let name, let options, let id):
            var fields: [String: JSONValue] = ["type": .string("markup"), "kind": .string(kind.rawValue), "name": .string(name)]
            if !options.isEmpty { fields["options"] = .object(options.mapValues(JSONValue.string)) }
            if let id { fields["id"] = .string(id) }
            return .object(fields)
        case .value(let value, let direction, let id, let locale):
            var fields: [String: JSONValue] = ["type": .string(value.type), "value": .string(value.text)]
            if !value.pieces.isEmpty {
                fields["parts"] = .array(value.pieces.map { .object(["type": .string($0.type), "value": .string($0.value)]) })
            }
            if let direction, direction != .unknown { fields["dir"] = .string(direction.rawValue) }
            if let id { fields["id"] = .string(id) }
            if let locale { fields["locale"] = .string(locale) }
            return .object(fields)
        }
    }

    /// `text` in double quotes, with quotes and backslashes escaped and control characters and
    /// bidi marks written as `\u{…}`.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x2066...0x2069).contains(scalar.value) || (0x200E...0x200F).contains(scalar.value) || scalar.value == 0x61C {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else if scalar == "\"" || scalar == "\\" {
                result += "\\" + String(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// Datetime parameters of the suite (`"type": "datetime"`): ISO 8601 text.
enum MF2DateArgument {
    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.date(from: text)
    }
}
