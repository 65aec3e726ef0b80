import Dispatch
import Parlance
import Synchronization

/// Checks catalogs the way CI should: every rule of ``CheckRule`` over every file below
/// some paths, with findings that name the file, line and column of what is wrong.
///
/// ```swift
/// let report = CatalogChecker(strict: true).check(paths: ["Sources/App/Resources"])
/// print(FindingFormat.text.render(report.findings), terminator: "")
/// ```
///
/// A file that cannot be read is a `parse-error` finding and the other files are still
/// checked. Files are read, and tables checked, concurrently.
public struct CatalogChecker: Sendable {
    /// The language keys are written in, for tables read only from `.lproj` folders; by
    /// default `en` when a table has it, else its first language. String Catalogs name their own.
    public var sourceLanguage: String?
    /// Makes every warning an error.
    public var strict: Bool
    /// Rules whose findings are dropped.
    public var ignoredRules: Set<CheckRule>

    public init(sourceLanguage: String? = nil, strict: Bool = false, ignoredRules: Set<CheckRule> = []) {
        self.sourceLanguage = sourceLanguage
        self.strict = strict
        self.ignoredRules = ignoredRules
    }

    /// Checks the catalogs below `paths`.
    /// - Parameters:
    ///   - paths: Catalog files, and folders searched for `.xcstrings`, `.strings` and `.stringsdict` files.
    ///   - usages: Where code asks for keys; when given, `unknown-key` and `unused-key` are checked.
    ///   - manifests: Paths of component libraries' key manifests, for `manifest-missing-key` and
    ///     `manifest-missing-placeholder`.
    /// - Returns: The findings, sorted by file, line and column.
    public func check(paths: [String], usages: [KeyUsage]? = nil, manifests: [String] = []) -> CheckReport {
        let catalogs = CatalogSet(paths: paths, sourceLanguage: sourceLanguage)
        var findings = catalogs.findings
        for path in catalogs.missingPaths {
            findings.append(Finding(.parseError, "no such file or folder.", at: SourceLocation(file: path, line: 1, column: 1)))
        }
        findings += Self.keyFindings(catalogs.tables)
        let references = ReferenceCheck(tables: catalogs.tables)
        var manifestFiles: [KeyManifestFile] = []
        for path in manifests {
            do throws(ParseError) {
                let manifest = try KeyManifestFile(path: path)
                manifestFiles.append(manifest)
                findings += references.manifestFindings(manifest)
            } catch {
                findings.append(Finding(.parseError, error.message, at: error.location))
            }
        }
        if let usages {
            findings += references.usageFindings(usages, manifests: manifestFiles)
        }
        findings.removeAll { ignoredRules.contains($0.rule) }
        if strict {
            for index in findings.indices { findings[index].severity = .error }
        }
        findings.sort(by: Finding.inReadingOrder)
        return CheckReport(findings: findings, files: catalogs.files + manifests)
    }

    /// The rules about each key, one table per task.
    private static func keyFindings(_ tables: [CheckedTable]) -> [Finding] {
        let results = Mutex<[[Finding]]>(Array(repeating: [], count: tables.count))
        DispatchQueue.concurrentPerform(iterations: tables.count) { index in
            let table = tables[index]
            var findings: [Finding] = []
            for (key, entry) in table.keys {
                var check = KeyCheck(key: key, entry: entry, in: table)
                check.run()
                findings += check.findings
            }
            results.withLock { $0[index] = findings }
        }
        return results.withLock { $0.flatMap { $0 } }
    }
}
