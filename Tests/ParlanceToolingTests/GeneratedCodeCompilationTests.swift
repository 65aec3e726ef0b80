import Foundation
import Parlance
import ParlanceTooling
import Testing

@Suite("Generated accessors compile in Swift 6 mode without warnings")
struct GeneratedCodeCompilationTests {
    /// Calls every shape of accessor the fixtures generate, so a call site that would not
    /// compile (an ambiguous argument, a wrong label) fails here too.
    static let usage = """
        import Parlance

        func useAccessors(localizer: Localizer) -> [String] {
            [
                L10n.Quiz.title,
                L10n.Quiz.title(localizer: localizer),
                L10n.questionsLeft(3),
                L10n.correctOfTotal(correct: 2, total: 5),
                L10n.sentPhotos(4, "Ada", localizer: localizer),
                L10n.hello("Ada"),
                L10n.hello(42),
                L10n.distance(2.5),
                L10n.loadMore(count: 3),
                L10n.Settings.Cache.size(12),
                L10n.default,
                L10n.Class.switch,
                L10n._30Days,
                L10n.questionsLeft(3, localizer: .shared),
                L10n.loadMore(count: 3, localizer: localizer),
                L10n.parlanceKeys.string(0, localizer: localizer),
            ]
        }
        """

    @Test("With each access level and strict upcoming features", arguments: [
        (AccessorGenerator.Access.internal, [String]()),
        (.public, []),
        (.internal, ["ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault"]),
        (.public, ["ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault"]),
    ])
    func compiles(access: AccessorGenerator.Access, features: [String]) throws {
        #expect(SwiftCompiler.modules != nil, "The built Parlance module was not found beside the tests.")
        let generated = AccessorGenerator(access: access).generate(try AccessorGeneratorTests.fixtureCatalogs())
        let result = try SwiftCompiler.typecheck(
            ["L10n.swift": generated.source, "Usage.swift": Self.usage], upcomingFeatures: features)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty, "\(result.output)")
    }
}
