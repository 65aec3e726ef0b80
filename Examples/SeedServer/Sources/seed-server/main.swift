import Foundation
import Hummingbird
import SeedServerKit

// seed-server [--host 127.0.0.1] [--port 8080] [--seeds Examples/Seeds/Sources]
//
// Serves the seed apps' catalogs in each request's language. Try:
//   curl -H 'Accept-Language: fr' localhost:8080/cnc/summary?members=3&total=12.5
//   curl localhost:8080/cnc/en/strings

func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("seed-server: error: \(message)\nusage: seed-server [--host HOST] [--port PORT] [--seeds DIR]\n".utf8))
    exit(64)
}

var host = "127.0.0.1"
var port = 8080
// The seed apps' sources, found beside this package when run from anywhere in the checkout.
var seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "../../../Seeds/Sources").standardizedFileURL
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    guard let value = arguments.popFirst() else { usage("\(option) needs a value") }
    switch option {
    case "--host": host = value
    case "--port":
        guard let number = Int(value), (0...65_535).contains(number) else { usage("--port takes 0 to 65535, not \"\(value)\"") }
        port = number
    case "--seeds": seeds = URL(fileURLWithPath: value)
    default: usage("unknown option \"\(option)\"")
    }
}

do {
    let app = try SeedServer.application(
        seeds: seeds, configuration: .init(address: .hostname(host, port: port), serverName: "seed-server"),
        onServerRunning: { [host] port in
            // Unbuffered, so a script that started the server can read the port at once.
            FileHandle.standardOutput.write(Data("seed-server: serving on http://\(host):\(port)\n".utf8))
        })
    try await app.runService()
} catch {
    FileHandle.standardError.write(Data("seed-server: error: \(error)\n".utf8))
    exit(1)
}
