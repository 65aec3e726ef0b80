import Foundation

/// Whole processes started through `launch-exec` (Sources/launch-exec/main.c: fork, exec,
/// `wait4`), which reports each one's wall time from fork to reaped and its peak resident
/// memory (`ru_maxrss`): what `parlance-launch` and `parlance-scale` time launches with.
public enum ProcessLaunch {
    /// One run of a program.
    public struct Run: Sendable {
        public var milliseconds: Double
        public var peakMegabytes: Double
        /// What it printed on standard output, trimmed.
        public var output: String
    }

    /// A program that failed, or could not be measured.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Starts `path` with `arguments` through the `launch-exec` in `binaries` and waits for it.
    public static func run(_ path: String, _ arguments: [String], binaries: URL) throws -> Run {
        let process = Process()
        process.executableURL = binaries.appendingPathComponent("launch-exec")
        process.arguments = [path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let report = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let line = String(decoding: report, as: UTF8.self).split(separator: "\n").last { $0.hasPrefix("launch-exec: ") }
        let fields = line?.dropFirst("launch-exec: ".count).split(separator: " ").compactMap { Int($0) } ?? []
        guard fields.count == 3 else {
            throw Failure("\(path) exited with status \(process.terminationStatus): \(String(decoding: report, as: UTF8.self))")
        }
        guard fields[2] == 0 else {
            throw Failure("\(path) exited with status \(fields[2]): \(text)\(String(decoding: report, as: UTF8.self))")
        }
        return Run(milliseconds: Double(fields[0]) / 1e6, peakMegabytes: Double(fields[1]) / 1024, output: text)
    }

    /// The value below which `fraction` of `values` lie (0.5: the median).
    public static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted[Int((Double(sorted.count - 1) * fraction).rounded())]
    }
}
