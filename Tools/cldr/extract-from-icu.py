#!/usr/bin/env python3
"""Rebuild CLDR's plurals.xml and ordinals.xml from the plural data ICU ships.

Run once by hand to refresh Tools/cldr/; regeneration of the Swift code never needs it.
ICU's data file holds CLDR's plural rules verbatim, samples included, in its resource
bundle `plurals` (tables `locales`, `locales_ordinals` and `rules`). Reading that bundle
gives the newest CLDR that reaches this machine offline: the PyPI wheel icukit-pyicu
78.3.1 bundles ICU 78.3, built from CLDR 48.

    pip download --no-deps -d /tmp/icu icukit-pyicu==78.3.1
    cd /tmp/icu && unzip -q icukit_pyicu-78.3.1-*.whl
    PYTHONPATH=/tmp/icu python3 Tools/cldr/extract-from-icu.py Tools/cldr

The output follows CLDR's own file layout (one <pluralRules> element per rule set, in
ICU's set order, which is the order of CLDR's files; locales sorted; categories in CLDR's
order), so the generator reads it exactly as it would read CLDR's files.
"""
import sys
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

import icu  # PyICU

CATEGORY_ORDER = ["zero", "one", "two", "few", "many", "other"]


def table(bundle):
    entries = {}
    bundle.resetIterator()
    while bundle.hasNext():
        entry = bundle.getNext()
        entries[entry.getKey()] = entry
    return entries


def write(path, kind, locales, rules, versions):
    by_set = {}
    for locale, entry in locales.items():
        by_set.setdefault(entry.getString(), []).append(locale)
    lines = [
        '<?xml version="1.0" encoding="UTF-8" ?>',
        '<!DOCTYPE supplementalData SYSTEM "../../common/dtd/ldmlSupplemental.dtd">',
        "<!--",
        "Copyright © 1991-2025 Unicode, Inc.",
        "CLDR data files are interpreted according to the LDML specification (http://unicode.org/reports/tr35/)",
        "For terms of use, see http://www.unicode.org/copyright.html",
        "",
        f"Rebuilt by Tools/cldr/extract-from-icu.py from the resource bundle 'plurals' of ICU {versions['icu']}",
        f"(CLDR {versions['cldr']}); rule and sample text is ICU's copy of CLDR's, unchanged.",
        "-->",
        "<supplementalData>",
        f'    <version cldrVersion="{versions["cldr"]}"/>',
        f'    <plurals type="{kind}">',
    ]
    for set_name in sorted(by_set, key=lambda name: int(name[3:])):
        members = " ".join(sorted(by_set[set_name]))
        lines.append(f"        <pluralRules locales={quoteattr(members)}>")
        entries = table(rules[set_name])
        unknown = set(entries) - set(CATEGORY_ORDER)
        if unknown:
            sys.exit(f"error: {set_name} has unknown categories {sorted(unknown)}.")
        for category in CATEGORY_ORDER:
            if category in entries:
                text = entries[category].getString()
                lines.append(f'            <pluralRule count="{category}">{escape(text)}</pluralRule>')
        lines.append("        </pluralRules>")
    lines += ["    </plurals>", "</supplementalData>", ""]
    Path(path).write_text("\n".join(lines), encoding="utf-8")


def main():
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    bundle = icu.ResourceBundle("", icu.Locale("plurals"))
    parts = table(bundle)
    rules = table(parts["rules"])
    versions = {"icu": icu.ICU_VERSION, "cldr": cldr_version()}
    write(out / "plurals.xml", "cardinal", table(parts["locales"]), rules, versions)
    write(out / "ordinals.xml", "ordinal", table(parts["locales_ordinals"]), rules, versions)


def cldr_version():
    # ICU's root locale bundle carries the CLDR release its data was built from ("48").
    return icu.ResourceBundle("", icu.Locale("root")).get("Version").getString()


if __name__ == "__main__":
    main()
