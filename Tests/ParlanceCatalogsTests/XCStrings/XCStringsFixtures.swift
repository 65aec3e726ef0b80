import Foundation
@testable import ParlanceCatalogs

/// The `.xcstrings` fixtures shipped with the tests.
enum XCStringsFixtures {
    static var directory: URL {
        get throws {
            guard let url = Bundle.module.url(forResource: "xcstrings", withExtension: nil, subdirectory: "Fixtures") else {
                throw CocoaError(.fileNoSuchFile)
            }
            return url
        }
    }

    /// Fixture file names; `mustFail` picks the `!`-prefixed ones or the others.
    static func names(mustFail: Bool) -> [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return all.filter { $0.hasSuffix(".xcstrings") && $0.hasPrefix("!") == mustFail }.sorted()
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    static func catalog(_ name: String) throws -> Catalog {
        try XCStringsReader.read(data(name), path: name)
    }
}
