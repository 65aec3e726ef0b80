import ArgumentParser

@main
struct ParlanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parlance",
        abstract: "Read, convert and check Apple localization catalogs, on Linux and Apple platforms.",
        subcommands: [Dump.self, Convert.self, Check.self, Stats.self, Plural.self]
    )
}
