import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SeedServerKit
import ParlanceTestSupport
import Testing

/// The example server, started on a loopback port (`.live`: a real socket, Hummingbird's real
/// HTTP server), asked for each seed app's catalogs in several languages.
@Suite("Seed server: the seed apps' catalogs, each request in its language")
struct SeedServerTests {
    /// `Examples/Seeds/Sources`, beside this package.
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "../../../Seeds/Sources").standardizedFileURL

    static func app() throws -> some ApplicationProtocol {
        try SeedServer.application(seeds: seeds)
    }

    static func table(_ response: TestResponse) throws -> StringsTable {
        try JSONDecoder().decode(StringsTable.self, from: Data(String(buffer: response.body).utf8))
    }

    @Test("C&C's summary: a plural, euros and a date in Italian, French and English")
    func summary() async throws {
        try await Self.app().test(.live) { client in
            try await client.execute(uri: "/cnc/fr/summary?members=3&total=1234.5", method: .get, headers: [.acceptLanguage: "it"]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "C&C Team\n3 membres\n1\u{202F}234,50\u{A0}€\n15 janvier 2026\n")
                #expect(response.headers[.contentLanguage] == "fr")
                #expect(response.headers[values: .vary].isEmpty, "the path chose: no header was read")
            }
            try await client.execute(uri: "/cnc/summary?members=1&total=9.5", method: .get, headers: [.acceptLanguage: "it-CH, en;q=0.5"]) { response in
                #expect(String(buffer: response.body) == "C&C Team\n1 membro\n9,50\u{A0}€\n15 gennaio 2026\n")
                #expect(response.headers[.contentLanguage] == "it")
                #expect(response.headers[values: .vary] == ["Cookie, Accept-Language"])
            }
            try await client.execute(uri: "/cnc/summary?members=2&total=19", method: .get, headers: [.cookie: "lang=en", .acceptLanguage: "fr"]) { response in
                #expect(String(buffer: response.body) == "C&C Team\n2 members\n€19.00\nJanuary 15, 2026\n")
                #expect(response.headers[.contentLanguage] == "en")
                #expect(response.headers[values: .vary] == ["Cookie"])
            }
            try await client.execute(uri: "/cnc/summary", method: .get, headers: [.acceptLanguage: "ja"]) { response in
                #expect(response.headers[.contentLanguage] == "it", "no language the app has: C&C's default, Italian")
                #expect(String(buffer: response.body).hasPrefix("C&C Team\n1 membro\n"))
            }
        }
    }

    @Test("Each seed app's table in the language asked, as JSON", arguments: [
        ("/keyz/fr/strings", "fr", "hello", "bonjour"),
        ("/keyz/strings", "en", "hello", "Hello"),
        ("/snakesss/en/strings", "en", "Anatomie", "Anatomy"),
        ("/snakesss/strings", "fr", "Anatomie", "Anatomie"),
        ("/aiphoto/vi/strings", "vi", "l10n.settings.language", "Ngôn ngữ"),
        ("/cnc/it/strings", "it", "general.cancel", "Annulla"),
        ("/cnc/fr/strings", "fr", "general.cancel", "Annuler"),
    ])
    func strings(path: String, language: String, key: String, value: String) async throws {
        try await Self.app().test(.live) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                #expect(response.headers[.contentLanguage] == language)
                let table = try Self.table(response)
                #expect(table.language == language)
                #expect(table.strings[key] == value)
                #expect(table.strings.count > 3)
            }
        }
    }

    @Test("The white-label apps answer GomaUI's keys each their own way")
    func whiteLabels() async throws {
        try await Self.app().test(.live) { client in
            var tables: [String: StringsTable] = [:]
            for app in ["betsson-cm", "betsson-fr"] {
                try await client.execute(uri: "/\(app)/fr/strings", method: .get) { response in
                    #expect(response.headers[.contentLanguage] == "fr")
                    tables[app] = try Self.table(response)
                }
            }
            let cameroon = try #require(tables["betsson-cm"]), france = try #require(tables["betsson-fr"])
            let shared = Set(cameroon.strings.keys).intersection(france.strings.keys)
            #expect(!shared.isEmpty)
            #expect(shared.contains { cameroon.strings[$0] != france.strings[$0] }, "each brand translates some key its own way")
        }
    }

    @Test("Languages, the index, and what is not there")
    func routing() async throws {
        try await Self.app().test(.live) { client in
            try await client.execute(uri: "/cnc/languages", method: .get) { response in
                let list = try JSONDecoder().decode(LanguageList.self, from: Data(String(buffer: response.body).utf8))
                #expect(list.available == ["en", "fr", "it"])
                #expect(list.defaultLanguage == "it")
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(String(buffer: response.body).contains("/aiphoto/strings\n"))
            }
            try await client.execute(uri: "/keyz/de/strings", method: .get) { response in
                #expect(response.status == .notFound, "de is no language Keyz has, so it is no prefix")
            }
            try await client.execute(uri: "/nope/strings", method: .get) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/keyz/summary", method: .get) { response in
                #expect(response.status == .notFound, "the summary is C&C's alone")
            }
        }
    }

    @Test("Hostile headers: every request answers, in a language the app has")
    func hostile() async throws {
        try await Self.app().test(.live) { client in
            for header in ServerFixtures.hostileHeaders {
                let fields = HTTPFields([HTTPField(name: HTTPField.Name(header.name)!, value: header.value)])
                try await client.execute(uri: "/cnc/summary", method: .get, headers: fields) { response in
                    #expect(response.status == .ok)
                    #expect(["en", "fr", "it"].contains(response.headers[.contentLanguage] ?? ""))
                }
            }
        }
    }

    @Test("Catalogs that are not there: the error names the folder")
    func missingCatalogs() throws {
        let error = #expect(throws: (any Error).self) {
            try SeedServer.responder(seeds: URL(fileURLWithPath: "/nonexistent/seeds"))
        }
        #expect(String(describing: error).contains("/nonexistent/seeds/KeyzKit/Resources"))
    }
}
