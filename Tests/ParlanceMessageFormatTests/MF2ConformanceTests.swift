import Foundation
import ParlanceTooling
import Testing

/// The MF2 working group's own suite (unicode-org/message-format-wg, `test/tests`), read in
/// place from `$PARLANCE_MF2_TESTS` (`.ci/run` points it at ../shared/messageformat/wg-tests/tests)
/// and never copied here. Every case must pass but those listed in ``knownFailures``, each with
/// its reason (the MessageFormat2 DocC article's conformance table lists the same).
@Suite("MF2: the working group's conformance suite")
struct MF2ConformanceTests {
    static let folder = ProcessInfo.processInfo.environment["PARLANCE_MF2_TESTS"].map { URL(fileURLWithPath: $0) }

    /// Cases Parlance does not pass, by label, with the reason.
    static let knownFailures: [String: String] = [:]

    static var files: [URL] {
        guard let folder else { return [] }
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "json" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test(
        "Every case of the suite passes, but the known failures",
        .enabled(if: folder != nil, "PARLANCE_MF2_TESTS is not set: point it at message-format-wg's test/tests folder to run the suite")
    )
    func suite() throws {
        let files = Self.files
        #expect(files.count >= 16, "expected the suite's 16 files in \(Self.folder?.path ?? "")")
        var passed = 0
        var unexpected: [String] = []
        var fixed: [String] = []
        for file in files {
            for testCase in try MF2TestSuite.cases(in: file) {
                let outcome = MF2TestSuite.run(testCase)
                let known = Self.knownFailures[testCase.label] != nil
                if outcome.passed {
                    passed += 1
                    if known { fixed.append(testCase.label) }
                } else if !known {
                    unexpected.append("\(testCase.label)\n    source: \(MF2TestSuite.quoted(testCase.source))\n    " + outcome.failures.joined(separator: "\n    "))
                }
            }
        }
        #expect(unexpected.isEmpty, Comment(rawValue: "\(unexpected.count) cases failed:\n" + unexpected.joined(separator: "\n")))
        #expect(fixed.isEmpty, "known failures that now pass (remove them from the list): \(fixed)")
        #expect(passed + Self.knownFailures.count >= 461)
    }
}
