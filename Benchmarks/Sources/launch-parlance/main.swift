// One launch of a Parlance app as it ships today: read the bundle's String Catalogs, show
// French, print one string. `parlance-launch` starts this process many times and times it.
import Foundation
import Parlance

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: launch-parlance <resource folder> <key>\n".utf8))
    exit(2)
}
let localizer = try Localizer(
    resourcesAt: URL(fileURLWithPath: arguments[1]),
    configuration: Localizer.Configuration(defaultLanguage: "en", preferredLanguages: { ["fr"] }, notificationCenter: nil))
print(localizer.string(arguments[2]))
