// The floor under ParlanceCore's launch: FoundationEssentials and the toolchain modules the core
// links (Observation, Synchronization, Dispatch), each used once as the core uses it at launch,
// printing one string. What ParlanceCore costs over this is its own code and its work.
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
