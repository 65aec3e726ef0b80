import ArgumentParser

@main
struct ParlanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parlance",
        abstract: "Read, check and convert Apple localization catalogs, on Linux and Apple platforms."
    )
}
