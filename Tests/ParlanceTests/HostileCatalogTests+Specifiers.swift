import Foundation
import Parlance
import Testing

extension HostileCatalogTests {
    /// Templates with 10,000 specifiers, rendered directly and read from `.stringsdict` format keys.
    @Suite("10,000 format specifiers")
    struct Specifiers {
        static let count = 10_000
        static let marker = MessageFormatter.marker

        @Test("10,000 specifiers with 10,000 arguments render every one")
        func everyArgument() {
            let template = String(repeating: "%d ", count: Self.count)
            let arguments = (0..<Self.count).map { MessageArgument.int(Int64($0)) }
            let message = MessageFormatter(language: "en").format(template, arguments)
            #expect(message.string == (0..<Self.count).map { "\($0) " }.joined())
            #expect(message.diagnostics.isEmpty)
        }

        @Test("10,000 specifiers with no arguments render markers and a bounded list of problems")
        func noArguments() {
            let message = MessageFormatter(language: "en").format(String(repeating: "%lld ", count: Self.count))
            #expect(message.string == String(repeating: "\(Self.marker) ", count: Self.count))
            #expect(message.diagnostics.count == MessageFormatter.maximumDiagnostics + 1)
            #expect(message.diagnostics.last?.message == "More problems were found and not listed.")
        }

        @Test("The 10,000th positional argument is found")
        func farPosition() {
            let arguments = (0..<Self.count).map { MessageArgument.int(Int64($0)) }
            let message = MessageFormatter(language: "en").format("%10000$d of %1$d", arguments)
            #expect(message.string == "9999 of 0")
        }

        @Test("A .stringsdict format key with 10,000 specifiers before its substitution counts them all")
        func stringsDictSpecifiers() throws {
            let format = String(repeating: "%d ", count: Self.count) + "%#@n@"
            let data = HostileInputs.stringsDict(key: "many", """
                <key>NSStringLocalizedFormatKey</key><string>\(format)</string>
                <key>n</key><dict>
                <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>%d item</string>
                <key>other</key><string>%d items</string>
                </dict>
                """)
            let file = try StringsDictReader.read(data, path: "many.stringsdict")
            let localization = try #require(file.entries["many"])
            #expect(localization.stringUnit?.value == format)
            #expect(localization.substitutions?["n"]?.argNum == Self.count + 1)

            let arguments = (0...Self.count).map { MessageArgument.int($0 == Self.count ? 1 : 7) }
            let message = MessageFormatter(language: "en").format(localization, arguments)
            #expect(message.string == String(repeating: "7 ", count: Self.count) + "1 item")
            #expect(message.diagnostics.isEmpty)
        }

        @Test("A .stringsdict format key with 10,000 substitutions expands a bounded number of them")
        func stringsDictSubstitutions() throws {
            let format = String(repeating: "%#@n@,", count: Self.count)
            let data = HostileInputs.stringsDict(key: "many", """
                <key>NSStringLocalizedFormatKey</key><string>\(format)</string>
                <key>n</key><dict>
                <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>%d item</string>
                <key>other</key><string>%d items</string>
                </dict>
                """)
            let file = try StringsDictReader.read(data, path: "many.stringsdict")
            let localization = try #require(file.entries["many"])
            #expect(localization.substitutions?["n"]?.argNum == 1)

            let message = MessageFormatter(language: "en").format(localization, [2])
            let expanded = MessageFormatter.maximumSubstitutions
            #expect(message.string == String(repeating: "2 items,", count: expanded)
                + String(repeating: "\(Self.marker),", count: Self.count - expanded))
            #expect(message.diagnostics.count <= MessageFormatter.maximumDiagnostics + 1)
        }
    }
}
