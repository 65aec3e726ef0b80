import Foundation
import ParlanceCatalogs
import Testing

/// Loads the files in `Fixtures/strings`.
enum StringsFixtures {
    static var directory: URL {
        get throws {
            try #require(Bundle.module.url(forResource: "strings", withExtension: nil, subdirectory: "Fixtures"))
        }
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appending(path: name))
    }

    /// Reads a fixture, with its file name as the path in locations.
    static func read(_ name: String) throws -> StringsFile {
        try StringsFileReader.read(data(name), path: name)
    }
}

/// The key–value pairs of a file, in order, for comparing whole files at once.
func pairs(_ file: StringsFile) -> [[String]] {
    file.entries.map { [$0.key, $0.value] }
}

@Suite("Reading .strings files")
struct StringsFileReaderTests {
    @Test("A genstrings file gives each entry its comment and location")
    func genstrings() throws {
        let file = try StringsFixtures.read("genstrings.strings")
        #expect(file.entries == [
            StringsFile.Entry(
                key: "Welcome", value: "Welcome, %@!", comment: "Title of the main window.",
                location: ParlanceCatalogs.SourceLocation(file: "genstrings.strings", line: 2, column: 1)),
            StringsFile.Entry(
                key: "Quit", value: "Quit", comment: "No comment provided by engineer.",
                location: ParlanceCatalogs.SourceLocation(file: "genstrings.strings", line: 5, column: 1)),
        ])
        #expect(file.diagnostics.isEmpty)
        #expect(file.table == ["Welcome": "Welcome, %@!", "Quit": "Quit"])
    }

    @Test("Files with nothing to translate are empty tables", arguments: ["empty.strings", "comment-only.strings"])
    func nothingToTranslate(name: String) throws {
        let file = try StringsFixtures.read(name)
        #expect(file.entries.isEmpty)
        #expect(file.diagnostics.isEmpty)
    }

    @Test("Unquoted and single-quoted strings and the short form are read as Foundation reads them")
    func unquotedKeys() throws {
        let file = try StringsFixtures.read("unquoted-keys.strings")
        #expect(pairs(file) == [
            ["NSHumanReadableCopyright", "© 2024 Parlance"],
            ["CFBundleName", "Parlance"],
            ["path/to:file.name-x_$", "value"],
            ["single", "quoted \"text\""],
            ["short", "short"],
        ])
    }

    @Test("Quoted strings keep raw line breaks, and U+2028 and U+2029 separate tokens")
    func rawNewlines() throws {
        let file = try StringsFixtures.read("raw-newlines.strings")
        #expect(pairs(file) == [
            ["multi", "first line\nsecond line"],
            ["separators", "b"],
            ["cr", "x\ry"],
        ])
        #expect(file.entries.map(\.location.line) == [1, 3, 4])
    }

    @Test("A braced top-level dictionary is accepted")
    func braced() throws {
        let file = try StringsFixtures.read("braced.strings")
        #expect(pairs(file) == [["a", "b"], ["c", "d"]])
        #expect(file.entries.map(\.location.column) == [5, 5])
    }

    @Test("Comments attach to the entry below them, not to the entry they trail")
    func comments() throws {
        let file = try StringsFixtures.read("trailing-comments.strings")
        #expect(pairs(file) == [
            ["GPU", "מעבד גרפי"], ["CPU", "מעבד"], ["RAM", "זיכרון"], ["Disk", "דיסק"],
            ["url", "http://example.com/path"],
        ])
        #expect(file.entries.map(\.comment) == [nil, nil, "Section: memory", "first\nsecond", nil])
        #expect(file.entries[3].location == ParlanceCatalogs.SourceLocation(file: "trailing-comments.strings", line: 8, column: 26))
    }

    @Test("Each readable fixture gives the table Foundation loads", arguments: [
        "genstrings.strings", "comment-only.strings", "unquoted-keys.strings", "escapes.strings",
        "duplicate-keys.strings", "raw-newlines.strings", "trailing-comments.strings", "braced.strings",
        "xml-plist.strings",
    ])
    func sameTableAsFoundation(name: String) throws {
        let data = try StringsFixtures.data(name)
        let foundation = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        #expect(try StringsFixtures.read(name).table == foundation as? [String: String])
    }

    @Test("Where Foundation silently stops, its table is what comes before the warning")
    func truncatedTableMatchesFoundation() throws {
        let data = try StringsFixtures.data("silent-truncation.strings")
        let foundation = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        #expect(foundation as? [String: String] == ["one": "1"])
        #expect(try StringsFixtures.read("silent-truncation.strings").table == ["one": "1", "two": "2", "three": "3"])
    }

    @Test("Columns count Unicode scalars")
    func columnsCountScalars() throws {
        let file = try StringsFileReader.read(Data(#""ключ" = "x"; "👩‍💻" = "y";"#.utf8), path: "L.strings")
        #expect(file.entries.map(\.location.column) == [1, 15])
    }

    @Test("Entries on one long line get their own columns")
    func oneLongLine() throws {
        let source = (0..<2000).map { #""ключ\#($0)" = "значение";"# }.joined(separator: " ")
        let file = try StringsFileReader.read(Data(source.utf8), path: "L.strings")
        let width = #""ключ" = "значение"; "#.unicodeScalars.count
        var columns: [Int] = []
        var column = 1
        for number in 0..<2000 {
            columns.append(column)
            column += width + String(number).count
        }
        #expect(file.entries.map(\.location.column) == columns)
        #expect(file.entries.map(\.location.line) == Array(repeating: 1, count: 2000))
    }

    @Suite("Encodings")
    struct Encodings {
        static let sample = "/* Greeting */\n\"Hello\" = \"Привет 👋\";\n\"Bye\" = \"Пока\";\n"

        static func encoded(_ name: String) -> Data {
            switch name {
            case "UTF-8 with a byte order mark": Data([0xEF, 0xBB, 0xBF]) + Data(sample.utf8)
            case "UTF-16LE with a byte order mark":
                Data([0xFF, 0xFE]) + Data(sample.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            case "UTF-16BE with a byte order mark":
                Data([0xFE, 0xFF]) + Data(sample.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
            default: Data(sample.utf8)
            }
        }

        @Test("Each encoding Foundation accepts gives the same entries", arguments: [
            "UTF-8", "UTF-8 with a byte order mark", "UTF-16LE with a byte order mark", "UTF-16BE with a byte order mark",
        ])
        func sameEntries(encoding: String) throws {
            let file = try StringsFileReader.read(Self.encoded(encoding), path: "L.strings")
            #expect(file.entries == [
                StringsFile.Entry(
                    key: "Hello", value: "Привет 👋", comment: "Greeting",
                    location: ParlanceCatalogs.SourceLocation(file: "L.strings", line: 2, column: 1)),
                StringsFile.Entry(key: "Bye", value: "Пока", location: ParlanceCatalogs.SourceLocation(file: "L.strings", line: 3, column: 1)),
            ])
        }
    }

    @Suite("Property lists saved as .strings")
    struct PropertyLists {
        @Test("An XML property list is read, sorted by key, each entry at its <key>")
        func xml() throws {
            let file = try StringsFixtures.read("xml-plist.strings")
            #expect(file.entries == [
                StringsFile.Entry(key: "Apple", value: "Pomme", location: ParlanceCatalogs.SourceLocation(file: "xml-plist.strings", line: 7, column: 2)),
                StringsFile.Entry(key: "Zebra", value: "Zèbre", location: ParlanceCatalogs.SourceLocation(file: "xml-plist.strings", line: 5, column: 2)),
            ])
        }

        @Test("A binary property list is read, sorted by key")
        func binary() throws {
            let data = try PropertyListSerialization.data(
                fromPropertyList: ["b": "Bé", "a": "À\n\"quoted\""], format: .binary, options: 0)
            let file = try StringsFileReader.read(data, path: "Sparkle.strings")
            #expect(pairs(file) == [["a", "À\n\"quoted\""], ["b", "Bé"]])
            #expect(file.entries.map(\.location) == Array(repeating: ParlanceCatalogs.SourceLocation(file: "Sparkle.strings", line: 1, column: 1), count: 2))
        }

        @Test("A binary property list with a non-string value is an error naming the key")
        func binaryWithNumber() throws {
            let data = try PropertyListSerialization.data(
                fromPropertyList: ["count": 3], format: .binary, options: 0)
            #expect(throws: ParseError(
                "the value of the key \"count\" is a number; .strings values must be strings.",
                at: ParlanceCatalogs.SourceLocation(file: "B.strings", line: 1, column: 1))
            ) { try StringsFileReader.read(data, path: "B.strings") }
        }
    }
}
