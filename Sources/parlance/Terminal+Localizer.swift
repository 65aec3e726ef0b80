import ArgumentParser
import Foundation
import Parlance

extension Terminal {
    /// A localizer over the catalogs at `path`, showing `language`.
    static func localizer(for path: String, language: String, device: DeviceClass = .other) throws -> Localizer {
        guard let requested = Language(language) else {
            throw ValidationError("\"\(language)\" is not a language tag; expected something like fr or pt-BR.")
        }
        let folder = try readCatalogs(at: path, sourceLanguage: nil, language: requested.identifier)
        if folder.hasErrors { throw ExitCode.failure }
        return Localizer(catalogs: folder.catalogs, configuration: .init(
            defaultLanguage: requested, preferredLanguages: { [requested] }, device: device, notificationCenter: nil))
    }
}
