import Foundation
import Parlance

/// One catalog file as the checker read it: its table (or one language of an `.lproj`
/// table), and what reading it found.
struct ReadCatalogFile: Sendable {
    var path: String
    /// Files that make up one table share a group: the `.lproj` tables of one folder
    /// with the same name. A String Catalog, or a lone table, is a group of its own.
    var group: String
    /// The precedence of the file's format: in one `.lproj` group, a file of higher
    /// precedence overrides (a `.stringsdict` entry the `.strings` entry of the same key).
    var precedence: Int
    /// `nil` when the file could not be read.
    var table: CheckedTable?
    /// Parse errors, and what the reader noticed while reading.
    var findings: [Finding]

    /// Reads `path` with the format its extension names. Never throws: a file that cannot
    /// be read becomes a `parse-error` finding, so one bad file does not stop a check.
    init(path: String) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        findings = []
        let fileStart = SourceLocation(file: path, line: 1, column: 1)
        guard let format = CatalogFormats.format(for: url) else {
            precedence = 0
            group = path
            findings.append(Finding(
                .parseError, "expected a \(CatalogFormats.extensionList) file, found \"\(url.lastPathComponent)\".",
                at: fileStart))
            return
        }
        let (language, table) = format.placement.place(of: url)
        // String work rather than URL's, so groups keep the spelling of the path given: the
        // files of one table are those of one folder of languages (`xx.lproj` folders, `xx/`
        // folders) or, for files named for their language, of one folder.
        let folder = NSString(string: path).deletingLastPathComponent
        let stemIsLanguage = format.placement == .languageNamed && table == "Localizable"
            && language == LanguageTag.canonical(url.deletingPathExtension().lastPathComponent)
        let languagesFolder = stemIsLanguage ? folder : NSString(string: folder).deletingLastPathComponent
        group = language == nil || format.placement == .anywhere ? path : languagesFolder + "/" + table
        // JSON message catalogs are ICU messages: never one table with `.lproj` files of the
        // same name and folder, whose values are Apple's format strings.
        if format.placement == .languageNamed, language != nil { group += Self.jsonGroupMark }
        precedence = format.precedence
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            findings.append(Finding(.parseError, "cannot read the file: \(error.localizedDescription)", at: fileStart))
            return
        }
        do throws(ParseError) {
            // A lone table outside any `.lproj` folder is still checked, in no known language.
            let fileLanguage = format.placement == .anywhere ? nil : language ?? CheckedTable.unknownLanguage
            let file = try format.read(data, path: path, table: table, language: fileLanguage, locating: true)
            addReaderDiagnostics(file.diagnostics)
            var checked = CheckedTable(file: file, path: path, placement: format.placement)
            if file.catalog.messageSyntax == .icu { checked.attachLiterals(from: data) }
            self.table = checked
        } catch {
            findings.append(Finding(.parseError, error.message, at: error.location))
        }
    }

    /// What ends the group of a JSON message catalog's files (a character no path holds).
    static let jsonGroupMark = "\u{0}json"

    /// The group without its mark: the path findings name.
    static func path(ofGroup group: String) -> String {
        group.hasSuffix(jsonGroupMark) ? String(group.dropLast(jsonGroupMark.count)) : group
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
