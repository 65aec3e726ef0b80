// One launch of a Parlance app: make a localizer over a resources folder (String Catalogs, or
// a compiled pack beside or instead of them), show French, print one string.
// `parlance-launch` starts this process many times and times it.
import Foundation
import Parlance

let arguments = CommandLine.arguments
guard arguments.count == 3 || (arguments.count == 4 && arguments[3] == "--expect-compiled") else {
    FileHandle.standardError.write(Data("usage: launch-parlance <resource folder> <key> [--expect-compiled]\n".utf8))
    exit(2)
}
/// With PARLANCE_LAUNCH_TRACE set, the resident memory at each step goes to stderr (for finding
/// what a launch costs; the timed runs leave it unset).
let trace = ProcessInfo.processInfo.environment["PARLANCE_LAUNCH_TRACE"] != nil
func residentMemory(_ step: String) {
    guard trace, let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return }
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") || $0.hasPrefix("VmHWM:") } ?? ""
    FileHandle.standardError.write(Data("\(step): \(line)\n".utf8))
}
residentMemory("started")
let localizer = try Localizer(
    resourcesAt: URL(fileURLWithPath: arguments[1]),
    configuration: Localizer.Configuration(defaultLanguage: "en", preferredLanguages: { ["fr"] }, notificationCenter: nil))
residentMemory("localizer made")
print(localizer.string(arguments[2]))
residentMemory("first string")
// A run meant to measure compiled catalogs fails if the localizer passed them over.
if arguments.count == 4, !localizer.readsCompiledCatalogs {
    FileHandle.standardError.write(Data("launch-parlance: the compiled catalogs were not read: \(localizer.diagnostics)\n".utf8))
    exit(3)
}
