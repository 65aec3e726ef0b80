import Foundation
import ParlanceTestSupport
import Testing

/// The fixture files shipped beside these tests, by area (`strings`, `stringsdict`,
/// `xcstrings`, `folders`; `formats` is ``FormatFixtures``').
enum Fixtures: FixtureFolder {
    static var root: URL { Bundle.module.resourceURL!.appendingPathComponent("Fixtures") }
}

/// When `PARLANCE_CORPUS` is set it must name the corpus: a wrong path would otherwise make
/// every corpus test find nothing and pass. When it is unset, the corpus tests (this one
/// too) are skipped, and Swift Testing reports each skip with its reason.
@Test(
    "PARLANCE_CORPUS names a folder holding the .strings, .stringsdict and String Catalog corpus",
    .enabled(if: Corpus.isAvailable, "PARLANCE_CORPUS is unset; set it to ../shared/corpus to run the corpus tests.")
)
func corpusAvailability() throws {
    let root = try #require(Corpus.root)
    var isFolder: ObjCBool = false
    try #require(
        FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) && isFolder.boolValue,
        "PARLANCE_CORPUS is \(root.path), which is no folder.")
    for area in ["strings", "stringsdict", "xcstrings"] {
        #expect(!(try Corpus.files(area)).isEmpty, "The corpus has no files in \(area)/.")
    }
}
