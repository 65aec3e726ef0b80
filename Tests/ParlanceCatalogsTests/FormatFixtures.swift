import Foundation
import ParlanceCatalogs
import Testing

/// The fixtures beside these tests (`Fixtures/formats`); names starting with `!` must fail.
enum FormatFixtures {
    static var folder: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent("formats")
    }

    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// Reads fixture `name` with the format its extension names.
    static func read(_ name: String, language: String? = nil, locating: Bool = true) throws(ParseError) -> CatalogFile {
        let url = url(name)
        guard let format = CatalogFormats.format(for: url), let data = try? Data(contentsOf: url) else {
            throw ParseError("no fixture or no format for \(name)", at: ParlanceCatalogs.SourceLocation(file: name, line: 1, column: 1))
        }
        return try format.read(
            data, path: name, table: url.deletingPathExtension().lastPathComponent, language: language, locating: locating)
    }

    /// The must-fail fixtures of one extension.
    static func mustFail(_ fileExtension: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix("!") && $0.hasSuffix("." + fileExtension) }.sorted()
    }
}

extension ParlanceCatalogs.SourceLocation {
    /// `line:column`, for comparing positions without the path.
    var position: String { "\(line):\(column)" }
}
