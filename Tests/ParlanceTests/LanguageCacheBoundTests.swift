import Foundation
@testable import Parlance
import Testing

/// Language tags are content (an `Accept-Language` header is written by whoever sends the
/// request), so nothing the matcher keeps per tag may grow without bound.
@Suite("Language matching under hostile headers")
struct LanguageCacheBoundTests {
    /// `count` distinct, valid, made-up language codes: `qaaaa`, `qaaab`, …
    static func madeUpCodes(_ count: Int) -> [String] {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return (0..<count).map { number in
            var code = ""
            var rest = number
            for _ in 0..<4 {
                code.insert(letters[rest % 26], at: code.startIndex)
                rest /= 26
            }
            return "q" + code
        }
    }

    @Test("Matching thousands of distinct made-up languages keeps the script cache bounded")
    func scriptCacheIsBounded() {
        let matcher = LanguageMatcher(available: ["en", "fr"])
        let codes = Self.madeUpCodes(3 * ScriptData.maximumCachedTags)
        var matched = 0
        for code in codes {
            let header = "\(code)-ZZ,\(code);q=0.5"
            let languages = AcceptLanguage.languages(from: header)
            if matcher.bestMatch(for: languages, default: "en") == "en" { matched += 1 }
        }
        #expect(matched == codes.count)
        #expect(ScriptData.cachedTagCount <= ScriptData.maximumCachedTags)
    }
}
