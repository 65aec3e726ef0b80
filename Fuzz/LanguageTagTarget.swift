import Foundation
import Parlance

/// Fuzzes the BCP 47 tag parser behind ``Language``: any text must parse or give `nil`, a parsed
/// tag must be stable (its identifier parses to itself), and every derived chain must be finite.
/// The same text is read as a POSIX locale name and as a `LANGUAGE` list, as the device's
/// languages are read on Linux: each language found is a tag that parses to itself, and the list
/// holds at most the 32 entries read and the locale.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let tag = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    if let posix = Language.fromPOSIXLocale(tag) {
        require(Language(posix.identifier) == posix, "\(tag.debugDescription) as a POSIX locale is no stable tag")
    }
    let preferred = Language.preferredLanguages(environment: ["LANGUAGE": tag, "LANG": tag])
    require(preferred.count <= 33, "\(tag.debugDescription) as LANGUAGE gave \(preferred.count) languages")
    require(Set(preferred).count == preferred.count, "\(tag.debugDescription) as LANGUAGE gave a language twice")
    guard let language = Language(tag) else { return 0 }
    require(Language(language.identifier) == language, "\(tag.debugDescription) does not parse to a fixed point")
    require(language.withoutRegion.region == nil, "withoutRegion kept a region")
    let parents = LanguageMatcher.parentChain(of: language)
    require(parents.count <= 16, "the parent chain of \(language) has \(parents.count) links")
    let matcher = LanguageMatcher(available: [language, "en", "pt-BR", "zh-Hant", "sr-Latn"])
    _ = matcher.fallbackChain(for: language)
    require(matcher.match(language) != nil, "\(language) does not match itself")
    _ = PluralRules.cardinal(for: language.identifier)
    _ = PluralRules.ordinal(for: tag)
    return 0
}
