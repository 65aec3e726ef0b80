import Parlance

/// How far each table is translated into each language: the numbers `parlance stats` prints.
///
/// A key counts once per language: translated; needing review when any of its variants is
/// marked `needs_review`, `new` or `stale`; inherited when the language has no value but a
/// language on its CLDR parent chain does (`en-US` shows `en`'s, as the runtime resolves
/// it); or missing, when no language on the chain holds it. Keys marked `shouldTranslate: false`
/// and keys Xcode found stale in code are left out. In a String Catalog's source language
/// a key with no value of its own counts as translated: the key is the text.
public struct CoverageReport: Sendable {
    /// One table in one language.
    public struct Row: Hashable, Sendable {
        public var table: String
        public var language: String
        public var translated = 0
        public var needsReview = 0
        /// Keys the language has no value for that a language on its parent chain provides.
        public var inherited = 0
        public var missing = 0

        public init(
            table: String, language: String, translated: Int = 0, needsReview: Int = 0, inherited: Int = 0, missing: Int = 0
        ) {
            self.table = table
            self.language = language
            self.translated = translated
            self.needsReview = needsReview
            self.inherited = inherited
            self.missing = missing
        }

        /// Every key that should be translated.
        public var total: Int { translated + needsReview + inherited + missing }

        /// Keys a reader sees translated (translated or inherited) in thousandths of the
        /// total, rounded down, so only a complete table shows 100.0%; an empty table counts
        /// as complete.
        public var permille: Int { total == 0 ? 1000 : (translated + inherited) * 1000 / total }
    }

    /// One row per table and language, sorted by table, then language.
    public var rows: [Row]
    /// Files that could not be read, and paths that name nothing.
    public var problems: [Finding]
    /// The catalog files read.
    public var files: [String]

    /// Reads every catalog below `paths` and counts.
    /// - Parameters:
    ///   - paths: Catalog files, and folders searched for them.
    ///   - sourceLanguage: The language keys are written in, for tables read only from `.lproj` folders.
    public init(paths: [String], sourceLanguage: String? = nil) {
        let catalogs = CatalogSet(paths: paths, sourceLanguage: sourceLanguage)
        var rows: [String: [String: Row]] = [:]
        for table in catalogs.tables {
            for language in table.languages where language != CheckedTable.unknownLanguage {
                var row = rows[table.table]?[language] ?? Row(table: table.table, language: language)
                Self.count(table, language: language, into: &row)
                rows[table.table, default: [:]][language] = row
            }
        }
        self.rows = rows.keys.sorted().flatMap { table in
            (rows[table] ?? [:]).values.sorted { $0.language < $1.language }
        }
        self.problems = catalogs.findings.filter { $0.rule == .parseError }
            + catalogs.missingPaths.map { Finding(.parseError, "no such file or folder.", at: SourceLocation(file: $0, line: 1, column: 1)) }
        self.files = catalogs.files
    }

    public init(rows: [Row], problems: [Finding] = [], files: [String] = []) {
        self.rows = rows
        self.problems = problems
        self.files = files
    }

    /// Every language any table holds, sorted.
    public var languages: [String] { Array(Set(rows.map(\.language))).sorted() }

    /// Every table, sorted.
    public var tables: [String] { Array(Set(rows.map(\.table))).sorted() }

    /// The sum of a language's rows over all tables.
    public func total(for language: String) -> Row {
        var total = Row(table: "All tables", language: language)
        for row in rows where row.language == language {
            total.translated += row.translated
            total.needsReview += row.needsReview
            total.inherited += row.inherited
            total.missing += row.missing
        }
        return total
    }

    private static func count(_ table: CheckedTable, language: String, into row: inout Row) {
        let isSource = language == table.sourceLanguage
        for (_, key) in table.keys where key.shouldTranslate != false && key.extractionState != .stale {
            guard let value = key.values[language] else {
                if table.isStringCatalog && isSource {
                    row.translated += 1
                } else if !isSource, table.parent(providing: key, in: language) != nil {
                    row.inherited += 1
                } else {
                    row.missing += 1
                }
                continue
            }
            // Xcode marks every extracted source value `new`; that is no review to do.
            if !isSource && needsReview(value.localization) { row.needsReview += 1 } else { row.translated += 1 }
        }
    }

    private static func needsReview(_ localization: Localization) -> Bool {
        let pending: Set<TranslationState> = [.needsReview, .new, .stale]
        if let state = localization.stringUnit?.state, pending.contains(state) { return true }
        if let state = localization.stringSet?.state, pending.contains(state) { return true }
        if let variations = localization.variations, needsReview(variations) { return true }
        for (_, substitution) in localization.substitutions ?? OrderedMap() {
            if let variations = substitution.variations, needsReview(variations) { return true }
        }
        return false
    }

    private static func needsReview(_ variations: Variations) -> Bool {
        switch variations {
        case .plural(let forms): forms.values.contains(where: needsReview)
        case .device(let forms): forms.values.contains(where: needsReview)
        case .width(let forms): forms.values.contains(where: needsReview)
        }
    }
}
