// parlance-scale: how each cost grows with the catalog (issue 33). For 1,000 / 10,000 / 100,000
// keys × 2 / 10 / 40 languages of the synthetic catalog it measures compiling the String
// Catalog into a pack, the pack's size, a launch to the first French string (whole processes
// through launch-exec: wall time and peak memory), a lookup, a switch to a language not shown
// yet, a reload and `parlance check` of the String Catalog; then fits each cost to
// keys^a × languages^b by least squares over the nine points and prints the exponents beside
// those of what the work must read.
import BenchmarkFixtures
import Foundation
import Parlance
import ParlanceTooling

let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()

var keyCounts = [1_000, 10_000, 100_000]
var languageCounts = [2, 10, 40]
var launches = 20
var markdown = false
var options = CommandLine.arguments.dropFirst().makeIterator()
while let option = options.next() {
    switch option {
    case "--keys": keyCounts = options.next().map { $0.split(separator: ",").compactMap { Int($0) } } ?? keyCounts
    case "--languages": languageCounts = options.next().map { $0.split(separator: ",").compactMap { Int($0) } } ?? languageCounts
    case "--launches": launches = options.next().flatMap(Int.init) ?? launches
    case "--markdown": markdown = true
    default:
        FileHandle.standardError.write(Data("usage: parlance-scale [--keys 1000,10000,100000] [--languages 2,10,40] [--launches N] [--markdown]\n".utf8))
        exit(2)
    }
}
guard !keyCounts.isEmpty, !languageCounts.isEmpty, languageCounts.allSatisfy({ $0 >= 2 && $0 <= 40 }), launches > 0 else {
    FileHandle.standardError.write(Data("parlance-scale: key counts must be given, language counts lie in 2...40, launches > 0\n".utf8))
    exit(2)
}

/// The languages of a configuration: English (the source) and French (shown) first, then the
/// synthetic catalog's others in its order.
func languages(_ count: Int) -> [String] {
    Array((["en", "fr"] + SyntheticCatalog.fortyLanguages.filter { $0 != "en" && $0 != "fr" }).prefix(count))
}

