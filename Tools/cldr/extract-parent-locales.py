#!/usr/bin/env python3
"""Writes Tools/cldr/parentLocales.xml from Babel's copy of CLDR.

    pip download --no-deps -d /tmp/babel babel==2.18.0 && unzip -q -d /tmp/babel /tmp/babel/*.whl
    python3 Tools/cldr/extract-parent-locales.py /tmp/babel/babel/global.dat

Babel 2.18.0 carries CLDR 47. Its global.dat holds CLDR's parentLocales as
"parent_exceptions" (child -> parent), without the locales whose parent is root
(those are the ones with a script that is not the language's default; Parlance
derives that rule from likely subtags instead). This script is run by hand when
CLDR is updated; CI only runs the generator over the committed XML.
"""
import pickle
import sys
from collections import defaultdict

CLDR_VERSION = "47"
BABEL_VERSION = "2.18.0"


def main() -> None:
    with open(sys.argv[1], "rb") as handle:
        data = pickle.load(handle)
    by_parent = defaultdict(list)
    for child, parent in data["parent_exceptions"].items():
        by_parent[parent].append(child)
    lines = [
        '<?xml version="1.0" encoding="UTF-8" ?>',
        f"<!-- CLDR {CLDR_VERSION} parentLocales (without root parents), extracted by",
        f"     Tools/cldr/extract-parent-locales.py from Babel {BABEL_VERSION}'s global.dat.",
        "     Copyright (c) 1991-2025 Unicode, Inc.; see LICENSE. -->",
        f'<supplementalData cldrVersion="{CLDR_VERSION}">',
        "\t<parentLocales>",
    ]
    for parent in sorted(by_parent):
        children = " ".join(sorted(by_parent[parent]))
        lines.append(f'\t\t<parentLocale parent="{parent}" locales="{children}"/>')
    lines += ["\t</parentLocales>", "</supplementalData>", ""]
    with open("Tools/cldr/parentLocales.xml", "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))


if __name__ == "__main__":
    main()
