import Foundation
import ParlanceTestSupport

/// What a finished command printed, and its exit status.
typealias CommandResult = ChildProcess.Result

/// Runs the built `parlance` binary and captures what it prints.
enum Parlance {
    /// The `parlance` binary SwiftPM built beside the test bundle.
    static var executable: URL { ChildProcess.built("parlance") }

    /// The package root, for paths to the example and fixtures.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ arguments: [String], in folder: URL = packageRoot) throws -> CommandResult {
        try ChildProcess.run(executable, arguments, in: folder)
    }

    /// Runs the command with this process's environment but for the locale variables
    /// (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), which are `locale` alone.
    static func run(_ arguments: [String], locale: [String: String], in folder: URL = packageRoot) throws -> CommandResult {
        try ChildProcess.run(executable, arguments, in: folder, environment: ChildProcess.environment(locale: locale))
    }
}
