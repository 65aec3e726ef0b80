import Foundation

/// Runs the built `parlance` binary and captures what it prints.
struct CommandResult {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

enum Parlance {
    /// The `parlance` binary SwiftPM built beside the test bundle.
    static var executable: URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("parlance")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return testBinary.deletingLastPathComponent().appendingPathComponent("parlance")
    }

    /// The package root, for paths to the example and fixtures.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ arguments: [String], in folder: URL = packageRoot) throws -> CommandResult {
        try runProcess(executable, arguments, in: folder)
    }
}

/// Runs `executable` with `arguments` in `folder` and captures what it prints. Standard error
/// is read on a thread of its own, so a process that fills one pipe while the other is being
/// read cannot block.
func runProcess(_ executable: URL, _ arguments: [String], in folder: URL) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let errorData = ErrorCapture()
    let errorHandle = error.fileHandleForReading
    let reader = Thread { errorData.finish(errorHandle.readDataToEndOfFile()) }
    reader.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus,
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData.wait(), as: UTF8.self))
}

/// What a process wrote to standard error, handed from the reading thread to the caller.
private final class ErrorCapture: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func finish(_ data: Data) {
        condition.lock()
        self.data = data
        condition.signal()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil { condition.wait() }
        return data ?? Data()
    }
}
