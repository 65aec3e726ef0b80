// parlance-launch: process start to the first French string, measured as whole processes.
// Builds the fixture (BenchmarkFixtures.LaunchFixture), then starts each program many times,
// round-robin so a busy moment slows all of them alike, and reports the median wall time
// (spawn to exit) and peak resident memory (the child's ru_maxrss from wait4) beside each
// program's floor measured in the same run: a Foundation-only process for the runtime as apps
// import it (`Parlance`), a FoundationEssentials-only one for `ParlanceCore` alone. Memory is in
// MiB (ru_maxrss is in KiB).
import BenchmarkFixtures
import Foundation

/// The launch programs are built beside this one.
let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()

struct Program {
    var name: String
    var executable: String
    /// The fixture folder it is given.
    var folder: String
    /// Extra arguments after the folder and the key.
    var options: [String] = []
    /// What it must print; `nil` checks only that it exits 0.
    var expected: String?
    /// The executable of the floor it is measured against.
    var baseline = "launch-foundation"
    /// Added time and memory allowed over the floor, when a target applies.
    var target: (milliseconds: Double, megabytes: Double)?
    /// Time and memory allowed either side of another program's (its name), when a target applies.
    var beside: (name: String, milliseconds: Double, megabytes: Double)?
    var times: [Double] = []
    var peaks: [Double] = []
}

/// Starts `path` with `arguments` through `launch-exec` (see Sources/launch-exec/main.c for why).
func launch(_ path: String, _ arguments: [String]) throws -> ProcessLaunch.Run {
    try ProcessLaunch.run(path, arguments, binaries: binaries)
}

func percentile(_ values: [Double], _ fraction: Double) -> Double { ProcessLaunch.percentile(values, fraction) }

func format(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }

// MARK: Options

var runs = 50
var markdown = false
/// A folder to write the fixture into and leave there (to profile one program by hand).
var keep: String?
/// Also measure the launch programs linked with their launch path's code together
/// (`<program>-ordered`, made by `Scripts/launch.sh --layout-floor`).
var layoutFloor = false
var options = CommandLine.arguments.dropFirst().makeIterator()
while let option = options.next() {
    switch option {
    case "--runs": runs = options.next().flatMap(Int.init) ?? runs
    case "--markdown": markdown = true
    case "--keep": keep = options.next()
    case "--layout-floor": layoutFloor = true
    case "--write-fixture":
        // The fixture alone, for Scripts/launch.sh to profile a launch on; prints the key.
        guard let path = options.next() else { break }
        do {
            try LaunchFixture.write(to: URL(fileURLWithPath: path))
        } catch {
            FileHandle.standardError.write(Data("parlance-launch: \(error)\n".utf8))
            exit(1)
        }
        print(LaunchFixture.key)
        exit(0)
    default:
        FileHandle.standardError.write(Data(
            "usage: parlance-launch [--runs N] [--markdown] [--keep <folder>] [--layout-floor] | --write-fixture <folder>\n".utf8))
        exit(2)
    }
}

// MARK: Fixture and programs

