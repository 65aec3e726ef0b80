import ArgumentParser

@main
struct ParlanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parlance",
        abstract: "Read, convert and check Apple localization catalogs, on Linux and Apple platforms.",
        subcommands: [
            Check.self, Stats.self, Dump.self, Lookup.self, Format.self, Plural.self, Convert.self,
            Generate.self, Extract.self, Pseudo.self, Compile.self, Export.self, Import.self, MessageFormatCommand.self,
        ]
    )
}
