import Foundation
import Testing
@testable import Parlance
@testable import ParlanceCore

/// Lookups by position in an `IndexedKeys` list (what generated accessors call) give exactly
/// what lookups by key give, follow every switch, report missing keys, and keep bounded state.
/// Serialized: two tests count the process's places, which the other tests' lists hold.
@Suite("Looking keys up by position", .serialized)
struct IndexedKeysTests {
    /// Every key of the test app, both tables, plus keys no catalog has.
    static let keys = IndexedKeys([
        .init("Localizable", keys: TestCatalogs.app[0].entries.map(\.key).sorted() + ["no.such.key"]),
        .init("Settings", keys: ["settings.title", "also.missing"]),
    ])

    /// The messages of the test app with the arguments they take.
    static let messages: [(key: String, arguments: [MessageArgument])] = [
        ("photos.count", [1]), ("photos.count", [2]), ("photos.count", [1_000_000]),
        ("products.available", [7]), ("no.such.key", [3]),
    ]

    @Test("Positions number the tables' keys in order")
    func numbering() {
        let keys = IndexedKeys([.init("A", keys: ["x", "y"]), .init("B", keys: []), .init("C", keys: ["x"])])
        #expect(keys.count == 3)
        #expect(keys[0] == ("A", "x"))
        #expect(keys[1] == ("A", "y"))
        #expect(keys[2] == ("C", "x"))
    }

