#!/usr/bin/env python3
"""Extracts every ```swift block of the documentation into a target of its own, so the build
checks that the code users read still compiles (Swift 6 mode, warnings as errors).

Reads README.md, docs/*.md, every *.md in a DocC catalog (Sources/*/*.docc,
Integrations/*/Sources/*/*.docc) and the integrations' READMEs. A block is compiled unless
the line above its fence marks it:

    <!-- doc-block: illustration (why it cannot compile on Linux) -->
    <!-- doc-block: prelude=localizer -->      (prepends Scripts/doc-blocks/localizer.swift)

Each compiled block becomes `<package>/DocBlocks/<Name>/main.swift`, beside the package that
holds the modules it imports (the root package, or one in Integrations/), with a copy of the
example app's catalogs (Examples/QuizApp/Sources/QuizKit/Resources) next to it, and
`<package>/DocBlocks/Package.swift` is written: a package of its own with one executable target
per block, built with warnings as errors, that depends on its package by path. The packages'
own manifests know nothing of the blocks (`swift build --package-path <package>/DocBlocks`).

Usage: Scripts/doc-blocks.py [--list]     (writes the folders; --list prints each block)
       Scripts/doc-blocks.py --check DIR [--manifests]
                                     (reads DIR's documents instead, writes nothing;
                                      --manifests prints the packages it would write)
Exit status 1 when a marker is malformed, names a prelude that does not exist, or a fence
never closes; each error names the file, line and column.
"""
import glob
import os
import re
import shutil
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
PRELUDES = os.path.join(ROOT, "Scripts", "doc-blocks")
# The example app's catalogs, copied beside every block so preludes and generated typed
# keys (`L10n`) have real catalogs to read.
RESOURCES = os.path.join(ROOT, "Examples", "QuizApp", "Sources", "QuizKit", "Resources")
MARKER = re.compile(r"^<!--\s*doc-block:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
IMPORT = re.compile(r"^\s*(?:@[\w()]+\s+)*import\s+(\w+)")

# Which package holds a module: the root one, unless an integration's.
INTEGRATION_OF = {
    "ParlanceHummingbird": "Integrations/ParlanceHummingbird",
    "ParlanceVapor": "Integrations/ParlanceVapor",
    "ParlancePostgres": "Integrations/ParlancePostgres",
    "ParlanceRemote": "Integrations/ParlanceRemote",
    "ParlanceReleaseTooling": "Integrations/ParlanceRemote",
}
ROOT_MODULES = {"ParlanceCatalogs", "ParlanceCatalogWriters", "ParlanceCore", "Parlance", "ParlanceSync", "ParlanceServer", "ParlanceTooling", "ParlanceFoundation", "ParlanceMessageFormat"}
# Modules of other packages an integration's blocks may import: the product and its package.
THIRD_PARTY = {"Hummingbird": "hummingbird", "Vapor": "vapor", "PostgresNIO": "postgres-nio"}
PACKAGES = ["."] + sorted(set(INTEGRATION_OF.values()))


def documents():
    paths = ["README.md"]
    paths += sorted(glob.glob("docs/*.md"))
    paths += sorted(glob.glob("Sources/*/*.docc/**/*.md", recursive=True))
    paths += sorted(glob.glob("Integrations/*/README.md"))
    paths += sorted(glob.glob("Integrations/*/Sources/*/*.docc/**/*.md", recursive=True))
    return [p for p in paths if os.path.isfile(p)]


class BlockError(Exception):
    pass


def blocks_in(path):
    """Yields (line, language, code, marker) for each fenced block; line is 1-based, the fence's."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m or not m.group(2):
            i += 1
            continue
        indent, lang, start = m.group(1), m.group(2), i
        j = i + 1
        while j < len(lines) and lines[j].strip() != "```":
            j += 1
        if j == len(lines):
            raise BlockError(f"{path}:{start + 1}:1: error: the ```{lang} block never closes")
        code = "\n".join(l[len(indent):] if l.startswith(indent) else l for l in lines[i + 1:j])
        k = start - 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        marker = None
        if k >= 0:
            mm = MARKER.match(lines[k].strip())
            if mm:
                marker = (mm.group(1), k + 1)
        yield start + 1, lang, code, marker
        i = j + 1


def parse_marker(path, marker):
    """Returns ("illustration", reason) or ("compile", [preludes])."""
    if marker is None:
        return "compile", []
    text, line = marker
    if text.startswith("illustration"):
        reason = re.fullmatch(r"illustration\s*\((.+)\)", text)
        if not reason or not reason.group(1).strip():
            raise BlockError(f"{path}:{line}:1: error: an illustration marker needs its reason: "
                             "<!-- doc-block: illustration (why it cannot compile on Linux) -->")
        return "illustration", reason.group(1).strip()
    m = re.fullmatch(r"prelude=([\w,-]+)", text)
    if not m:
        raise BlockError(f"{path}:{line}:1: error: unknown doc-block marker '{text}'; "
                         "expected 'illustration (reason)' or 'prelude=NAME'")
    names = m.group(1).split(",")
    for name in names:
        if not os.path.isfile(os.path.join(PRELUDES, name + ".swift")):
            raise BlockError(f"{path}:{line}:1: error: no prelude Scripts/doc-blocks/{name}.swift")
    return "compile", names


def target_name(path, line):
    """`DocBlock_README_57`, `DocBlock_docs_ARCHITECTURE_12`, `DocBlock_ParlanceSync_SyncingTheLanguage_8`."""
    stem = os.path.splitext(path)[0]
    catalog = re.search(r"(\w+)\.docc/(.+)$", stem)
    if catalog:
        stem = catalog.group(1) + "_" + catalog.group(2)
    elif path.startswith("Integrations/"):
        stem = stem[len("Integrations/"):]
    stem = re.sub(r"[^A-Za-z0-9]+", "_", stem).strip("_")
    return f"DocBlock_{stem}_{line}"


def assemble(path, line, code, preludes):
    """The block's imports first, then its preludes, then the block: imports must lead."""
    imports, body = [], []
    for text in code.split("\n"):
        (imports if IMPORT.match(text) else body).append(text)
    prelude_imports, prelude_body = [], []
    for name in preludes:
        with open(os.path.join(PRELUDES, name + ".swift"), encoding="utf-8") as f:
            for text in f.read().split("\n"):
                if text.startswith("//"):
                    continue
                (prelude_imports if IMPORT.match(text) else prelude_body).append(text)
    modules = [IMPORT.match(t).group(1) for t in imports + prelude_imports]
    seen, header = set(), []
    for text in imports + prelude_imports:
        key = text.strip()
        if key not in seen:
            seen.add(key)
            header.append(key)
    source = [f"// Extracted from {path}:{line} by Scripts/doc-blocks.py. Edit the document, not this file."]
    source += header + [""]
    body = "\n".join(body).strip("\n").split("\n")
    prelude = "\n".join(prelude_body).strip("\n")
    if prelude:
        source += [f"// Prelude: {', '.join(preludes)}", prelude, ""]
    source += body
    return "\n".join(source).rstrip() + "\n", modules


def package_for(path, line, modules):
    homes = {INTEGRATION_OF[m] for m in modules if m in INTEGRATION_OF}
    if len(homes) > 1:
        raise BlockError(f"{path}:{line}:1: error: a block imports modules of several integration "
                         f"packages ({', '.join(sorted(homes))}); split it")
    return homes.pop() if homes else "."


def uses_generated_keys(code):
    """A block that calls `L10n.` without declaring an `L10n` of its own uses the generator's."""
    return "L10n." in code and not re.search(r"\b(enum|struct|class)\s+L10n\b", code)


def dependency_lines(modules, uses_typed_keys):
    """A block's products as (module, package name), and its plugins as (plugin, package name)."""
    products, plugins = set(), set()
    for module in modules:
        if module in ROOT_MODULES:
            products.add((module, "Parlance"))
        elif module in INTEGRATION_OF:
            products.add((module, os.path.basename(INTEGRATION_OF[module])))
        elif module in THIRD_PARTY:
            products.add((module, THIRD_PARTY[module]))
    if uses_typed_keys:
        # Typed keys come from the generator plugin over the example's catalogs, as in an app.
        # The generated file imports Parlance, so the block links it whatever it imports.
        plugins.add(("ParlanceGenerate", "Parlance"))
        products.add(("Parlance", "Parlance"))
    return sorted(products), sorted(plugins)


def third_party_requirement(package, name):
    """The `.package(url: …)` line `package`'s own manifest gives `name`, so the blocks build
    against the version the package itself resolves."""
    with open(os.path.join(ROOT, package, "Package.swift"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r'\.package\(url: "[^"]*/' + re.escape(name) + r'(?:\.git)?",[^\n]*\)', text)
    if not m:
        raise BlockError(f"{os.path.join(package, 'Package.swift')}:1:1: error: no .package(url:) for '{name}', "
                         "which a documentation block imports")
    return m.group(0)


def manifest(package, blocks):
    """`<package>/DocBlocks/Package.swift`: one executable target per block, warnings as errors."""
    depth = os.path.normpath(package).count(os.sep) + (0 if package == "." else 1)
    root = "/".join([".."] * (depth + 1))
    packages = {"Parlance": f'.package(name: "Parlance", path: "{root}")'}
    if package != ".":
        name = os.path.basename(package)
        packages[name] = f'.package(name: "{name}", path: "..")'
    targets = []
    for name, products, plugins in blocks:
        for module, owner in products:
            if owner not in packages:
                packages[owner] = third_party_requirement(package, owner)
        dependencies = ", ".join(f'.product(name: "{m}", package: "{o}")' for m, o in products)
        plugin_list = ", ".join(f'.plugin(name: "{p}", package: "{o}")' for p, o in plugins)
        targets.append(
            f'        .executableTarget(\n'
            f'            name: "{name}", dependencies: [{dependencies}], path: "{name}",\n'
            f'            resources: [.copy("Resources")], swiftSettings: settings, plugins: [{plugin_list}]),')
    lines = [
        "// swift-tools-version: 6.1",
        "// Generated by Scripts/doc-blocks.py from the documentation's Swift blocks: do not edit.",
        "// Each block is an executable target, built with warnings as errors in Swift 6 mode, so",
        "// the code users read is known to compile (`swift build --package-path DocBlocks`, .ci/run).",
        "import PackageDescription",
        "",
        "let settings: [SwiftSetting] = [",
        '    .unsafeFlags(["-warnings-as-errors"]),',
        '    .enableUpcomingFeature("ExistentialAny"),',
        '    .enableUpcomingFeature("MemberImportVisibility"),',
        "]",
        "",
        "let package = Package(",
        '    name: "DocBlocks",',
        "    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],",
        "    dependencies: [",
    ]
    lines += [f"        {packages[k]}," for k in sorted(packages)]
    lines += ["    ],", "    targets: ["] + targets + ["    ],", "    swiftLanguageModes: [.v6]", ")", ""]
    return "\n".join(lines)


def main():
    arguments = sys.argv[1:]
    listing = "--list" in arguments
    check_only = "--check" in arguments
    # Documents are read relative to the working folder: the project, or the folder --check names.
    folder = ROOT
    if check_only:
        rest = arguments[arguments.index("--check") + 1:]
        if not rest or not os.path.isdir(rest[0]):
            print("usage: Scripts/doc-blocks.py --check DIR (DIR: a folder of documents)", file=sys.stderr)
            return 64
        folder = rest[0]
    os.chdir(folder)
    compiled, marked, errors = [], [], []
    for path in documents():
        try:
            blocks = list(blocks_in(path))
        except BlockError as error:  # a fence that never closes: nothing after it can be read
            errors.append(str(error))
            continue
        for line, lang, code, marker in blocks:
            if lang != "swift":
                continue
            try:
                kind, detail = parse_marker(path, marker)
                if kind == "illustration":
                    marked.append((path, line, detail))
                    continue
                source, modules = assemble(path, line, code, detail)
                package = package_for(path, line, modules)
            except BlockError as error:
                errors.append(str(error))
                continue
            dependencies = dependency_lines(modules, uses_generated_keys(code))
            compiled.append((path, line, package, target_name(path, line), source, dependencies))
    if errors:
        for error in errors:
            print(error, file=sys.stderr)
        return 1

    manifests = {}
    try:
        for package in sorted({c[2] for c in compiled}):
            manifests[package] = manifest(package, [(c[3], *c[5]) for c in compiled if c[2] == package])
    except BlockError as error:
        print(error, file=sys.stderr)
        return 1
    if check_only:
        for package, text in manifests.items() if "--manifests" in arguments else []:
            print(f"--- {os.path.normpath(os.path.join(package, 'DocBlocks', 'Package.swift'))}\n{text}")
        print(f"doc-blocks: {len(compiled)} Swift blocks to compile; {len(marked)} marked as illustrations.")
        return 0
    for package in PACKAGES:
        folder = os.path.join(ROOT, package, "DocBlocks")
        if os.path.isdir(folder):
            # Everything but the build folder a previous build left, which the next one reuses.
            for entry in os.listdir(folder):
                if entry not in (".build", "Package.resolved"):
                    path = os.path.join(folder, entry)
                    shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
    for path, line, package, name, source, dependencies in compiled:
        folder = os.path.join(ROOT, package, "DocBlocks", name)
        os.makedirs(folder)
        with open(os.path.join(folder, "main.swift"), "w", encoding="utf-8") as f:
            f.write(source)
        shutil.copytree(RESOURCES, os.path.join(folder, "Resources"))
    for package, text in manifests.items():
        with open(os.path.join(ROOT, package, "DocBlocks", "Package.swift"), "w", encoding="utf-8") as f:
            f.write(text)
    for path, line, package, name, _, dependencies in compiled if listing else []:
        print(f"compiled   {path}:{line} -> {os.path.normpath(os.path.join(package, 'DocBlocks', name))}")
    for path, line, reason in marked if listing else []:
        print(f"marked     {path}:{line} ({reason})")
    per_package = {}
    for _, _, package, *_ in compiled:
        per_package[package] = per_package.get(package, 0) + 1
    summary = ", ".join(f"{n} in {p if p != '.' else 'the root package'}" for p, n in sorted(per_package.items()))
    print(f"doc-blocks: {len(compiled)} Swift blocks to compile ({summary}); {len(marked)} marked as illustrations.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
