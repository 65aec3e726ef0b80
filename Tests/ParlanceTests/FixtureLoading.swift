import Foundation
import ParlanceTestSupport
import Testing

/// Fixture files shipped beside the tests.
enum Fixtures: FixtureFolder {
    static var root: URL { Bundle.module.resourceURL!.appendingPathComponent("Fixtures") }
}
