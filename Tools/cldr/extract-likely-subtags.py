#!/usr/bin/env python3
"""Rebuild CLDR's likelySubtags.xml (CLDR 48) from ICU 78, keyed by Babel's CLDR 47 table.

Run once by hand to refresh Tools/cldr/likelySubtags.xml; CI never runs it. It needs the
PyPI wheel icukit-pyicu 78.3.1 (ICU 78.3, built from CLDR 48) and Babel 2.18.0's global.dat
(CLDR 47), both unzipped; the system's PyICU is too old.

    pip download --no-deps -d /tmp/icu icukit-pyicu==78.3.1
    cd /tmp/icu && unzip -q icukit_pyicu-78.3.1-*.whl && cd -
    pip download --no-deps -d /tmp/babel babel==2.18.0 && unzip -q -d /tmp/babel /tmp/babel/*.whl
    PYTHONPATH=/tmp/icu python3 Tools/cldr/extract-likely-subtags.py /tmp/babel/babel/global.dat Tools/cldr

It takes about two minutes (it asks ICU about 3.7 million locale ids) and prints what it
found. ICU 78 does not keep CLDR's table: its langInfo bundle holds only a compiled trie
(langInfo/likely/trie, language -> script -> region), which PyICU cannot open and which is
not the table anyway. So the table is computed:

1. Keys: Babel's CLDR 47 keys, every language ICU knows (Locale.getISOLanguages() and the
   languages of Locale.getAvailableLocales()) and every language found in a value. Each
   value is ICU 78's Locale(key).addLikelySubtags(). A key stays only if ICU gives language,
   script and region (an empty language is CLDR's "und"). A key whose language ICU replaces
   by an alias stays only if the code was already deprecated in CLDR 47, which listed it
   with the deprecated code on both sides (iw, in, ji, jw, mo, tl; UTS #35 allows that);
   its value keeps the deprecated code. Codes deprecated since (dek, nte) are left out.
   A CLDR 47 key whose new value is nothing but the "und" default (en_Latn_US with the
   key's own subtags) is gone from CLDR 48 and is left out.
2. Probes: und_S, und_R, then L_S and L_R for every language L in the table, then und_S_R,
   for every script S and region R ICU knows. Where ICU's answer differs from the UTS #35
   lookup over the table (and, for und_S_R, also from ICU's own script-first walk over
   it), CLDR 48 must have an entry for that input: it is added.
3. Self-check: ICU against the UTS #35 lookup for every key and every probe.

The output follows CLDR's layout: one <likelySubtag from=… to=…/> per line, sorted by from.
"""
import pickle
import sys
from pathlib import Path

import icu  # PyICU

BABEL_VERSION = "2.18.0"


def parse(tag):
    parts = tag.split("_")
    language, script, region = parts[0] or "und", "", ""
    for part in parts[1:]:
        if len(part) == 4:
            script = part
        elif part:
            region = part
    return language, script, region


def join(*subtags):
    return "_".join(subtag for subtag in subtags if subtag)


def maximize(tag):
    """ICU 78's add-likely-subtags, as (language, script, region); "und" for no language."""
    locale = icu.Locale(tag).addLikelySubtags()
    return locale.getLanguage() or "und", locale.getScript(), locale.getCountry()


def lookup(table, tag):
    """UTS #35 Part 1, "Likely Subtags", Add Likely Subtags after canonicalisation.

    Look up L_S_R, L_R, L_S, L, und_S in that order (for L = und the first four already
    are und_S_R, und_R, und_S, und); take each subtag from the input if it has one, else
    from the match. Returns (result, matched key), or (None, None) when nothing matches.
    """
    language, script, region = parse(tag)
    candidates = []
    if script and region:
        candidates.append(join(language, script, region))
    if region:
        candidates.append(join(language, region))
    if script:
        candidates.append(join(language, script))
    candidates.append(language)
    if script and language != "und":
        candidates.append(join("und", script))
    for key in candidates:
        if key in table:
            m_language, m_script, m_region = parse(table[key])
            result = (m_language if language == "und" else language, script or m_script, region or m_region)
            return join(*result), key
    return None, None


