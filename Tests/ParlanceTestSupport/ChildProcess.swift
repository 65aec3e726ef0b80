import Foundation

/// Runs a program to its end and captures what it prints: the command-line tests, the soak
/// runs in a process of their own, and every test that starts a child with its own environment.
public enum ChildProcess {
    /// What a finished process printed, and how it ended.
    public struct Result: Sendable {
        /// The exit status, or the signal's number when `terminationReason` is a signal.
        public var status: Int32
        /// Whether the process exited or was killed by a signal.
        public var exitedNormally: Bool
        /// What it wrote to standard output, decoded as UTF-8.
        public var standardOutput: String
        /// What it wrote to standard error, decoded as UTF-8.
        public var standardError: String

        /// A result, as a test that stands in for a run makes one.
        public init(status: Int32, exitedNormally: Bool = true, standardOutput: String, standardError: String) {
            self.status = status
            self.exitedNormally = exitedNormally
            self.standardOutput = standardOutput
            self.standardError = standardError
        }
    }

    /// Runs `executable` with `arguments` in `folder`, to its end. Standard error is read on a
    /// thread of its own, so a process that fills one pipe while the other is read cannot block.
    ///
    /// - Parameter environment: the child's whole environment, or `nil` for this process's.
    public static func run(
        _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = environment }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let errorData = Handoff<Data>()
        let errorHandle = error.fileHandleForReading
        Thread.detachNewThread { errorData.finish(errorHandle.readDataToEndOfFile()) }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            exitedNormally: process.terminationReason == .exit,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.wait(), as: UTF8.self))
    }

    /// ``run(_:_:in:environment:)`` on a thread of its own: a run that takes minutes must not
    /// block a thread of the cooperative pool, which would starve the async tests beside it.
    public static func run(
        _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Swift.Result {
                    try run(executable, arguments, in: folder, environment: environment)
                })
            }
        }
    }

    /// The names of the variables a POSIX process reads its locale from.
    public static let localeVariables = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]

    /// This process's environment with its locale variables replaced by `locale` alone, for
    /// a child that must read only the languages a test gives it; with `home`, `HOME` (and
    /// `XDG_CONFIG_HOME` below it) point there, so the child remembers nothing of other runs.
    public static func environment(locale: [String: String], home: URL? = nil) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in localeVariables { environment[name] = nil }
        environment.merge(locale) { _, new in new }
        if let home {
            environment["HOME"] = home.path
            environment["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
        }
        return environment
    }

    /// Runs the built executable `name` as a user starts it with only the locale variables
    /// `locale` set, in a home folder of its own that is removed afterwards, so it remembers
    /// nothing of other runs (its preferences live below `HOME`).
    public static func runFresh(_ name: String, locale: [String: String], arguments: [String] = []) throws -> Result {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        return try run(built(name), arguments, environment: environment(locale: locale, home: home))
    }

    /// An executable SwiftPM built beside the running test bundle (`parlance`, `ParlanceSoak`,
    /// `PreferenceWriter`, …): the bundle's folder or one of the few above it.
    public static func built(_ name: String) -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return testBinary.deletingLastPathComponent().appendingPathComponent(name)
    }
}

/// One value handed from the thread that makes it to the thread that waits for it.
final class Handoff<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    func finish(_ value: Value) {
        condition.lock()
        self.value = value
        condition.signal()
        condition.unlock()
    }

    func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while value == nil { condition.wait() }
        return value!
    }
}