let folder = keep.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory.appendingPathComponent("parlance-launch")
try? FileManager.default.removeItem(at: folder)
do {
    try LaunchFixture.write(to: folder)
} catch {
    FileHandle.standardError.write(Data("parlance-launch: \(error)\n".utf8))
    exit(1)
}
let key = LaunchFixture.key
// Issue 33's targets: two languages at most +2 ms and +3 MiB over the Foundation-only process;
// forty languages within 0.5 ms and 0.5 MiB of two (languages not shown cost nothing); with
// ParlanceCore alone, two languages at most +1 ms and +1.5 MiB over a FoundationEssentials-only
// process.
let twoLanguages = "Parlance: compiled pack beside the String Catalog (checked fresh), 5,000 keys × en, fr"
var programs = [
    Program(name: "Swift process that only starts Foundation (baseline)", executable: "launch-foundation", folder: "", expected: key.lowercased()),
    Program(
        name: "Swift process that only starts FoundationEssentials (ParlanceCore's baseline)", executable: "launch-essentials",
        folder: "", expected: key.lowercased(), baseline: "launch-essentials"),
    Program(
        name: "FoundationEssentials with Observation and the Dispatch overlay, which the core no longer links (anchor)",
        executable: "launch-toolchain", folder: "", expected: key.lowercased(), baseline: "launch-essentials"),
    Program(name: "Swift process, the standard library alone (anchor)", executable: "launch-bare", folder: "", expected: key.lowercased()),
    Program(name: "glibc gettext on a msgfmt .mo (anchor)", executable: "launch-gettext", folder: "", expected: LaunchFixture.expectedFrench),
    Program(
        name: "Parlance: String Catalog parsed, 5,000 keys × en, fr", executable: "launch-parlance",
        folder: "catalog", expected: LaunchFixture.expectedFrench),
    Program(
        name: twoLanguages, executable: "launch-parlance",
        folder: "compiled", options: ["--expect-compiled"], expected: LaunchFixture.expectedFrench, target: (2, 3)),
    Program(
        name: "Parlance: compiled pack of the one key printed × en, fr (the runtime's own cost)", executable: "launch-parlance",
        folder: "one", options: ["--expect-compiled"], expected: LaunchFixture.expectedFrench),
    Program(
        name: "Parlance: compiled pack, 5,000 keys × 40 languages", executable: "launch-parlance",
        folder: "forty", options: ["--expect-compiled"], expected: LaunchFixture.expectedFrench,
        beside: (twoLanguages, 0.5, 0.5)),
    Program(
        name: "ParlanceCore alone: compiled pack beside the String Catalog, 5,000 keys × en, fr", executable: "launch-parlance-core",
        folder: "compiled", options: ["--expect-compiled"], expected: LaunchFixture.expectedFrench,
        baseline: "launch-essentials", target: (1, 1.5)),
    Program(
        name: "ParlanceCore alone: compiled pack of the one key printed (the core's own cost)", executable: "launch-parlance-core",
        folder: "one", options: ["--expect-compiled"], expected: LaunchFixture.expectedFrench, baseline: "launch-essentials"),
    Program(
        name: "ParlanceCore alone: compiled pack, 5,000 keys × 40 languages", executable: "launch-parlance-core",
        folder: "forty", options: ["--expect-compiled"], expected: LaunchFixture.expectedFrench, baseline: "launch-essentials"),
]
// The layout floor: the same programs, built with each function in a section of its own and
// linked with the functions one launch runs placed together. The kernel maps an executable's
// code in 64 KB windows around each page a launch touches; these rows measure what the launch
// costs when its code fills a few windows instead of being spread through the binary.
if layoutFloor {
    programs += [
        Program(
            name: "Parlance, its launch path's code linked together (layout floor): compiled pack, 5,000 keys × en, fr",
            executable: "launch-parlance-ordered", folder: "compiled", options: ["--expect-compiled"],
            expected: LaunchFixture.expectedFrench),
        Program(
            name: "ParlanceCore alone, its launch path's code linked together (layout floor): compiled pack, 5,000 keys × en, fr",
            executable: "launch-parlance-core-ordered", folder: "compiled", options: ["--expect-compiled"],
            expected: LaunchFixture.expectedFrench, baseline: "launch-essentials"),
    ]
}

func megabytes(_ path: String) -> String {
    let size = (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)[.size] as? Int) ?? 0
    return format(Double(size) / 1_000_000, 3) + " MB"
}

// MARK: Measuring