def icu_style(table, tag):
    """ICU's own walk for und_S_R: und_S_R, then und_S (script first), then und_R, then und."""
    _, script, region = parse(tag)
    for key in (join("und", script, region), join("und", script), join("und", region), "und"):
        if key in table:
            m_language, m_script, m_region = parse(table[key])
            return join(m_language, script or m_script, region or m_region)
    return None


def icu_scripts():
    codes, index = [], 0
    while True:
        try:
            name = icu.Script(index).getShortName()
        except Exception:  # past the last UScriptCode
            break
        if not name:
            break
        codes.append(name)
        index += 1
    return sorted(set(codes) - {"Zzzz"})  # ICU drops Zzzz before looking up


def icu_regions():
    regions = set()
    for kind in ("WORLD", "CONTINENT", "SUBCONTINENT", "GROUPING", "TERRITORY"):
        regions.update(str(region) for region in icu.Region.getAvailable(getattr(icu.URegionType, kind)))
    return sorted(regions - {"ZZ"})  # ICU drops ZZ before looking up


def build(cldr47, aliases47):
    dropped, table, seen = {}, {}, set()

    def expand(keys):
        # Every language that turns up in a value becomes a key too, as in CLDR's file.
        while keys - seen:
            for key in sorted(keys - seen):
                seen.add(key)
                language = parse(key)[0]
                m_language, m_script, m_region = maximize(key)
                if not (m_script and m_region):
                    dropped[key] = "ICU 78 knows no likely subtags for it"
                elif m_language != language and language != "und":
                    if key in cldr47 and language in aliases47:
                        table[key] = join(language, m_script, m_region)  # legacy code on both sides
                    else:
                        dropped[key] = f"deprecated: ICU 78 replaces it by {m_language}"
                else:
                    table[key] = join(m_language, m_script, m_region)
                    keys.add(m_language)

    def probe(tags, rule):
        for tag in tags:
            if tag not in table:
                got = join(*maximize(tag))
                if got != lookup(table, tag)[0] and rule(tag, got):
                    table[tag] = got

    expand(set(cldr47) | set(icu.Locale.getISOLanguages())
           | {icu.Locale(name).getLanguage() for name in icu.Locale.getAvailableLocales()})
    for key in sorted(key for key in table if key in cldr47 and table[key] != cldr47[key]):
        rest = {k: v for k, v in table.items() if k != key}
        if key != "und" and lookup(rest, key) == (table[key], "und"):
            dropped[key] = f"ICU 78 gives only the und default {table.pop(key)}"
    scripts, regions = icu_scripts(), icu_regions()
    probe([f"und_{s}" for s in scripts] + [f"und_{r}" for r in regions], lambda tag, got: True)
    probed = set()
    while True:  # until nothing new turns up
        size = len(table)
        expand({parse(value)[0] for value in table.values()})
        # Languages ICU replaces by an alias (iw, …) would only show the alias's data.
        languages = sorted(l for l in {parse(k)[0] for k in table} - {"und"} - probed if maximize(l)[0] == l)
        probe([f"{l}_{x}" for l in languages for x in scripts + regions], lambda tag, got: True)
        probed.update(languages)
        probe([f"und_{s}_{r}" for s in scripts for r in regions], lambda tag, got: got != icu_style(table, tag))
        if len(table) == size:
            break
    added = {key: value for key, value in table.items() if key not in cldr47}
    return table, {"dropped": dropped, "added": added}, (scripts, regions, sorted(probed))


def self_check(table, probes):
    scripts, regions, languages = probes
    keys = {"agree": 0, "differ": []}
    for key in sorted(table):
        got = join(*maximize(key))
        if got == lookup(table, key)[0]:
            keys["agree"] += 1
        else:
            keys["differ"].append((key, table[key], got))
    tags = [f"und_{x}" for x in scripts + regions] + [f"{l}_{x}" for l in languages for x in scripts + regions]
    tags += [f"und_{s}_{r}" for s in scripts for r in regions]
    found = {"agree": 0, "script-first": [], "differ": []}
    for tag in tags:
        if tag in table:
            continue
        got, expected = join(*maximize(tag)), lookup(table, tag)[0]
        if got == expected:
            found["agree"] += 1
        elif tag.startswith("und_") and tag.count("_") == 2 and got == icu_style(table, tag):
            found["script-first"].append((tag, expected, got))
        else:
            found["differ"].append((tag, expected, got))
    return keys, found


