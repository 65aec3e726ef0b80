// One launch of a tool that imports ParlanceCore alone (FoundationEssentials, no ICU on Linux):
// make a localizer over a resources folder, show French, print one string. `parlance-launch`
// starts this process many times and times it beside launch-essentials.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ParlanceCore

/// Writes `text` to standard error (FoundationEssentials has no `FileHandle`).
func complain(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

let arguments = CommandLine.arguments
let options = Set(arguments.dropFirst(3))
guard arguments.count >= 3, options.isSubset(of: ["--expect-compiled", "--no-icu"]) else {
    complain("usage: launch-parlance-core <resource folder> <key> [--expect-compiled] [--no-icu]\n")
    exit(2)
}
do {
    let localizer = try Localizer(
        resourcesAt: URL(fileURLWithPath: arguments[1]),
        configuration: Localizer.Configuration(defaultLanguage: "en", preferredLanguages: { ["fr"] }))
    print(localizer.string(arguments[2]))
    // A run meant to measure compiled catalogs fails if the localizer passed them over.
    if options.contains("--expect-compiled"), !localizer.readsCompiledCatalogs {
        complain("launch-parlance-core: the compiled catalogs were not read: \(localizer.diagnostics)\n")
        exit(3)
    }
    // --no-icu: also fail if Foundation or ICU was mapped (Scripts/launch.sh checks it once).
    if options.contains("--no-icu"),
       let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
       let library = ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"]
           .first(where: { maps.contains("/" + $0) }) {
        complain("launch-parlance-core: \(library) is mapped\n")
        exit(4)
    }
} catch {
    complain("launch-parlance-core: \(error)\n")
    exit(1)
}
