// The launch floor for a Swift program on FoundationEssentials (no ICU on Linux): start, use
// the library as a launch does (a URL for the folder, the environment), print one string it
// made. `parlance-launch` compares ParlanceCore's launches with this one.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

let arguments = CommandLine.arguments
_ = URL(fileURLWithPath: arguments.count > 1 ? arguments[1] : "/").standardizedFileURL
_ = ProcessInfo.processInfo.environment["LANG"]
print((arguments.count > 2 ? arguments[2] : "bonjour").lowercased())
