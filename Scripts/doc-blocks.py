#!/usr/bin/env python3
"""Extracts every ```swift block of the documentation into a target of its own, so the build
checks that the code users read still compiles (Swift 6 mode, warnings as errors).

Reads README.md, docs/*.md, every *.md in a DocC catalog (Sources/*/*.docc,
Integrations/*/Sources/*/*.docc) and the integrations' READMEs. A block is compiled unless
the line above its fence marks it:

    <!-- doc-block: illustration (why it cannot compile on Linux) -->
    <!-- doc-block: prelude=localizer -->      (prepends Scripts/doc-blocks/localizer.swift)

Each compiled block becomes `<package>/DocBlocks/<Name>/main.swift`, written into the package
that holds the modules it imports (the root package, or one in Integrations/), with a copy of the
example app's catalogs (Examples/QuizApp/Sources/QuizKit/Resources) beside it. With PARLANCE_DOC_BLOCKS=1 in the environment, that
package's manifest adds one executable target per folder, built with warnings as errors.

Usage: Scripts/doc-blocks.py [--list]     (writes the folders; --list prints each block)
       Scripts/doc-blocks.py --check DIR   (reads DIR's documents instead, writes nothing)
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
ROOT_MODULES = {"Parlance", "ParlanceSync", "ParlanceServer", "ParlanceTooling"}
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


def dependency_lines(package, modules, uses_typed_keys):
    """What the manifest reads from dependencies.txt: `Name` for a target of the block's own
    package, `Name@package` for a product, `plugin:Name[@package]` for a build-tool plugin."""
    lines = set()
    for module in modules:
        if package == "." and module in ROOT_MODULES:
            lines.add(module)
        elif module in ROOT_MODULES:
            lines.add(f"{module}@Parlance")
        elif module in INTEGRATION_OF:
            lines.add(module)
        elif module in THIRD_PARTY:
            lines.add(f"{module}@{THIRD_PARTY[module]}")
    if uses_typed_keys:
        # Typed keys come from the generator plugin over the example's catalogs, as in an app.
        # The generated file imports Parlance, so the block links it whatever it imports.
        lines.add("plugin:ParlanceGenerate" + ("" if package == "." else "@Parlance"))
        lines.add("Parlance" if package == "." else "Parlance@Parlance")
    return sorted(lines)


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
            dependencies = dependency_lines(package, modules, uses_generated_keys(code))
            compiled.append((path, line, package, target_name(path, line), source, dependencies))
    if errors:
        for error in errors:
            print(error, file=sys.stderr)
        return 1

    if check_only:
        print(f"doc-blocks: {len(compiled)} Swift blocks to compile; {len(marked)} marked as illustrations.")
        return 0
    for package in sorted({c[2] for c in compiled}):
        with open(os.path.join(ROOT, package, "Package.swift"), encoding="utf-8") as f:
            if "PARLANCE_DOC_BLOCKS" not in f.read():
                print(f"doc-blocks: error: {os.path.normpath(os.path.join(package, 'Package.swift'))} has blocks "
                      "to compile but does not add DocBlocks/ targets under PARLANCE_DOC_BLOCKS", file=sys.stderr)
                return 1
    for package in PACKAGES:
        folder = os.path.join(ROOT, package, "DocBlocks")
        if os.path.isdir(folder):
            shutil.rmtree(folder)
    for path, line, package, name, source, dependencies in compiled:
        folder = os.path.join(ROOT, package, "DocBlocks", name)
        os.makedirs(folder)
        with open(os.path.join(folder, "main.swift"), "w", encoding="utf-8") as f:
            f.write(source)
        shutil.copytree(RESOURCES, os.path.join(folder, "Resources"))
        with open(os.path.join(folder, "dependencies.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(dependencies) + "\n")
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