    @Test("Every position gives what its key gives, in every language, before and after switching")
    func sameAsKeys() {
        let localizer = TestCatalogs.localizer(preferred: ["en"])
        for language: Language in ["en", "vi", "fr", "en-GB", "pt-BR", "fr-CA", "ja", "en"] {
            localizer.select(.language(language))
            for index in 0..<Self.keys.count {
                let (table, key) = Self.keys[index]
                #expect(Self.keys.string(index, localizer: localizer) == localizer.string(key, table: table), "\(language) \(key)")
            }
            for (key, arguments) in Self.messages {
                let index = (0..<Self.keys.count).first { Self.keys[$0].key == key }!
                #expect(
                    Self.keys.string(index, arguments: arguments, localizer: localizer)
                        == localizer.string(key, arguments: arguments), "\(language) \(key)")
            }
            let legs = (0..<Self.keys.count).first { Self.keys[$0].key == "add_more_legs" }!
            #expect(
                Self.keys.string(legs, values: ["count": 2, "minOdds": "1.5"], localizer: localizer)
                    == localizer.string("add_more_legs", values: ["count": 2, "minOdds": "1.5"]))
        }
        localizer.select(.language("vi"))
        let welcome = (0..<Self.keys.count).first { Self.keys[$0].key == "l10n.auth.welcome.to" }!
        #expect(Self.keys.string(welcome, localizer: localizer) == "Chào mừng đến với")
        localizer.select(.language("fr"))
        #expect(Self.keys.string(welcome, localizer: localizer) == "Bienvenue sur")
    }

    @Test("Through a snapshot, every position gives what the snapshot gives by key, whatever the localizer shows")
    func throughSnapshots() {
        let localizer = TestCatalogs.localizer(preferred: ["en"])
        localizer.select(.language("vi"))
        for language: Language in ["en", "fr", "pt-BR", "ja"] {
            let snapshot = localizer.snapshot(for: language)
            for index in 0..<Self.keys.count {
                let (table, key) = Self.keys[index]
                #expect(Self.keys.string(index, snapshot: snapshot) == snapshot.string(key, table: table), "\(language) \(key)")
            }
            for (key, arguments) in Self.messages {
                let index = (0..<Self.keys.count).first { Self.keys[$0].key == key }!
                #expect(
                    Self.keys.string(index, arguments: arguments, snapshot: snapshot)
                        == snapshot.string(key, arguments: arguments), "\(language) \(key)")
            }
            let legs = (0..<Self.keys.count).first { Self.keys[$0].key == "add_more_legs" }!
            #expect(
                Self.keys.string(legs, values: ["count": 2, "minOdds": "1.5"], snapshot: snapshot)
                    == snapshot.string("add_more_legs", values: ["count": 2, "minOdds": "1.5"]))
        }
        let welcome = (0..<Self.keys.count).first { Self.keys[$0].key == "l10n.auth.welcome.to" }!
        #expect(Self.keys.string(welcome, snapshot: localizer.snapshot(for: "fr")) == "Bienvenue sur")
        #expect(localizer.language == "vi", "reading a snapshot switches nothing")
    }

    @Test("Without a localizer, positions are looked up through the shared one")
    func shared() {
        let localizer = TestCatalogs.localizer(preferred: ["vi"])
        Localizer.withShared(localizer) {
            let index = (0..<Self.keys.count).first { Self.keys[$0].key == "settings.title" }!
            #expect(Self.keys.string(index) == "Cài đặt")
            let photos = (0..<Self.keys.count).first { Self.keys[$0].key == "photos.count" }!
            #expect(Self.keys.string(photos, arguments: [3]) == "3 ảnh")
        }
    }

    @Test("A missing key and a fallback are reported, once each, as lookups by key report them")
    func reportsMissing() {
        let reports = Recorder<MissingKey>()
        let localizer = TestCatalogs.localizer(preferred: ["vi"], missingKeys: { reports.append($0) })
        let missing = (0..<Self.keys.count).first { Self.keys[$0].key == "no.such.key" }!
        let english = (0..<Self.keys.count).first { Self.keys[$0].key == "only.english" }!
        for _ in 0..<3 {
            #expect(Self.keys.string(missing, localizer: localizer) == "no.such.key")
            #expect(Self.keys.string(english, localizer: localizer) == "Only in English")
        }
        localizer.flushMissingKeyReports()
        #expect(Set(reports.all) == [
            MissingKey(language: "vi", table: "Localizable", key: "no.such.key", resolvedFrom: nil),
            MissingKey(language: "vi", table: "Localizable", key: "only.english", resolvedFrom: "en"),
        ])
    }

    @Test("A reload shows new values at the next lookup by position")
    func reload() throws {
        let folder = try temporaryFolder("indexed-reload")
        defer { try? FileManager.default.removeItem(at: folder) }
        let lproj = folder.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let file = lproj.appendingPathComponent("Localizable.strings")
        try Data("\"title\" = \"Before\";".utf8).write(to: file)
        let localizer = try Localizer(resourcesAt: folder, configuration: isolatedConfiguration())
        let keys = IndexedKeys([.init("Localizable", keys: ["title"])])
        #expect(keys.string(0, localizer: localizer) == "Before")
        try Data("\"title\" = \"After\";".utf8).write(to: file)
        localizer.reload()
        #expect(keys.string(0, localizer: localizer) == "After")
    }

    @Test("{name} values choose a plural's form by position as by key")
    func namedPlural() {
        let catalog = TestCatalogs.catalog([("selections", [
            "fr": .plural([.one: .string("{count} sélection"), .other: .string("{count} sélections")]),
        ])])
        let localizer = Localizer(catalogs: [catalog], configuration: .init(
            defaultLanguage: "fr", preferredLanguages: { ["fr"] }, notificationCenter: nil))
        let keys = IndexedKeys([.init("Localizable", keys: ["selections"])])
        for count in [0, 1, 2, 5] {
            let values: [String: MessageArgument] = ["count": .int(Int64(count))]
            #expect(keys.string(0, values: values, localizer: localizer) == localizer.string("selections", values: values))
            #expect(keys.string(0, values: values, snapshot: localizer.currentSnapshot) == (count < 2 ? "\(count) sélection" : "\(count) sélections"))
        }
    }

    @Test("More live lists than there are places all still give the right values; a dead list's place is reused")
    func manyLists() {
        let localizer = TestCatalogs.localizer(preferred: ["fr"])
        let lists = (0..<(IndexedKeys.fastListCount * 3)).map { number in
            IndexedKeys([.init("Localizable", keys: number.isMultiple(of: 2) ? ["l10n.settings.language"] : ["only.english", "colour"])])
        }
        for _ in 0..<2 {
            for (number, list) in lists.enumerated() {
                if number.isMultiple(of: 2) {
                    #expect(list.string(0, localizer: localizer) == "Langue")
                } else {
                    #expect(list.string(0, localizer: localizer) == "Only in English")
                    #expect(list.string(1, localizer: localizer) == "color")
                }
            }
        }
        #expect(lists.filter { $0.place != nil }.count <= IndexedKeys.fastListCount)
        #expect(lists.contains { $0.place == nil })
    }

    @Test("After 100,000 distinct lists and 100,000 positions, a snapshot keeps at most one value per position of its placed lists")
    func bounded() {
        let localizer = TestCatalogs.localizer(preferred: ["fr"])
        for number in 0..<100_000 {
            let list = IndexedKeys([.init("Localizable", keys: ["key.\(number)"])])
            #expect(list.string(0, localizer: localizer) == "key.\(number)")
        }
        let large = IndexedKeys([.init("Localizable", keys: (0..<100_000).map { "large.\($0)" })])
        for index in 0..<large.count { _ = large.string(index, localizer: localizer) }
        for index in stride(from: 0, to: large.count, by: 7) { _ = large.string(index, localizer: localizer) }
        let places = localizer.currentStorage.indexedPlaces
        #expect(places.made.count <= IndexedKeys.fastListCount)
        #expect(places.made.allSatisfy { $0.resolvedCount <= $0.count })
        #expect(places.replacedCount <= IndexedPlaces.maximumReplaced)
        // The dead lists gave their places back, so the live one has a place (or, past the
        // bound on replacements, hashes its keys); either way its values were right.
        #expect(large.place != nil)
        if let placed = places.made.first(where: { $0.ordinal == large.ordinal }) {
            #expect(placed.resolvedCount == 100_000)
        }
        #expect(large.string(99_999, localizer: localizer) == "large.99999")
    }

    @Test("Threads resolving the same positions at once all see one value per position")
    func concurrent() async {
        let localizer = TestCatalogs.localizer(preferred: ["vi"])
        let expected = (0..<Self.keys.count).map { index in localizer.string(Self.keys[index].key, table: Self.keys[index].table) }
        let list = IndexedKeys([.init("Localizable", keys: Self.keys.keys.prefix(Self.keys.count - 2).map { $0 }),
                                .init("Settings", keys: ["settings.title", "also.missing"])])
        let mismatches = Recorder<String>()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<200 {
                        for index in 0..<list.count where list.string(index, localizer: localizer) != expected[index] {
                            mismatches.append(list[index].key)
                        }
                    }
                }
            }
        }
        #expect(mismatches.all.isEmpty)
    }
}