do {
    // Warm the page cache and the dynamic loader's caches first; those runs are not kept.
    for _ in 0..<3 {
        for program in programs {
            _ = try launch(binaries.appendingPathComponent(program.executable).path, [folder.appendingPathComponent(program.folder).path, key] + program.options)
        }
    }
    for _ in 0..<runs {
        for index in programs.indices {
            let run = try launch(
                binaries.appendingPathComponent(programs[index].executable).path,
                [folder.appendingPathComponent(programs[index].folder).path, key] + programs[index].options)
            if let expected = programs[index].expected, run.output != expected {
                throw ProcessLaunch.Failure("\(programs[index].executable) printed \"\(run.output)\", not \"\(expected)\"")
            }
            programs[index].times.append(run.milliseconds)
            programs[index].peaks.append(run.peakMegabytes)
        }
    }
} catch {
    FileHandle.standardError.write(Data("parlance-launch: \(error)\n".utf8))
    exit(1)
}
let catalogSize = megabytes("catalog/Localizable.xcstrings")
let packSize = megabytes("compiled/App.pcatpack")
let fortySize = megabytes("forty/App.pcatpack")
let moSize = megabytes("locale/fr/LC_MESSAGES/\(LaunchFixture.domain).mo")
if keep == nil { try? FileManager.default.removeItem(at: folder) }

// MARK: Report

let headers = ["Process", "Median", "p10–p90", "Peak memory", "Over its baseline", "Paired over it", "Target", "Result"]
var rows: [[String]] = []
var missed = false
for program in programs {
    let time = percentile(program.times, 0.5)
    let peak = percentile(program.peaks, 0.5)
    let floor = programs.first { $0.executable == program.baseline && $0.folder.isEmpty } ?? programs[0]
    let floorTime = percentile(floor.times, 0.5)
    let floorPeak = percentile(floor.peaks, 0.5)
    let isFloor = floor.name == program.name
    // The round-robin pairs each run with its baseline's run of the same round: the median of
    // the differences is steadier than the difference of the medians on a busy machine.
    let pairedTime = percentile(zip(program.times, floor.times).map { $0 - $1 }, 0.5)
    let pairedPeak = percentile(zip(program.peaks, floor.peaks).map { $0 - $1 }, 0.5)
    let over = isFloor ? "—" : "\(format(time - floorTime)) ms, \(format(peak - floorPeak, 1)) MiB (\(floor.executable))"
    let paired = isFloor ? "—" : "\(format(pairedTime)) ms, \(format(pairedPeak, 1)) MiB"
    var target = "—"
    var result = isFloor ? "baseline" : "info"
    if let limit = program.target {
        target = "≤ +\(format(limit.milliseconds, 0)) ms, ≤ +\(format(limit.megabytes, 1)) MiB"
        let holds = time - floorTime <= limit.milliseconds && peak - floorPeak <= limit.megabytes
        result = holds ? "PASS" : "FAIL"
        missed = missed || !holds
    }
    if let limit = program.beside, let other = programs.first(where: { $0.name == limit.name }) {
        let otherTime = percentile(other.times, 0.5)
        let otherPeak = percentile(other.peaks, 0.5)
        target = "within \(format(limit.milliseconds, 1)) ms, \(format(limit.megabytes, 1)) MiB of two languages "
            + "(\(format(time - otherTime)) ms, \(format(peak - otherPeak, 1)) MiB)"
        let holds = abs(time - otherTime) <= limit.milliseconds && abs(peak - otherPeak) <= limit.megabytes
        result = holds ? "PASS" : "FAIL"
        missed = missed || !holds
    }
    rows.append([
        program.name, "\(format(time)) ms", "\(format(percentile(program.times, 0.1)))–\(format(percentile(program.times, 0.9))) ms",
        "\(format(peak, 1)) MiB", over, paired, target, result,
    ])
}
print("Launch, \(runs) runs of each process, round-robin, medians; fixture: Localizable.xcstrings \(catalogSize), its pack \(packSize), the forty-language pack \(fortySize), French .mo \(moSize):")
if markdown {
    print("| " + headers.joined(separator: " | ") + " |")
    print("|" + String(repeating: " --- |", count: headers.count))
    for row in rows { print("| " + row.joined(separator: " | ") + " |") }
} else {
    let widths = headers.indices.map { column in ([headers] + rows).map { $0[column].count }.max() ?? 0 }
    for row in [headers] + rows {
        print(zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  "))
    }
}
exit(missed ? 1 : 0)
