import Foundation
import PackagePlugin

/// Compiles every String Catalog and `.lproj` table in a target, at build time, into one pack
/// (`<target>.pcatpack`) that SwiftPM copies into the target's resource bundle. A `Localizer`
/// made with `Localizer(resourcesAt: Bundle.module.resourceURL!)` finds the pack there and
/// reads it in place instead of reading the catalogs, so the app starts without parsing them.
///
/// The pack is rebuilt whenever a catalog changes. The tables are found by walking the target's
/// folder, as `ParlanceGenerate` does.
@main
struct ParlanceCompile: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let tables = CatalogFiles(under: module.directoryURL)
        guard !tables.files.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(module.name).pcatpack")
        return [
            .buildCommand(
                displayName: "Compiling \(module.name)'s catalogs",
                executable: try context.tool(named: "parlance").url,
                arguments: ["compile", module.directoryURL.path, "--output", output.path],
                inputFiles: tables.files,
                outputFiles: [output]
            ),
        ]
    }
}
