import Foundation
import ParlanceTestSupport
import Testing
@testable import ParlanceCore

/// ParlanceCore alone: a process that links it and not `Parlance` shows strings from a compiled
/// pack, switches language, and maps neither Foundation nor ICU. It has to be a process of its
/// own (`CoreOnlyProbe`): this test binary links the Foundation layer.
@Suite("A process that links only ParlanceCore")
struct CoreOnlyTests {
    static var probe: URL { ChildProcess.built("CoreOnlyProbe") }

    static let stringCatalog = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "greeting" : { "localizations" : {
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello" } },
              "fr" : { "stringUnit" : { "state" : "translated", "value" : "Bonjour" } } } },
            "%lld files" : { "localizations" : {
              "en" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } },
              "fr" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld fichier" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld fichiers" } } } } } } },
            "%lf km" : { "localizations" : {
              "fr" : { "stringUnit" : { "state" : "translated", "value" : "%.1lf km" } } } }
          },
          "version" : "1.0"
        }
        """#

    /// A folder with a compiled pack of the catalog above, and one with FormatJS catalogs.
    static func folders() throws -> (compiled: URL, web: URL, root: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("core-only-\(UUID().uuidString)")
        let compiled = root.appendingPathComponent("compiled")
        let web = root.appendingPathComponent("web/lang")
        try FileManager.default.createDirectory(at: compiled, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
        let catalog = try XCStringsReader.read(Data(stringCatalog.utf8), path: "Localizable.xcstrings")
        try Data(try CompiledCatalogPack.bytes(for: [catalog], sources: [])).write(to: compiled.appendingPathComponent("App.pcatpack"))
        try Data(#"{"plain": "Réglages", "inbox.count": "{count, plural, one {# message} other {# messages}}"}"#.utf8)
            .write(to: web.appendingPathComponent("fr.json"))
        try Data(#"{"plain": "Settings", "inbox.count": "{count, plural, one {# message} other {# messages}}"}"#.utf8)
            .write(to: web.appendingPathComponent("en.json"))
        return (compiled, web.deletingLastPathComponent(), root)
    }

    @Test("Shows compiled strings, plurals and switches; ICU values as written; no Foundation, no ICU mapped")
    func probe() async throws {
        let (compiled, web, root) = try Self.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await ChildProcess.run(Self.probe, [compiled.path, web.path])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("compiled: true"))
        #expect(lines.contains("plain: Bonjour"))
        #expect(lines.contains("plural: 3 fichiers"))
        // An interpolated Double, with no Foundation layer to give CLDR's separator: printf's `.`.
        #expect(lines.contains("double: 2.5 km"))
        #expect(lines.contains("switched: Hello"))
        #expect(lines.contains("icu plain: Réglages"))
        #expect(lines.contains("icu: {count, plural, one {# message} other {# messages}}"))
        #expect(lines.contains { $0.hasPrefix("icu diagnostic: ") && $0.contains("ParlanceCore alone") })
        #expect(lines.contains("foundation layer: none"))
        #if os(Linux)
        // Only Linux separates FoundationEssentials from Foundation and ICU (on Apple platforms
        // the core imports Foundation, which every process there maps anyway).
        #expect(lines.contains("mapped: no Foundation, no ICU"), "\(result.standardOutput)")
        #endif
    }

    @Test("The same folders in this process, which links Parlance, render what the core alone cannot")
    func withTheLayer() throws {
        let (compiled, web, root) = try Self.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let localizer = try Localizer(
            resourcesAt: compiled,
            configuration: .init(defaultLanguage: "en", preferredLanguages: { ["fr"] }))
        let distance = 2.5
        #expect(localizer.string("\(distance) km") == "2,5 km")
        let webLocalizer = try Localizer(
            resourcesAt: web, configuration: .init(defaultLanguage: "en", preferredLanguages: { ["fr"] }))
        #expect(webLocalizer.currentSnapshot.message("inbox.count", values: ["count": 3]).string == "3 messages")
    }
}
