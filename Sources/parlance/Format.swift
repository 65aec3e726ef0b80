import ArgumentParser
import Foundation
import Parlance
import ParlanceTooling

struct Format: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a message rendered with arguments in a language: plurals, substitutions and specifiers.",
        discussion: "An argument that reads as an integer or a decimal is passed as a number, anything else as a string."
    )

    @Argument(help: "A catalog file or a resources folder.")
    var path: String

    @Argument(help: "The key of the message.")
    var key: String

    @Option(name: .customLong("lang"), help: Terminal.languageOptionHelp)
    var language: String?

    @Option(help: "The table, such as Localizable or InfoPlist.")
    var table: String = LanguageSnapshot.defaultTable

    @Option(name: .customLong("arg"), help: "An argument for the message; repeat for several.")
    var arguments: [String] = []

    @Option(name: .customLong("value"), help: "A named value for {name} placeholders, as name=value; repeat for several.")
    var values: [String] = []

    @Option(help: "The device class for device variations: iphone, ipad, mac, applewatch, appletv, applevision or other.")
    var device: String = DeviceClass.other.rawValue

    func run() throws {
        let localizer = try Terminal.localizer(for: path, language: language, device: DeviceClass(device))
        var named: [String: MessageArgument] = [:]
        for pair in values {
            guard let equals = pair.firstIndex(of: "=") else {
                throw ValidationError("expected name=value for --value, found \"\(pair)\".")
            }
            named[String(pair[..<equals])] = .parsing(String(pair[pair.index(after: equals)...]))
        }
        let snapshot = localizer.currentSnapshot
        let result = named.isEmpty
            ? snapshot.message(key, arguments: arguments.map(MessageArgument.parsing), table: table)
            : snapshot.message(key, values: named, table: table)
        Terminal.printDiagnostics(result.diagnostics)
        print(result.string)
    }
}
