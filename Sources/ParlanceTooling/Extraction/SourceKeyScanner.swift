import Foundation
import Parlance
import SwiftParser
import SwiftSyntax

/// Finds the localization keys Swift code uses, by parsing it as the compiler does.
///
/// It recognizes, with string-literal keys only (a key in a variable is not a key the
/// catalog can know):
/// - `"key".localized()`, `"key".localized(with: …)`;
/// - `string("key", …, table:, default:)` on any receiver: `Localizer`, `LanguageSnapshot`,
///   `LocalizationProvider`, or a localizer in a variable; `string("You have \(count) new")`;
/// - `String(localized: "key", defaultValue:, table:, comment:)`;
/// - `NSLocalizedString("key", tableName:, value:, comment:)`;
/// - SwiftUI's `Text("key", tableName:, comment:)`.
///
/// In `string("…")`, `String(localized:)` and `Text`, an interpolation becomes a format
/// specifier as Xcode writes it (`localizer.string("\(count) files")` → `%lld files`), with
/// the table Parlance's `LocalizedKey` uses at runtime. Xcode asks the compiler for each
/// value's type; the scanner reads the file alone, so it takes the type the file declares
/// for the value: an explicit `specifier:`, a literal, a parameter, a `let` or `var` with a
/// type annotation or a literal or `Int(…)`/`Double(…)` initial value, a stored property read
/// as `self.name`. A value declared elsewhere is guessed from its name: names that read as
/// counts (`count`, `total`, `n`, `…Count`, `.count`) give `%lld`, anything else `%@`.
public struct SourceKeyScanner: Sendable {
    /// Scans Swift files.
    /// - Parameter files: The `.swift` files to read.
    /// - Returns: Every key usage, in file order, then source order.
    /// - Throws: `CocoaError` when a file cannot be read.
    public static func scan(files: [URL]) throws -> [KeyUsage] {
        var usages: [KeyUsage] = []
        for file in files {
            let data = try Data(contentsOf: file)
            usages += scan(source: String(decoding: data, as: UTF8.self), path: file.path)
        }
        return usages
    }

    /// Scans one file's text.
    /// - Parameters:
    ///   - source: Swift source; it need not compile, the parser recovers from errors.
    ///   - path: The path locations name.
    /// - Returns: Every key usage, in source order.
    public static func scan(source: String, path: String) -> [KeyUsage] {
        let tree = Parser.parse(source: source)
        let visitor = SourceKeyVisitor(
            locations: SourceLocationConverter(fileName: path, tree: tree), bytes: Array(source.utf8), path: path)
        visitor.walk(tree)
        return visitor.usages
    }

    /// The `.swift` files at `paths`: files as given, folders searched at any depth,
    /// hidden files and `.build` folders skipped, in path order.
    public static func swiftFiles(at paths: [String]) throws -> [URL] {
        var files: [URL] = []
        for path in paths {
            let url = URL(fileURLWithPath: path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
            }
            guard isDirectory.boolValue else {
                files.append(url)
                continue
            }
            guard let enumerator = FileManager.default.enumerator(
                at: url, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            else { continue }
            var found: [URL] = []
            for case let file as URL in enumerator {
                if file.lastPathComponent == ".build" { enumerator.skipDescendants() }
                if file.pathExtension == "swift" { found.append(file) }
            }
            files += found.sorted { $0.path < $1.path }
        }
        return files
    }
}
