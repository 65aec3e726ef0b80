import Foundation
import ParlanceTestSupport
import Testing

/// Runs every shell example in README.md against the bundled example and compares what it
/// prints with what the README shows, so the front page cannot drift from the tool.
///
/// A `$ command` line in a plain or ```sh code block is a transcript: the lines after it, up to the
/// next `$`, are its output. A ```sh block's commands are run and must succeed. `parlance`
/// commands run the built binary in a scratch folder holding a copy of the example, so
/// nothing they write reaches the repository; `/tmp/` in a command and its output means that
/// scratch folder. Commands that build or run other packages are run by `.ci/run` instead,
/// and are listed in ``runElsewhere`` with where.
@Suite("README shell examples")
struct ReadmeShellExampleTests {
    /// Commands this test does not run, and what runs them.
    static let runElsewhere: [String: String] = [
        "swift test": ".ci/run runs the tests; this test is one of them",
        "PARLANCE_DOCS=1 swift package generate-documentation --target ParlanceCatalogs --target ParlanceCatalogWriters --target Parlance --target ParlanceSync --target ParlanceServer --target ParlanceTooling --target ParlanceFoundation --target ParlanceMessageFormat --enable-experimental-combined-documentation --warnings-as-errors":
            ".ci/run builds the documentation with this command (and --disable-indexing)",
        "swift run --package-path Examples/QuizApp quiz": ".ci/run runs the example app",
        "cd Integrations/ParlanceRemote": ".ci/run runs the two parlance-release commands in that package",
        "swift run parlance-release keygen --output ~/secrets/strings": ".ci/run, with a scratch folder for ~/secrets",
        "swift run parlance-release publish ../../Examples/QuizApp/Sources/QuizKit/Resources --key ~/secrets/strings.key --version 3 --minimum-app-version 1.0 --output /tmp/release": ".ci/run, with a scratch folder for ~/secrets and /tmp",
    ]

    struct Example: CustomStringConvertible {
        var line: Int
        var command: String
        /// What the README shows it prints; `nil` for a ```sh block, which shows none.
        var output: String?
        var description: String { "README.md:\(line): \(command)" }
    }

    static let examples: [Example] = {
        let readme = Parlance.packageRoot.appendingPathComponent("README.md")
        guard let text = try? String(contentsOf: readme, encoding: .utf8) else { return [] }
        return parse(text)
    }()

    static func parse(_ text: String) -> [Example] {
        let lines = text.components(separatedBy: "\n")
        var examples: [Example] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index]
            guard fence.hasPrefix("```") else { index += 1; continue }
            let info = fence.dropFirst(3).trimmingCharacters(in: .whitespaces)
            var end = index + 1
            while end < lines.count, lines[end] != "```" { end += 1 }
            let body = Array(lines[(index + 1)..<min(end, lines.count)])
            let isTranscript = (info.isEmpty || info == "sh") && body.first?.hasPrefix("$ ") == true
            if info == "sh", !isTranscript {
                var pending = ""
                for (offset, raw) in body.enumerated() {
                    var line = raw
                    if let comment = line.range(of: " #") { line = String(line[..<comment.lowerBound]) }
                    line = line.trimmingCharacters(in: .whitespaces)
                    if line.hasSuffix("\\") {
                        pending += line.dropLast().trimmingCharacters(in: .whitespaces) + " "
                        continue
                    }
                    let command = pending + line
                    pending = ""
                    if !command.isEmpty { examples.append(Example(line: index + 2 + offset, command: command, output: nil)) }
                }
            } else if isTranscript {
                var current: Example?
                for (offset, line) in body.enumerated() {
                    if line.hasPrefix("$ ") {
                        if let done = current { examples.append(done) }
                        current = Example(line: index + 2 + offset, command: String(line.dropFirst(2)), output: "")
                    } else {
                        current?.output! += line + "\n"
                    }
                }
                if let done = current { examples.append(done) }
            }
            index = end + 1
        }
        return examples.map { example in
            var example = example
            // A blank line separates commands in a transcript; it is not output.
            while example.output?.hasSuffix("\n\n") == true { example.output!.removeLast() }
            return example
        }
    }

    /// Splits a command line as a POSIX shell does for the quoting the README uses.
    static func words(_ command: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var inWord = false
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(word); word = ""; inWord = false }
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// A scratch folder with a copy of the example's sources and the README's broken table.
    static func scratchFolder() throws -> URL {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("parlance-readme-\(UUID().uuidString)")
        let example = scratch.appendingPathComponent("Examples/QuizApp")
        try FileManager.default.createDirectory(at: example, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Parlance.packageRoot.appendingPathComponent("Examples/QuizApp/Sources"),
            to: example.appendingPathComponent("Sources"))
        let broken = scratch.appendingPathComponent("Broken/en.lproj")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data("\"hello\" = \"Hello\"\n".utf8).write(to: broken.appendingPathComponent("Localizable.strings"))
        return scratch
    }

    @Test("The README shows shell examples, and every one is run here or listed with what runs it")
    func everyExampleIsAccountedFor() {
        #expect(Self.examples.count >= 15, "found \(Self.examples.count) shell examples in README.md")
        for example in Self.examples {
            let runHere = example.command.hasPrefix("swift run parlance ") || example.command.hasPrefix("ls ")
            #expect(runHere || Self.runElsewhere[example.command] != nil,
                    "\(example) is neither run by this test nor listed in runElsewhere")
        }
    }

    @Test("Each parlance command in the README prints what the README shows")
    func examplesPrintWhatTheReadmeShows() throws {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let scratchPath = scratch.path + "/"
        var ran = 0
        for example in Self.examples where example.command.hasPrefix("swift run parlance ") || example.command.hasPrefix("ls ") {
            let arguments = Self.words(example.command).map { $0.replacingOccurrences(of: "/tmp/", with: scratchPath) }
            let result: CommandResult
            if arguments.first == "ls" {
                let folder = URL(fileURLWithPath: arguments.last!, relativeTo: scratch)
                let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                result = CommandResult(status: 0, standardOutput: names.map { $0 + "\n" }.joined(), standardError: "")
            } else {
                result = try Parlance.run(Array(arguments.dropFirst(3)), in: scratch)
            }
            ran += 1
            guard let shown = example.output?.replacingOccurrences(of: "/tmp/", with: scratchPath) else {
                #expect(result.status == 0, "\(example) exited \(result.status): \(result.standardError)")
                continue
            }
            let printed = [result.standardError + result.standardOutput, result.standardOutput + result.standardError]
            #expect(printed.contains(shown), """
                \(example) printed something else.
                README shows:
                \(shown)
                standard output:
                \(result.standardOutput)
                standard error:
                \(result.standardError)
                """)
        }
        #expect(ran >= 12, "ran \(ran) commands")
    }
}
