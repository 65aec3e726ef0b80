import Parlance

extension CoverageReport {
    /// The report as one self-contained HTML page: a stacked bar per table in a chart per
    /// language, drawn with inline CSS, so it opens offline and from a CI artifact.
    public var html: String {
        var body = ""
        if languages.count > 1 {
            body += "<section class=\"overview\">\n<h2>All languages</h2>\n<div class=\"chart\">\n"
            for language in languages {
                body += Self.bar(total(for: language), label: language)
            }
            body += "</div>\n</section>\n"
        }
        for language in languages {
            let total = total(for: language)
            let name = Language(language).map(\.englishName).flatMap { $0 == language ? nil : $0 }
            body += "<section class=\"language\">\n"
            body += "<h2><span class=\"tag\">\(Self.escaped(language))</span>"
            if let name { body += " <span class=\"name\">\(Self.escaped(name))</span>" }
            body += " <span class=\"percent\">\(Self.percent(total.permille))</span></h2>\n"
            body += "<div class=\"chart\">\n"
            for row in rows where row.language == language {
                body += Self.bar(row, label: row.table)
            }
            body += "</div>\n</section>\n"
        }
        let tableCount = tables.count
        let summary = "\(tableCount) table\(tableCount == 1 ? "" : "s") in \(languages.count) language\(languages.count == 1 ? "" : "s"), from \(files.count) file\(files.count == 1 ? "" : "s")."
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Translation coverage</title>
            <style>
            \(Self.style)
            </style>
            </head>
            <body>
            <h1>Translation coverage</h1>
            <p class="summary">\(summary)</p>
            <p class="legend"><span class="swatch translated"></span>Translated <span class="swatch review"></span>Needs review <span class="swatch inherited"></span>Inherited from a parent language <span class="swatch missing"></span>Missing</p>
            \(body)</body>
            </html>

            """
    }

    /// One row of a chart: its name, a bar of four segments, and the numbers.
    private static func bar(_ row: Row, label name: String) -> String {
        let label = "\(name): \(row.translated) translated, \(row.needsReview) need review, \(row.inherited) inherited, \(row.missing) missing"
        var html = "<div class=\"row\">"
        html += "<span class=\"table\" title=\"\(escaped(name))\">\(escaped(name))</span>"
        html += "<div class=\"bar\" role=\"img\" aria-label=\"\(escaped(label))\" title=\"\(escaped(label))\">"
        for (kind, count) in [("translated", row.translated), ("review", row.needsReview), ("inherited", row.inherited), ("missing", row.missing)] where count > 0 {
            let width = count * 1000 / max(row.total, 1)
            html += "<span class=\"\(kind)\" style=\"width: \(width / 10).\(width % 10)%\"></span>"
        }
        html += "</div>"
        html += "<span class=\"numbers\">\(percent(row.permille)) <small>\(row.translated + row.inherited)/\(row.total)</small></span>"
        html += "</div>\n"
        return html
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    private static let style = """
        :root { --translated: #2f9e5b; --review: #e0a526; --inherited: #4f86c6; --missing: #d64545; --track: #eceef1; color-scheme: light dark; }
        body { font: 15px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", sans-serif; margin: 2rem auto; max-width: 56rem; padding: 0 1rem; color: #1d232b; background: #fff; }
        h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
        .summary { color: #5a6472; margin: 0 0 .75rem; }
        .legend { font-size: .85rem; color: #5a6472; margin: 0 0 1.5rem; }
        .swatch { display: inline-block; width: .8rem; height: .8rem; border-radius: 2px; margin: 0 .3rem 0 .8rem; vertical-align: -1px; }
        .swatch:first-child { margin-left: 0; }
        .language, .overview { margin: 0 0 1.75rem; }
        h2 { font-size: 1.1rem; margin: 0 0 .5rem; display: flex; gap: .5rem; align-items: baseline; border-bottom: 1px solid var(--track); padding-bottom: .3rem; }
        h2 .tag { font-family: ui-monospace, Menlo, monospace; }
        h2 .name { color: #5a6472; font-weight: normal; }
        h2 .percent { margin-left: auto; font-variant-numeric: tabular-nums; }
        .row { display: grid; grid-template-columns: 12rem 1fr 7.5rem; gap: .75rem; align-items: center; margin: .3rem 0; }
        .table { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .bar { display: flex; height: 1.1rem; background: var(--track); border-radius: 3px; overflow: hidden; }
        .bar span { display: block; height: 100%; }
        .translated { background: var(--translated); }
        .review { background: var(--review); }
        .inherited { background: var(--inherited); }
        .missing { background: var(--missing); }
        .numbers { text-align: right; font-variant-numeric: tabular-nums; }
        .numbers small { color: #5a6472; }
        @media (prefers-color-scheme: dark) {
          body { color: #e4e7eb; background: #16191d; }
          :root { --track: #2a2f36; }
          .summary, .legend, h2 .name, .numbers small { color: #9aa4b1; }
        }
        """
}
