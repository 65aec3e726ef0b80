import Foundation
import Parlance

/// A component of the QuizUI library. It names the keys it needs and asks the app for
/// the words through `LocalizationProvider`; it ships no translations (seed 002).
public struct ResultCard: Sendable {
    public var remainingQuestions: Int

    public init(remainingQuestions: Int) {
        self.remainingQuestions = remainingQuestions
    }

    /// The card's labels, in whatever language the app shows now.
    public var labels: [String] {
        [
            LocalizationProvider.string("close"),
            remainingQuestions == 0
                ? LocalizationProvider.string("no_results")
                : LocalizationProvider.string("load_more_count", values: ["count": MessageArgument(remainingQuestions)]),
        ]
    }
}

/// What QuizUI needs an app to translate.
public enum QuizUIKeys {
    /// The library's key manifest, shipped as a resource.
    public static func manifest() throws -> KeyManifest {
        guard let url = Bundle.module.url(forResource: "QuizUI.keys", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try KeyManifest.read(from: url)
    }
}
