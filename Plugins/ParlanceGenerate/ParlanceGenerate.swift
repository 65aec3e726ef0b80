import Foundation
import PackagePlugin

/// Generates typed accessors (`L10n.swift`) for every String Catalog and `.lproj` table in a
/// target, at build time, into the plugin's work folder; the compiler picks the file up as
/// one of the target's sources.
///
/// The tables are found by walking the target's folder rather than its declared sources,
/// because a target that copies a whole `Resources` folder lists that folder, not the files.
@main
struct ParlanceGenerate: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let tables = CatalogFiles(under: module.directoryURL)
        guard !tables.files.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("L10n.swift")
        return [
            .buildCommand(
                displayName: "Generating typed accessors for \(module.name)'s catalogs",
                executable: try context.tool(named: "parlance").url,
                arguments: ["generate"] + tables.inputs.map(\.path) + ["--output", output.path],
                inputFiles: tables.files,
                outputFiles: [output]
            ),
        ]
    }
}
