import Foundation
import Parlance

/// Fuzzes the `Accept-Language` parser and the matcher that consumes its result: any header
/// gives at most ``AcceptLanguage/maximumEntries`` languages, no duplicates, and a best match
/// that is one of the available languages or the default. The matcher's own reading of the
/// header (which passes over tags no available language can serve, and keeps answers in its
/// memo) must answer as the plain composition does, the first time and from the memo.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let header = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let languages = AcceptLanguage.languages(from: header)
    require(languages.count <= AcceptLanguage.maximumEntries, "\(languages.count) languages from one header")
    require(Set(languages).count == languages.count, "duplicate languages from \(header.debugDescription)")

    let available: [Language] = ["en", "en-GB", "fr", "pt-BR", "zh-Hans", "zh-Hant", "sr-Latn", "es-419"]
    let matcher = LanguageMatcher(available: available)
    let best = matcher.bestMatch(for: languages, default: "en")
    require(available.contains(best), "the best match \(best) is not available")
    for matcher in [matcher, crossing] {
        let expected = matcher.bestMatch(for: languages)
        require(matcher.bestMatch(acceptLanguage: header) == expected, "the header's own reading differs for \(header.debugDescription)")
        require(matcher.bestMatch(acceptLanguage: header) == expected, "the memo's answer differs for \(header.debugDescription)")
    }
    // The languages the header names, offered as the catalogs, must match themselves.
    let own = LanguageMatcher(available: languages)
    if let first = languages.first {
        require(own.bestMatch(for: [first]) == first, "\(first) does not match itself")
    }
    return 0
}

/// Languages reached from others' codes: CLDR parents across languages (`ht` → `fr-HT`,
/// `hi-Latn` → `en-IN`, `nn` → `no`) and deprecated codes (`iw` → `he`, `sh` → `sr-Latn`).
private let crossing = LanguageMatcher(available: ["fr-HT", "en-IN", "no", "he", "sr-Latn", "fil"])
