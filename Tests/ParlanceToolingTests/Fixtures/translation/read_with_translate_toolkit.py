#!/usr/bin/env python3
"""Reads translation files with translate-toolkit (PyPI translate-toolkit) and prints, as JSON,
what its parsers see: for each file, each unit's id or context, source and target forms,
and for .po files the Plural-Forms header. Parlance's tests compare this with their own units.

    python3 read_with_translate_toolkit.py FILE...
"""
import json
import sys

from translate.storage import factory


def strings(value):
    if value is None:
        return []
    if hasattr(value, "strings"):
        return [str(s) for s in value.strings]
    return [str(value)]


def main():
    out = []
    for path in sys.argv[1:]:
        store = factory.getobject(path)
        units = []
        for unit in store.units:
            if unit.isheader():
                continue
            units.append({
                "id": unit.getid(),
                "context": unit.getcontext() if hasattr(unit, "getcontext") else "",
                "source": strings(unit.source),
                "target": strings(unit.target),
                "plural": bool(unit.hasplural()),
                "fuzzy": bool(unit.isfuzzy()),
            })
        entry = {"file": path, "units": units}
        if hasattr(store, "getheaderplural"):
            nplurals, plural = store.getheaderplural()
            entry["nplurals"] = nplurals
            entry["plural"] = plural
        out.append(entry)
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
