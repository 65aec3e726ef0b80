import ArgumentParser
import Foundation
import Parlance

extension Terminal {
    /// A localizer over the catalogs at `path`, showing `language`; without one, the languages
    /// the environment names (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`, as gettext reads
    /// them on Linux; the user's languages on Apple platforms), else the catalogs' source language.
    static func localizer(for path: String, language: String?, device: DeviceClass = .other) throws -> Localizer {
        let requested = try language.map { tag in
            guard let language = Language(tag) else {
                throw ValidationError("\"\(tag)\" is not a language tag; expected something like fr or pt-BR.")
            }
            return language
        }
        let folder = try readCatalogs(at: path, sourceLanguage: nil, language: requested?.identifier)
        if folder.hasErrors { throw ExitCode.failure }
        let preferred = requested.map { [$0] } ?? Localizer.devicePreferredLanguages()
        let fallback = requested ?? folder.catalogs.lazy.compactMap { Language($0.sourceLanguage) }.first ?? "en"
        return Localizer(catalogs: folder.catalogs, configuration: .init(
            defaultLanguage: fallback, preferredLanguages: { preferred }, device: device, notificationCenter: nil))
    }

    /// The help for a command's optional `--lang`.
    static let languageOptionHelp = ArgumentHelp(
        "The language, such as fr or pt-BR; by default the environment's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else the catalogs' source language.")
}
