import Foundation
import Parlance

/// One catalog file as the checker read it: its table (or one language of an `.lproj`
/// table), and what reading it found.
struct ReadCatalogFile: Sendable {
    var path: String
    /// Files that make up one table share a group: the `.lproj` tables of one folder
    /// with the same name. A String Catalog, or a lone table, is a group of its own.
    var group: String
    var isStringsDict: Bool
    /// `nil` when the file could not be read.
    var table: CheckedTable?
    /// Parse errors, and what the reader noticed while reading.
    var findings: [Finding]

    /// Reads `path` with the reader its extension names. Never throws: a file that cannot
    /// be read becomes a `parse-error` finding, so one bad file does not stop a check.
    init(path: String) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let table = url.deletingPathExtension().lastPathComponent
        // String work rather than URL's, so groups keep the spelling of the path given.
        let folder = NSString(string: path).deletingLastPathComponent
        let folderName = NSString(string: folder).lastPathComponent
        let language = folderName.hasSuffix(".lproj")
            ? LanguageTag.canonical(String(folderName.dropLast(".lproj".count))) : nil
        group = language == nil ? path : NSString(string: folder).deletingLastPathComponent + "/" + table
        isStringsDict = url.pathExtension == "stringsdict"
        findings = []
        let fileStart = SourceLocation(file: path, line: 1, column: 1)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            findings.append(Finding(.parseError, "cannot read the file: \(error.localizedDescription)", at: fileStart))
            return
        }
        do throws(ParseError) {
            switch url.pathExtension {
            case "xcstrings":
                let catalog = try XCStringsReader.read(data, path: path, table: table)
                self.table = CheckedTable(catalog: catalog, path: path, bytes: [UInt8](data))
            case "strings":
                let file = try StringsFileReader.read(data, path: path)
                addReaderDiagnostics(file.diagnostics)
                var keys = OrderedMap<String, CheckedKey>()
                let tableLanguage = language ?? CheckedTable.unknownLanguage
                for entry in file.entries {
                    var key = CheckedKey(location: entry.location, comment: entry.comment)
                    key.values[tableLanguage] = CheckedValue(localization: .string(entry.value), location: entry.location)
                    keys[entry.key] = key
                }
                self.table = CheckedTable(
                    table: table, path: path, isStringCatalog: false, sourceLanguage: tableLanguage,
                    languages: [tableLanguage], keys: keys)
            case "stringsdict":
                let file = try StringsDictReader.read(data, path: path)
                addReaderDiagnostics(file.diagnostics)
                var keys = OrderedMap<String, CheckedKey>()
                let tableLanguage = language ?? CheckedTable.unknownLanguage
                for (key, localization) in file.entries {
                    let location = file.locations[key] ?? fileStart
                    var checked = CheckedKey(location: location)
                    checked.values[tableLanguage] = CheckedValue(localization: localization, location: location)
                    keys[key] = checked
                }
                self.table = CheckedTable(
                    table: table, path: path, isStringCatalog: false, sourceLanguage: tableLanguage,
                    languages: [tableLanguage], keys: keys)
            default:
                findings.append(Finding(
                    .parseError, "expected a .xcstrings, .strings or .stringsdict file, found \"\(url.lastPathComponent)\".",
                    at: fileStart))
            }
        } catch {
            findings.append(Finding(.parseError, error.message, at: error.location))
        }
    }

    /// Reader diagnostics become findings by their code: a repeated key a `duplicate-key`
    /// finding, a `.stringsdict` entry with both a format and width rules a
    /// `width-rule-with-format` error, everything else a reader noticed a `read-warning`.
    private mutating func addReaderDiagnostics(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            let rule: CheckRule = switch diagnostic.code {
            case .duplicateKey?: .duplicateKey
            case .widthRuleWithFormat?: .widthRuleWithFormat
            default: .readWarning
            }
            let location = diagnostic.location ?? SourceLocation(file: path, line: 1, column: 1)
            findings.append(Finding(rule, diagnostic.message, at: location, severity: rule.severity))
        }
    }
}
