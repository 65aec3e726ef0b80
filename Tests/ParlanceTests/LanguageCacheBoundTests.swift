import Foundation
@testable import Parlance
@testable import ParlanceCore
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

    @Test("Matching 100,000 distinct made-up languages keeps nothing per tag: likely scripts come from a static table, headers from a capped memo")
    func nothingKeptPerTag() {
        let matcher = LanguageMatcher(available: ["en", "fr"])
        let codes = Self.madeUpCodes(100_000)
        var matched = 0
        for code in codes {
            let header = "\(code)-ZZ,\(code);q=0.5"
            if matcher.bestMatch(acceptLanguage: header) == nil { matched += 1 }
            #expect(ScriptData.likelyScript(language: code, region: "ZZ") == nil, "a made-up language has no likely script")
        }
        #expect(matched == codes.count, "no made-up language matches English or French")
        #expect(matcher.headerMemo.count <= AcceptLanguageMemo.capacity)
    }
}
