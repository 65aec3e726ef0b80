// Writes language choices to a FilePreferenceStore as fast as it can, so a test can
// kill it with SIGKILL in the middle of a write and inspect what is left.
//
//     PreferenceWriter <file> <count> <tag>...
import Foundation
import Parlance

let arguments = CommandLine.arguments
guard arguments.count >= 4, let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: PreferenceWriter <file> <count> <tag>...\n".utf8))
    exit(2)
}
let store = FilePreferenceStore(url: URL(fileURLWithPath: arguments[1]))
let tags = Array(arguments.dropFirst(3))
FileHandle.standardOutput.write(Data("ready\n".utf8))
for index in 0..<count {
    try store.save(tags[index % tags.count])
}
