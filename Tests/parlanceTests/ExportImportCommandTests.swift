import Foundation
import ParlanceTestSupport
import Testing

@Suite("parlance export and import")
struct ExportImportCommandTests {
    /// A copy of the example's resources, so imports can write.
    static func resources() throws -> URL {
        let folder = try CodegenCommandTests.temporaryFolder()
        let copy = folder.appendingPathComponent("Resources")
        try FileManager.default.copyItem(at: Parlance.packageRoot.appendingPathComponent(CodegenCommandTests.exampleResources), to: copy)
        return copy
    }

    static func contents(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path)?.allObjects ?? [] {
            let url = folder.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    @Test("export writes .xcloc bundles as Xcode lays them out; importing them untouched changes no byte")
    func xclocRoundTrip() throws {
        let resources = try Self.resources()
        let output = resources.deletingLastPathComponent().appendingPathComponent("Translations")
        defer { try? FileManager.default.removeItem(at: resources.deletingLastPathComponent()) }
        let before = try Self.contents(of: resources)
        let exported = try Parlance.run(["export", resources.path, "--output", output.path, "--lang", "it", "ru"])
        #expect(exported.status == 0, "\(exported.standardError)")
        #expect(exported.standardOutput.contains("2 languages (it, ru)"))
        let bundle = output.appendingPathComponent("it.xcloc")
        for path in ["contents.json", "Localized Contents/it.xliff", "Source Contents/Localizable.xcstrings", "Source Contents/fr.lproj/Settings.strings"] {
            #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent(path).path), "\(path)")
        }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent("Notes").path, isDirectory: &isDirectory) && isDirectory.boolValue)
        let contents = try JSONSerialization.jsonObject(with: Data(contentsOf: bundle.appendingPathComponent("contents.json"))) as? [String: Any]
        #expect(contents?["targetLocale"] as? String == "it")
        #expect(contents?["developmentRegion"] as? String == "fr")

        let imported = try Parlance.run(["import", resources.path, bundle.path, output.appendingPathComponent("ru.xcloc").path])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("0 units updated"))
        #expect(try Self.contents(of: resources) == before)
    }

    @Test("An edited .po rewrites only what it changes: the String Catalog, and one language's .lproj table")
    func editedPO() throws {
        let resources = try Self.resources()
        let output = resources.deletingLastPathComponent().appendingPathComponent("Translations")
        defer { try? FileManager.default.removeItem(at: resources.deletingLastPathComponent()) }
        let before = try Self.contents(of: resources)
        #expect(try Parlance.run(["export", resources.path, "--output", output.path, "--format", "po", "--lang", "it"]).status == 0)
        let localizable = output.appendingPathComponent("Localizable/it.po")
        let settings = output.appendingPathComponent("Settings/it.po")
        try String(decoding: Data(contentsOf: localizable), as: UTF8.self)
            .replacingOccurrences(of: "msgstr \"Chiudi\"", with: "msgstr \"Chiudi ora\"")
            .write(to: localizable, atomically: true, encoding: .utf8)
        try String(decoding: Data(contentsOf: settings), as: UTF8.self)
            .replacingOccurrences(of: "msgstr \"Impostazioni\"", with: "msgstr \"Preferenze\"")
            .write(to: settings, atomically: true, encoding: .utf8)
        let imported = try Parlance.run(["import", resources.path, localizable.path, settings.path])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("2 units updated"))
        let after = try Self.contents(of: resources)
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(changed == ["Localizable.xcstrings", "it.lproj/Settings.strings"])
        #expect(String(decoding: after["Localizable.xcstrings"] ?? Data(), as: UTF8.self).contains("\"value\" : \"Chiudi ora\""))
        #expect(String(decoding: after["it.lproj/Settings.strings"] ?? Data(), as: UTF8.self).contains("\"Preferenze\""))
    }

    @Test("A translation with other placeholders is refused at file:line:column, and nothing is written")
    func refused() throws {
        let resources = try Self.resources()
        let output = resources.deletingLastPathComponent().appendingPathComponent("Translations")
        defer { try? FileManager.default.removeItem(at: resources.deletingLastPathComponent()) }
        let before = try Self.contents(of: resources)
        #expect(try Parlance.run(["export", resources.path, "--output", output.path, "--format", "xliff", "--lang", "it"]).status == 0)
        let xliff = output.appendingPathComponent("it.xliff")
        let text = String(decoding: try Data(contentsOf: xliff), as: UTF8.self)
            .replacingOccurrences(of: ">Chiudi</target>", with: ">Chiudi ora</target>")
            .replacingOccurrences(of: ">%lld domande rimaste</target>", with: ">%@ domande rimaste</target>")
        try text.write(to: xliff, atomically: true, encoding: .utf8)
        let line = text.components(separatedBy: "\n").firstIndex { $0.contains(">%@ domande rimaste</target>") }.map { $0 + 1 }
        let imported = try Parlance.run(["import", resources.path, xliff.path])
        #expect(imported.status == 1)
        #expect(imported.standardError.contains("\(xliff.path):\(line ?? 0):9: error: the it translation of \"%lld questions restantes|==|plural."))
        #expect(imported.standardError.contains("Nothing was written"))
        #expect(try Self.contents(of: resources) == before)
    }
}
