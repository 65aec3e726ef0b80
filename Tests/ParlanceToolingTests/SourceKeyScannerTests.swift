import Foundation
import Parlance
import ParlanceTooling
import Testing

@Suite("Finding the keys code uses")
struct SourceKeyScannerTests {
    static func scan(_ source: String) -> [KeyUsage] {
        SourceKeyScanner.scan(source: source, path: "App.swift")
    }

    @Test("Each lookup form yields its key, table, comment and default value", arguments: [
        (#"let a = "hello".localized()"#, KeyUsage(key: "hello", location: .init(file: "App.swift", line: 1, column: 9))),
        (#"let a = "n %lld".localized(with: 3, table: "Quiz")"#, KeyUsage(key: "n %lld", table: "Quiz", location: .init(file: "App.swift", line: 1, column: 9))),
        (#"let a = localizer.string("quiz.start", table: "Quiz", default: "Start")"#, KeyUsage(key: "quiz.start", table: "Quiz", defaultValue: "Start", location: .init(file: "App.swift", line: 1, column: 26))),
        (#"let a = Localizer.shared.string("k", 3)"#, KeyUsage(key: "k", location: .init(file: "App.swift", line: 1, column: 33))),
        (#"let a = LocalizationProvider.string("close")"#, KeyUsage(key: "close", location: .init(file: "App.swift", line: 1, column: 37))),
        (#"let a = String(localized: "nav", defaultValue: "Quiz", table: "T", comment: "Title.")"#, KeyUsage(key: "nav", table: "T", comment: "Title.", defaultValue: "Quiz", location: .init(file: "App.swift", line: 1, column: 27))),
        (#"let a = NSLocalizedString("ok", tableName: "T", value: "OK", comment: "Button.")"#, KeyUsage(key: "ok", table: "T", comment: "Button.", defaultValue: "OK", location: .init(file: "App.swift", line: 1, column: 27))),
        (#"let a = NSLocalizedString("ok", comment: "")"#, KeyUsage(key: "ok", location: .init(file: "App.swift", line: 1, column: 27))),
        (#"let a = Text("Hello", tableName: "T", comment: "Greeting.")"#, KeyUsage(key: "Hello", table: "T", comment: "Greeting.", location: .init(file: "App.swift", line: 1, column: 14))),
        (#"let é = Text("Héllo \"you\"\n")"#, KeyUsage(key: "Héllo \"you\"\n", location: .init(file: "App.swift", line: 1, column: 14))),
    ])
    func forms(source: String, usage: KeyUsage) {
        #expect(Self.scan(source) == [usage])
    }

    @Test("Interpolations become specifiers as Xcode extracts them", arguments: [
        (#"Text("\(count) files")"#, "%lld files"),
        (#"Text("\(items.count) items, 100%")"#, "%lld items, 100%%"),
        (#"Text("\(fileCount) files")"#, "%lld files"),
        (#"Text("\(3) and \(2.5)")"#, "%lld and %lf"),
        (#"Text("Hi \(name)")"#, "Hi %@"),
        (#"Text("\(ratio, specifier: "%.2f") done")"#, "%.2f done"),
        (#"String(localized: "\(n) left")"#, "%lld left"),
        (#"String(localized: "\(label)")"#, "%@"),
        (#"Text("\(n) at 5%\u{301} off")"#, "%lld at 5%%\u{301} off"),
        (#"localizer.string("You have \(count) new messages")"#, "You have %lld new messages"),
        (#"snapshot.string("\(name) paid \(price)")"#, "%@ paid %@"),
        (#"func f(price: Double, n: Int32) { _ = localizer.string("\(price) for \(n)") }"#, "%lf for %d"),
        (#"func f() { let share: Float = 1; let total = 2.5; _ = localizer.string("\(share) of \(total)") }"#, "%f of %lf"),
        (#"func f() { let count = items.count; _ = localizer.string("\(count) left") }"#, "%lld left"),
        (#"func f(count: String) { _ = localizer.string("\(count) left") }"#, "%@ left"),
        (#"struct S { var size: UInt8; func f() { _ = localizer.string("\(self.size) bytes, \(size)") } }"#, "%u bytes, %u"),
        (#"let f = { (ratio: Double) in localizer.string("\(ratio) ratio") }"#, "%lf ratio"),
        (#"localizer.string("\(Int64(x)) and \(UInt(y))")"#, "%lld and %llu"),
        (#"func f(n: Int32?) { guard let n else { return }; _ = localizer.string("\(n) left") }"#, "%d left"),
        (#"func f(total: Double?) { if let total = total { _ = localizer.string("\(total) in all") } }"#, "%lf in all"),
        (#"func f(price: Double?) { if let price = compute() { _ = localizer.string("\(price) in all") } }"#, "%@ in all"),
        (#"func f(size: String) { for size in sizes { _ = localizer.string("\(size) wide") } }"#, "%@ wide"),
        (#"func f(count: String) { for count in counts { _ = localizer.string("\(count) left") } }"#, "%lld left"),
    ])
    func interpolation(source: String, key: String) {
        #expect(Self.scan(source).map(\.key) == [key])
    }

    @Test("Keys that are not literals, and look-alikes, are not keys", arguments: [
        #"Text(verbatim: "x")"#,
        #"Text(title)"#,
        #"localizer.string(key)"#,
        #"localizer.string("\(key)")"#,
        #"localizer.string("item.\(id).title")"#,
        #"LocalizationProvider.string("Hi \(name)")"#,
        #"localizer.string("Hi \(name)", values: [:])"#,
        #"localizer.string("Hi \(name)", count)"#,
        #"name.localized()"#,
        #"NSLocalizedString(key, comment: "")"#,
        #"String(describing: "x")"#,
        #"let s = "plain""#,
        #"entry["fr"] = .string("Le grand quiz")"#,
        #"let v = Localization.string("Bonjour", state: .translated)"#,
    ])
    func notKeys(source: String) {
        #expect(Self.scan(source).isEmpty)
    }

    @Test("Broken code is scanned as far as it parses")
    func brokenCode() {
        let usages = Self.scan("func f( {\n  Text(\"kept\")\n")
        #expect(usages.map(\.key) == ["kept"])
    }

    @Test("A fixture screen yields every key in source order, with places")
    func fixtureFile() throws {
        let url = Fixtures.url("extract/QuizScreen.swift.txt")
        let usages = try SourceKeyScanner.scan(files: [url])
        #expect(usages.map { "\($0.location.line):\($0.location.column) \($0.key) [\($0.tableName)]" } == [
            "10:18 quiz.title [Localizable]",
            "11:18 Questions left: %lld [Localizable]",
            "14:37 quiz.start [Quiz]",
            "15:37 settings.open [Settings]",
            "17:44 nav.title [Localizable]",
            "20:26 footer.note [Localizable]",
            "21:25 score %lld [Localizable]",
            "22:53 close [Localizable]",
        ])
        #expect(usages.allSatisfy { $0.location.file == url.path })
    }
}
