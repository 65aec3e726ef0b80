// What two libraries cost a launch: FoundationEssentials with Observation and the Dispatch
// overlay (libswiftObservation, libswiftDispatch), each used once as the core used them at
// launch, printing one string. The core linked both until 2026-11-28; it now goes without them
// (LocalizerObservation, BackgroundWork), and this anchor shows in each run what that saves.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Observation
import Synchronization

final class Observed: Observable, Sendable {
    let registrar = ObservationRegistrar()
    let count = Mutex(0)
    var number: Int { count.withLock { $0 } }
}

let arguments = CommandLine.arguments
let observed = Observed()
observed.registrar.access(observed, keyPath: \.number)
observed.count.withLock { $0 += 1 }
let queue = DispatchQueue(label: "launch-toolchain")
queue.sync {}
_ = URL(fileURLWithPath: arguments.count > 1 ? arguments[1] : "/").standardizedFileURL
print((arguments.count > 2 ? arguments[2] : "bonjour").lowercased())