/// The median of `samples` runs of `body`, in seconds.
func median(_ samples: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<samples {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return ProcessLaunch.percentile(times, 0.5)
}

struct Row {
    var keys: Int
    var languages: Int
    var catalogBytes: Int
    var compileSeconds: Double
    var packBytes: Int
    var launchMilliseconds: Double
    var launchPeakMegabytes: Double
    var lookupNanoseconds: Double
    /// The same lookups in a `[String: String]` of the same French values (the baseline).
    var dictionaryNanoseconds: Double
    var switchMicroseconds: Double
    var reloadMilliseconds: Double
    var checkSeconds: Double
}

func measure(keys: Int, languageCount: Int, launches: Int) throws -> Row {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-scale-\(keys)-\(languageCount)")
    try? FileManager.default.removeItem(at: folder)
    let catalogFolder = folder.appendingPathComponent("catalog")
    let packFolder = folder.appendingPathComponent("pack")
    for subfolder in [catalogFolder, packFolder] { try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true) }
    defer { try? FileManager.default.removeItem(at: folder) }

    let names = languages(languageCount)
    let catalog = SyntheticCatalog.make(keys: keys, languages: names)
    let catalogURL = catalogFolder.appendingPathComponent("Localizable.xcstrings")
    try catalog.write(to: catalogURL)

    // Compile: read the String Catalog from its file and write the pack, as `parlance compile` does.
    let packURL = packFolder.appendingPathComponent("App.pcatpack")
    let compileSeconds = try median(3) {
        let bytes = try Data(contentsOf: catalogURL)
        let parsed = try XCStringsReader.read(bytes, path: "Localizable.xcstrings")
        try Data(try CompiledCatalogPack.bytes(for: [parsed], sources: [])).write(to: packURL)
    }
    let packBytes = (try FileManager.default.attributesOfItem(atPath: packURL.path)[.size] as? Int) ?? 0

    // Launch: process start to the first French string, a plain key from the middle of the table.
    let index = keys / 2 + 2
    precondition(!SyntheticResourceFolder.isPlural(index), "the launch key must be a plain string")
    let key = SyntheticResourceFolder.key(index)
    let expected = SyntheticCatalog.phrase(index, SyntheticCatalog.words["fr"]!, count: 1 + index % 2)
    let program = binaries.appendingPathComponent("launch-parlance").path
    var times: [Double] = []
    var peaks: [Double] = []
    for run in 0..<(launches + 2) {
        let measured = try ProcessLaunch.run(program, [packFolder.path, key, "--expect-compiled"], binaries: binaries)
        guard measured.output == expected else { throw ProcessLaunch.Failure("launch-parlance printed \"\(measured.output)\", not \"\(expected)\"") }
        guard run >= 2 else { continue }  // two warm-up runs
        times.append(measured.milliseconds)
        peaks.append(measured.peakMegabytes)
    }

    // Lookups, a switch and a reload on the same pack, in this process.
    let configuration = Localizer.Configuration(defaultLanguage: "en", preferredLanguages: { ["fr"] }, notificationCenter: nil)
    let localizer = try Localizer(resourcesAt: packFolder, configuration: configuration)
    let plainKeys = (0..<keys).filter { !SyntheticResourceFolder.isPlural($0) }.map(SyntheticResourceFolder.key)
    // A fixed shuffled order, the same on every run: lookups do not walk the table in order.
    var order = Array(plainKeys.indices)
    var generator = SplitMixGenerator(seed: 33)
    order.shuffle(using: &generator)
    let lookupsPerRound = 200_000
    var sink = 0
    let lookupSeconds = median(5) {
        var next = 0
        for _ in 0..<lookupsPerRound {
            sink &+= localizer.string(plainKeys[order[next]]).utf8.count
            next = next + 1 == order.count ? 0 : next + 1
        }
    }
    // The baseline: the same keys, in the same order, from a dictionary of what the localizer returned.
    var dictionary: [String: String] = [:]
    for key in plainKeys { dictionary[key] = localizer.string(key) }
    let dictionarySeconds = median(5) {
        var next = 0
        for _ in 0..<lookupsPerRound {
            sink &+= dictionary[plainKeys[order[next]]]?.utf8.count ?? 0
            next = next + 1 == order.count ? 0 : next + 1
        }
    }
    // A switch to a language not shown yet (its snapshot made) and one lookup: a new localizer
    // per sample, made outside the timed part.
    var switchTimes: [Double] = []
    for _ in 0..<9 {
        let fresh = try Localizer(resourcesAt: packFolder, configuration: configuration)
        let start = ContinuousClock.now
        fresh.select(.language("en"))
        sink &+= fresh.string(key).utf8.count
        let elapsed = ContinuousClock.now - start
        switchTimes.append(Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
    }
    let reloadSeconds = median(5) {
        localizer.reload()
        sink &+= localizer.string(key).utf8.count
    }
    guard localizer.string(key) == expected else { throw ProcessLaunch.Failure("the localizer showed \"\(localizer.string(key))\"") }

    // `parlance check` of the String Catalog.
    let checkSeconds = median(3) { sink &+= CatalogChecker().check(paths: [catalogFolder.path]).findings.count }
    if sink == 42 { print("") }  // keeps the work observable

    return Row(
        keys: keys, languages: languageCount, catalogBytes: catalog.count, compileSeconds: compileSeconds, packBytes: packBytes,
        launchMilliseconds: ProcessLaunch.percentile(times, 0.5), launchPeakMegabytes: ProcessLaunch.percentile(peaks, 0.5),
        lookupNanoseconds: lookupSeconds / Double(lookupsPerRound) * 1e9,
        dictionaryNanoseconds: dictionarySeconds / Double(lookupsPerRound) * 1e9,
        switchMicroseconds: ProcessLaunch.percentile(switchTimes, 0.5) * 1e6, reloadMilliseconds: reloadSeconds * 1e3,
        checkSeconds: checkSeconds)
}

/// SplitMix64, so the lookup order is the same on every run.
struct SplitMixGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Least squares of log(value) = c + a·log(keys) + b·log(languages): the exponents (a, b).
/// `nil` when the points do not vary in both.
func exponents(_ rows: [Row], _ value: (Row) -> Double) -> (keys: Double, languages: Double)? {
    let points = rows.filter { value($0) > 0 }.map { (log(Double($0.keys)), log(Double($0.languages)), log(value($0))) }
    guard points.count >= 3 else { return nil }
    let n = Double(points.count)
    let mx = points.map(\.0).reduce(0, +) / n
    let my = points.map(\.1).reduce(0, +) / n
    let mz = points.map(\.2).reduce(0, +) / n
    var sxx = 0.0, syy = 0.0, sxy = 0.0, sxz = 0.0, syz = 0.0
    for (x, y, z) in points {
        sxx += (x - mx) * (x - mx)
        syy += (y - my) * (y - my)
        sxy += (x - mx) * (y - my)
        sxz += (x - mx) * (z - mz)
        syz += (y - my) * (z - mz)
    }
    let determinant = sxx * syy - sxy * sxy
    guard abs(determinant) > 1e-12 else { return nil }
    return ((sxz * syy - syz * sxy) / determinant, (syz * sxx - sxz * sxy) / determinant)
}

func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

var rows: [Row] = []
do {
    for keys in keyCounts {
        for count in languageCounts {
            FileHandle.standardError.write(Data("parlance-scale: \(keys) keys × \(count) languages…\n".utf8))
            rows.append(try measure(keys: keys, languageCount: count, launches: launches))
        }
    }
} catch {
    FileHandle.standardError.write(Data("parlance-scale: \(error)\n".utf8))
    exit(1)
}

let headers = [
    "Keys", "Languages", "String Catalog", "Compile", "Pack", "Launch", "Launch peak", "Lookup", "`[String: String]` lookup", "Switch + 1 lookup", "Reload + 1 lookup", "Check",
]
let table = rows.map { row in
    [
        "\(row.keys)", "\(row.languages)", "\(format(Double(row.catalogBytes) / 1e6, 1)) MB", "\(format(row.compileSeconds * 1e3, 0)) ms",
        "\(format(Double(row.packBytes) / 1e6, 2)) MB", "\(format(row.launchMilliseconds, 2)) ms", "\(format(row.launchPeakMegabytes, 1)) MB",
        "\(format(row.lookupNanoseconds, 1)) ns", "\(format(row.dictionaryNanoseconds, 1)) ns", "\(format(row.switchMicroseconds, 0)) µs", "\(format(row.reloadMilliseconds, 2)) ms",
        "\(format(row.checkSeconds * 1e3, 0)) ms",
    ]
}
// What each cost must read: compiling and checking read the whole catalog (keys × languages);
// a launch, a switch and a reload read the shown language's table (keys); a lookup reads one
// entry.
let fits: [(String, (Row) -> Double, String)] = [
    ("String Catalog size", { Double($0.catalogBytes) }, "1, 1 (it is what the rest is read against)"),
    ("Compile", { $0.compileSeconds }, "1, 1"),
    ("Pack size", { Double($0.packBytes) }, "1, 1"),
    ("Launch time", { $0.launchMilliseconds }, "≤ 1, 0"),
    ("Launch peak memory", { $0.launchPeakMegabytes }, "≤ 1, 0"),
    ("Lookup", { $0.lookupNanoseconds }, "0, 0 (the table outgrows the caches: see the dictionary's)"),
    ("`[String: String]` lookup (baseline)", { $0.dictionaryNanoseconds }, "0, 0"),
    ("Switch", { $0.switchMicroseconds }, "≤ 1, 0"),
    ("Reload", { $0.reloadMilliseconds }, "≤ 1, ≤ 1"),
    ("Check", { $0.checkSeconds }, "1, 1"),
]
print("Scale, the synthetic catalog (92.5% plain strings, 5% plurals, 2.5% substitutions), French shown; launches: median of \(launches) after 2 warm-up runs:")
if markdown {
    print("| " + headers.joined(separator: " | ") + " |")
    print("|" + String(repeating: " --- |", count: headers.count))
    for row in table { print("| " + row.joined(separator: " | ") + " |") }
    print("")
    print("| Cost | Exponent of keys | Exponent of languages | What it must read (keys, languages) |")
    print("| --- | --- | --- | --- |")
} else {
    let widths = headers.indices.map { column in ([headers] + table).map { $0[column].count }.max() ?? 0 }
    for row in [headers] + table { print(zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")) }
    print("")
}
for (name, value, expected) in fits {
    guard let fit = exponents(rows, value) else { continue }
    if markdown {
        print("| \(name) | \(format(fit.keys, 2)) | \(format(fit.languages, 2)) | \(expected) |")
    } else {
        print("\(name): keys^\(format(fit.keys, 2)) × languages^\(format(fit.languages, 2)) (what it must read: \(expected))")
    }
}