def write(path, table, versions):
    lines = [
        '<?xml version="1.0" encoding="UTF-8" ?>',
        '<!DOCTYPE supplementalData SYSTEM "../../common/dtd/ldmlSupplemental.dtd">',
        "<!--",
        "Copyright © 1991-2025 Unicode, Inc.",
        "CLDR data files are interpreted according to the LDML specification (http://unicode.org/reports/tr35/)",
        "For terms of use, see http://www.unicode.org/copyright.html",
        "",
        f"Rebuilt by Tools/cldr/extract-likely-subtags.py: every 'to' is what ICU {versions['icu']}",
        f"(CLDR {versions['cldr']}) gives for 'from' with addLikelySubtags(); the 'from' keys are",
        f"CLDR {versions['babel_cldr']}'s (from Babel {BABEL_VERSION}) that ICU still maximizes, plus new",
        "languages and the inputs ICU maximizes differently from a lookup over this table.",
        "ICU does not ship CLDR's table itself, so this is not a copy of CLDR's file.",
        "-->",
        "<supplementalData>",
        f'    <version cldrVersion="{versions["cldr"]}"/>',
        "    <likelySubtags>",
    ]
    for key in sorted(table):
        lines.append(f'        <likelySubtag from="{key}" to="{table[key]}"/>')
    lines += ["    </likelySubtags>", "</supplementalData>", ""]
    Path(path).write_text("\n".join(lines), encoding="utf-8")


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: extract-likely-subtags.py BABEL_GLOBAL_DAT [OUTPUT_DIR]")
    with open(sys.argv[1], "rb") as handle:
        babel = pickle.load(handle)
    out = Path(sys.argv[2] if len(sys.argv) > 2 else "Tools/cldr")
    cldr = icu.ResourceBundle("", icu.Locale("root")).get("Version").getString()
    versions = {"icu": icu.ICU_VERSION, "cldr": cldr, "babel_cldr": babel["cldr"]["version"]}
    if not icu.ICU_VERSION.startswith("78."):
        print(f"warning: ICU {icu.ICU_VERSION}, not the 78.x this file was made with", file=sys.stderr)
    cldr47 = babel["likely_subtags"]
    table, log, probes = build(cldr47, babel["language_aliases"])
    write(out / "likelySubtags.xml", table, versions)

    print(f"ICU {versions['icu']} (CLDR {cldr}); Babel CLDR {versions['babel_cldr']} has {len(cldr47)} keys")
    print(f"wrote {len(table)} entries to {out / 'likelySubtags.xml'}")
    raw = [(k, v, join(*maximize(k))) for k, v in sorted(cldr47.items()) if join(*maximize(k)) != v]
    print(f"\nCLDR {versions['babel_cldr']} keys that ICU {versions['icu']} maximizes differently ({len(raw)}):")
    for key, old, new in raw:
        print(f"  {key}: {old} -> {new}")
    changed = [(k, cldr47[k], table[k]) for k in sorted(table) if k in cldr47 and cldr47[k] != table[k]]
    print(f"\nof these, kept with a new value ({len(changed)}):")
    for key, old, new in changed:
        print(f"  {key}: {old} -> {new}")
    print(f"\nkeys left out ({len(log['dropped'])}):")
    for key, why in sorted(log["dropped"].items()):
        print(f"  {key}{' (CLDR ' + versions['babel_cldr'] + ': ' + cldr47[key] + ')' if key in cldr47 else ''}: {why}")
    print(f"\nkeys added: ICU's answer needs an entry, or a new language in a value ({len(log['added'])}):")
    for key, value in sorted(log["added"].items()):
        print(f"  {key} -> {value}")
    keys, found = self_check(table, probes)
    print(f"\nself-check, keys: {keys['agree']} agree with the UTS #35 lookup, {len(keys['differ'])} differ")
    for key, ours, got in keys["differ"]:
        print(f"  {key}: table {ours}, ICU {got}")
    print(f"self-check, probes: {found['agree']} agree; {len(found['script-first'])} und_S_R differ only because"
          f" ICU tries und_S before und_R; {len(found['differ'])} other differences")
    for tag, expected, got in found["script-first"][:5] + found["differ"][:30]:
        print(f"  {tag}: lookup {expected}, ICU {got}")


if __name__ == "__main__":
    main()
