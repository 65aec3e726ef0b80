// The launch floor for a Swift program: start, load Foundation, print one string it made.
// `parlance-launch` compares every other launch with this one.
import Foundation

let arguments = CommandLine.arguments
print(NSString(string: arguments.count > 2 ? arguments[2] : "bonjour").lowercased)
