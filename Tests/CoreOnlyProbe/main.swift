// A process that links ParlanceCore and not Parlance: it shows strings from a compiled pack
// and from JSON message catalogs, says whether the Foundation layer is installed, and exits 4
// if Foundation or ICU was mapped into it. `CoreOnlyTests` runs it; a test cannot check this
// in its own process, which links the Foundation layer.
//
//     CoreOnlyProbe <folder with a compiled pack> <folder with JSON message catalogs>
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
guard arguments.count == 3 else {
    complain("usage: CoreOnlyProbe <folder with a compiled pack> <folder with JSON message catalogs>\n")
    exit(2)
}

do {
    let compiled = try Localizer(
        resourcesAt: URL(fileURLWithPath: arguments[1]),
        configuration: Localizer.Configuration(defaultLanguage: "en", preferredLanguages: { ["fr"] }))
    print("compiled: \(compiled.readsCompiledCatalogs)")
    print("plain: \(compiled.string("greeting"))")
    print("plural: \(compiled.string("%lld files", 3))")
    let distance = 2.5
    print("double: \(compiled.string("\(distance) km"))")
    compiled.selection = .language("en")
    print("switched: \(compiled.string("greeting"))")

    let web = try Localizer(
        resourcesAt: URL(fileURLWithPath: arguments[2]),
        configuration: Localizer.Configuration(defaultLanguage: "en", preferredLanguages: { ["fr"] }))
    print("icu plain: \(web.string("plain"))")
    let message = web.currentSnapshot.message("inbox.count", values: ["count": 3])
    print("icu: \(message.string)")
    for diagnostic in message.diagnostics { print("icu diagnostic: \(diagnostic.message)") }
} catch {
    complain("CoreOnlyProbe: \(error)\n")
    exit(1)
}

print("foundation layer: \(foundationLayer == nil ? "none" : "installed")")

// What the dynamic loader mapped: none of Foundation's ICU-backed libraries may be among them,
// nor the Dispatch overlay or Observation, which the core does without (BackgroundWork,
// LocalizerObservation) for its launch's sake.
let forbidden = [
    "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so", "libswiftDispatch.so",
    "libswiftObservation.so",
]
if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) {
    let mapped = Set(maps.split(separator: "\n").compactMap { $0.split(separator: "/").last.map(String.init) })
    let found = forbidden.filter(mapped.contains)
    print("mapped: \(found.isEmpty ? "no Foundation, no ICU" : found.joined(separator: ", "))")
    if !found.isEmpty { exit(4) }
} else {
    print("mapped: /proc/self/maps unreadable")
}
