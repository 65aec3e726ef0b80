import Foundation
import Testing

/// What a test costs to run, so the plain `swift test` stays quick and the long runs stay run.
///
/// Unit and integration tests run by default. Soak runs (hundreds of thousands of reloads),
/// stress runs (a million operations), tests that kill a process mid-write and long loops over
/// generated inputs carry the `soak` tag and the `soakOnly` condition: they run only when
/// `PARLANCE_SOAK=1` is set, as `.ci/run` sets it (the tag lets Xcode's test plans include or
/// exclude them as a group):
///
/// ```swift
/// @Test("8 threads, 1,000,000 operations", .tags(.soak), .soakOnly)
/// func stress() { … }
/// ```
public enum TestCost {
    /// Whether this run includes the soak, stress and kill-the-process tests
    /// (`PARLANCE_SOAK=1`, or any value but `0` and the empty string).
    public static let soakRequested: Bool = {
        let value = ProcessInfo.processInfo.environment["PARLANCE_SOAK"] ?? ""
        return !value.isEmpty && value != "0"
    }()

    /// Why a soak test is skipped, as the test report shows it.
    public static let soakSkipReason: Comment = "a soak, stress or kill-the-process run: set PARLANCE_SOAK=1 to run it (.ci/run does)"
}

extension Tag {
    /// Soak, stress, kill-the-process and long generated-input runs: minutes, not seconds.
    @Tag public static var soak: Self
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only when `PARLANCE_SOAK=1`; see ``TestCost``. Pair it with
    /// `.tags(.soak)`.
    public static var soakOnly: Self {
        .enabled(if: TestCost.soakRequested, TestCost.soakSkipReason)
    }
}
