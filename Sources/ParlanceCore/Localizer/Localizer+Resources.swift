#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Localizer {
    /// The localized variant of a resource file for the current language (seed 001's
    /// question pools), along the same fallback chain as strings.
    ///
    /// For each language of the chain (current language, its CLDR parents, the configured
    /// default, the source language) it tries `<name>_<language>.<ext>` (also with `_` in the tag), then
    /// `<language>.lproj/<name>.<ext>`; at the end, `<name>.<ext>`. So with French as the
    /// source language, `questions.json` serves French and `questions_en.json` English.
    /// - Parameters:
    ///   - name: The resource name without extension.
    ///   - ext: The extension, without the dot.
    ///   - directory: Where to look; by default the configured resource directory.
    public func url(forResource name: String, withExtension ext: String?, in directory: URL? = nil) -> URL? {
        guard let directory = directory ?? configuration.resourceDirectory else { return nil }
        let suffix = ext.map { ".\($0)" } ?? ""
        let fileManager = FileManager.default
        func existing(_ url: URL) -> URL? { fileManager.fileExists(atPath: url.path) ? url : nil }
        // The preferred part of the chain: a resource file in an unrelated language is no fallback.
        let (chain, _, preferredCount) = fallbackChain(for: currentSnapshot.language)
        for language in chain.prefix(preferredCount) {
            let tags = Array(Set([language.identifier, String(language.identifier.map { $0 == "-" ? "_" : $0 })])).sorted()
            for tag in tags {
                if let url = existing(directory.appendingPathComponent("\(name)_\(tag)\(suffix)")) { return url }
            }
            for tag in tags {
                if let url = existing(directory.appendingPathComponent("\(tag).lproj").appendingPathComponent(name + suffix)) {
                    return url
                }
            }
        }
        return existing(directory.appendingPathComponent(name + suffix))
    }
}
