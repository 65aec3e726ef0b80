#!/usr/bin/env python3
"""Generate Parlance's plural rules from CLDR's plurals.xml and ordinals.xml.

    python3 Tools/generate-plural-rules.py [--cldr DIR] [--output-root DIR]

Reads DIR/plurals.xml and DIR/ordinals.xml (default Tools/cldr) and writes, under the
output root (default: the package root):

    Sources/ParlanceCatalogs/Plurals/PluralRules+CLDR.generated.swift
        one Swift function per distinct rule set, the locale tables, the categories;
    Tests/ParlanceCatalogsTests/Plurals/PluralSamples.generated.swift
        every @integer and @decimal sample CLDR lists, ranges expanded.

Python 3 standard library only, so CI can run it on a bare Debian. The output depends on
the input files alone: running it twice gives the same bytes.

Rule syntax (UTS #35, Part 3, Language Plural Rules):
    condition       = and_condition ('or' and_condition)*
    and_condition   = relation ('and' relation)*
    relation        = expr ('=' | '!=') range_list
                    | expr 'is' 'not'? value
                    | expr 'not'? 'in' range_list
                    | expr 'not'? 'within' range_list
    expr            = operand (('mod' | '%') value)?
    operand         = 'n' | 'i' | 'f' | 't' | 'v' | 'w' | 'c' | 'e'
    range_list      = (value '..' value | value) (',' range_list)*
"""
import argparse
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

CATEGORY_ORDER = ["zero", "one", "two", "few", "many", "other"]
RUNTIME_FILE = "Sources/ParlanceCatalogs/Plurals/PluralRules+CLDR.generated.swift"
SAMPLES_FILE = "Tests/ParlanceCatalogsTests/Plurals/PluralSamples.generated.swift"
INPUT_FILES = ["plurals.xml", "ordinals.xml"]
# PluralOperands keeps i, f and t exact modulo 10^18 (see PluralOperands.swift), so a
# modulus on them must divide 10^18.
EXACT_MODULUS = 10**18
# A range with more members than this is checked at both ends and a few points inside.
MAX_EXPANDED_RANGE = 24


class RuleError(Exception):
    pass


# MARK: - Reading CLDR

class RuleGroup:
    """One <pluralRules> element: locales sharing rules and samples."""

    def __init__(self, kind, locales, rules):
        self.kind = kind            # "cardinal" or "ordinal"
        self.locales = locales      # CLDR ids, as written
        self.rules = rules          # [(category, condition text, integer samples, decimal samples)]

    def signature(self):
        return tuple((c, " ".join(cond.split())) for c, cond, _, _ in self.rules)


def read_groups(path, kind):
    root = ET.parse(path).getroot()
    version = root.find("version")
    cldr_version = version.get("cldrVersion") if version is not None else None
    plurals = root.find("plurals")
    if plurals is None or plurals.get("type") != kind:
        raise RuleError(f"{path}: expected <plurals type=\"{kind}\">.")
    groups = []
    for element in plurals.findall("pluralRules"):
        locales = element.get("locales", "").split()
        rules = []
        for rule in element.findall("pluralRule"):
            category = rule.get("count")
            if category not in CATEGORY_ORDER:
                raise RuleError(f"{path}: unknown category \"{category}\" for {locales}.")
            condition, integers, decimals = split_samples(rule.text or "")
            rules.append((category, condition, integers, decimals))
        rules.sort(key=lambda r: CATEGORY_ORDER.index(r[0]))
        if not rules or rules[-1][0] != "other" or rules[-1][1]:
            raise RuleError(f"{path}: {locales} must end with an unconditional \"other\".")
        groups.append(RuleGroup(kind, locales, rules))
    return cldr_version, groups


def split_samples(text):
    condition, integers, decimals = text, [], []
    match = re.search(r"@(integer|decimal)", text)
    if match:
        condition = text[: match.start()]
        for part in re.split(r"(?=@(?:integer|decimal))", text[match.start():]):
            part = part.strip()
            if part.startswith("@integer"):
                integers = sample_list(part[len("@integer"):])
            elif part.startswith("@decimal"):
                decimals = sample_list(part[len("@decimal"):])
    return condition.strip(), integers, decimals


def sample_list(text):
    return [s.strip() for s in text.split(",") if s.strip()]


# MARK: - Parsing rules

TOKEN = re.compile(r"\s*(\.\.|!=|=|%|,|[a-z]+|\d+)")


def tokenize(text):
    tokens, position = [], 0
    text = text.strip()
    while position < len(text):
        match = TOKEN.match(text, position)
        if not match:
            raise RuleError(f"unexpected text \"{text[position:]}\" in rule \"{text}\".")
        tokens.append(match.group(1))
        position = match.end()
    return tokens


class Parser:
    def __init__(self, text):
        self.text, self.tokens, self.position = text, tokenize(text), 0

    def peek(self):
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self, *expected):
        token = self.peek()
        if token is None or (expected and token not in expected):
            wanted = " or ".join(f"\"{e}\"" for e in expected) or "more"
            raise RuleError(f"expected {wanted} at \"{token}\" in rule \"{self.text}\".")
        self.position += 1
        return token

    def condition(self):
        """Returns [[relation]]: a disjunction of conjunctions."""
        ors = [self.and_condition()]
        while self.peek() == "or":
            self.take("or")
            ors.append(self.and_condition())
        if self.peek() is not None:
            raise RuleError(f"unexpected \"{self.peek()}\" in rule \"{self.text}\".")
        return ors

    def and_condition(self):
        ands = [self.relation()]
        while self.peek() == "and":
            self.take("and")
            ands.append(self.relation())
        return ands

    def relation(self):
        operand = self.take("n", "i", "f", "t", "v", "w", "c", "e")
        modulus = None
        if self.peek() in ("mod", "%"):
            self.take()
            modulus = self.value()
            if modulus == 0:
                raise RuleError(f"modulus 0 in rule \"{self.text}\".")
        token = self.take("=", "!=", "is", "in", "not", "within")
        negated, kind = False, "in"
        if token == "!=":
            negated = True
        elif token == "is":
            if self.peek() == "not":
                self.take("not")
                negated = True
            value = self.value()
            return (operand, modulus, negated, "in", [(value, value)])
        elif token == "not":
            negated = True
            kind = "within" if self.take("in", "within") == "within" else "in"
        elif token == "within":
            kind = "within"
        return (operand, modulus, negated, kind, self.range_list())

    def range_list(self):
        ranges = [self.range()]
        while self.peek() == ",":
            self.take(",")
            ranges.append(self.range())
        return ranges

    def range(self):
        low = self.value()
        high = low
        if self.peek() == "..":
            self.take("..")
            high = self.value()
            if high < low:
                raise RuleError(f"empty range {low}..{high} in rule \"{self.text}\".")
        return (low, high)

    def value(self):
        token = self.take()
        if not token.isdigit():
            raise RuleError(f"expected a number at \"{token}\" in rule \"{self.text}\".")
        return int(token)


# MARK: - Swift for conditions

FIELDS = {"i": "o.i", "f": "o.f", "t": "o.t", "v": "o.v", "w": "o.w", "c": "o.c", "e": "o.c"}


def swift_condition(text):
    # `&&` binds tighter than `||` in Swift as in CLDR's grammar: no parentheses needed.
    ors = Parser(text).condition()
    return " || ".join(" && ".join(swift_relation(rel, text) for rel in ands) for ands in ors)


def swift_relation(relation, text):
    operand, modulus, negated, kind, ranges = relation
    if operand == "n" and kind == "within":
        # The only relation that sees non-integer values: compare the Double itself.
        subject = "o.n" if modulus is None else f"o.n.truncatingRemainder(dividingBy: {modulus})"
        test = membership(subject, ranges, floating=True)
    elif operand == "n":
        # `n = x` with integer x holds only for integral n, whose value is i:
        # so test i, and that no visible fraction digit is non-zero.
        test = f"(o.f == 0 && {membership(modded('o.i', modulus, 'n', text), ranges)})"
    else:
        # On integer operands `within` and `in` agree.
        test = membership(modded(FIELDS[operand], modulus, operand, text), ranges)
    if not negated:
        return test
    for equal, unequal in ((" == ", " != "), (" <= ", " > ")):
        if re.fullmatch(r"[\w.% ]+" + equal + r"\d+", test):
            return test.replace(equal, unequal)
    return f"!{test}" if wrapped(test) else f"!({test})"


def wrapped(text):
    """Whether `text` is one parenthesised group, so `!` can stand right before it."""
    if not text.startswith("("):
        return False
    depth = 0
    for index, character in enumerate(text):
        depth += {"(": 1, ")": -1}.get(character, 0)
        if depth == 0:
            return index == len(text) - 1
    return False


def modded(field, modulus, operand, text):
    if modulus is None:
        return field
    if operand in ("n", "i", "f", "t") and EXACT_MODULUS % modulus != 0:
        raise RuleError(f"modulus {modulus} on \"{operand}\" does not divide 10^18 in rule \"{text}\".")
    return f"{field} % {modulus}"


def membership(subject, ranges, floating=False):
    parts = []
    for low, high in ranges:
        if low == high:
            parts.append(f"{subject} == {number(low, floating)}")
        elif low == 0 and not floating:
            parts.append(f"{subject} <= {high}")
        else:
            parts.append(f"({number(low, floating)}...{number(high, floating)}).contains({subject})")
    return parts[0] if len(parts) == 1 else "(" + " || ".join(parts) + ")"


def number(value, floating):
    return f"{value}.0" if floating else str(value)


# MARK: - gettext for conditions

# gettext's Plural-Forms sees only a whole number n: CLDR's i is n, and every operand that
# describes visible fraction digits or an exponent (v, w, f, t, c, e) is 0.
ZERO_OPERANDS = ("v", "w", "f", "t", "c", "e")


def gettext_condition(text):
    """The condition as a C expression over a whole n, or True/False when it is constant."""
    ors = []
    for ands in Parser(text).condition():
        parts = []
        for relation in ands:
            test = gettext_relation(relation)
            if test is False:
                parts = False
                break
            if test is not True:
                parts.append(test)
        if parts is False:
            continue
        if not parts:
            return True
        ors.append(parts)
    if not ors:
        return False
    if len(ors) == 1:
        return " && ".join(ors[0])
    return " || ".join(parts[0] if len(parts) == 1 else "(" + " && ".join(parts) + ")" for parts in ors)


def gettext_relation(relation):
    operand, modulus, negated, _, ranges = relation
    if operand in ZERO_OPERANDS:
        value = 0
        inside = any(low <= value <= high for low, high in ranges)
        return inside != negated
    subject = "n" if modulus is None else f"n % {modulus}"
    parts = []
    for low, high in ranges:
        if low == high:
            parts.append(f"{subject} != {low}" if negated else f"{subject} == {low}")
        elif negated:
            parts.append(f"({subject} < {low} || {subject} > {high})")
        else:
            parts.append(f"({subject} >= {low} && {subject} <= {high})")
    if len(parts) == 1:
        return parts[0]
    joined = (" && " if negated else " || ").join(parts)
    return f"({joined})"


def gettext_plural_forms(signature):
    """`nplurals=N; plural=EXPR;` choosing, for each whole n, the index of its CLDR category."""
    branches = []
    for index, (_, condition) in enumerate(signature[:-1]):
        test = gettext_condition(condition)
        if test is False:
            continue
        if test is True:
            branches.append((None, index))
            break
        branches.append((test, index))
    else:
        branches.append((None, len(signature) - 1))
    expression = ""
    for test, index in reversed(branches):
        if test is None:
            expression = str(index)
        else:
            expression = f"{test} ? {index} : {expression}" if expression else str(index)
    return f"nplurals={len(signature)}; plural={expression};"


# MARK: - Samples

SAMPLE = re.compile(r"^(\d+)(?:\.(\d+))?(?:[ce](\d+))?$")


def expand_samples(samples):
    out = []
    for sample in samples:
        if sample in ("…", "..."):
            continue
        if "~" in sample:
            out.extend(expand_range(*sample.split("~")))
        else:
            check_sample(sample)
            out.append(sample)
    return out


def check_sample(sample):
    if not SAMPLE.match(sample):
        raise RuleError(f"unreadable sample \"{sample}\".")


def expand_range(low, high):
    check_sample(low)
    check_sample(high)
    a, b = SAMPLE.match(low), SAMPLE.match(high)
    digits = len(a.group(2) or "")
    if a.group(3) or b.group(3) or digits != len(b.group(2) or ""):
        return [low, high]
    scale = 10**digits
    start = int(a.group(1)) * scale + int(a.group(2) or "0")
    end = int(b.group(1)) * scale + int(b.group(2) or "0")
    if end < start:
        raise RuleError(f"empty sample range \"{low}~{high}\".")
    if end - start + 1 <= MAX_EXPANDED_RANGE:
        points = range(start, end + 1)
    else:
        inside = [start + (end - start) * k // 9 for k in range(1, 9)]
        points = sorted({start, start + 1, *inside, end - 1, end})

    def text(value):
        if digits == 0:
            return str(value)
        return f"{value // scale}.{value % scale:0{digits}d}"

    return [text(p) for p in points]


# MARK: - Writing Swift

def header(version):
    return (
        f"// Generated by Tools/generate-plural-rules.py from CLDR {version} "
        f"(Tools/cldr/{INPUT_FILES[0]}, Tools/cldr/{INPUT_FILES[1]}). Do not edit.\n"
        "// Regenerate with `python3 Tools/generate-plural-rules.py`; CI checks with Scripts/check-generated.sh.\n"
    )


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def runtime_source(version, groups):
    rule_sets, set_of_group = [], []
    for group in groups:
        signature = group.signature()
        for index, (existing, _) in enumerate(rule_sets):
            if existing == signature:
                rule_sets[index][1].append(group)
                set_of_group.append(index)
                break
        else:
            rule_sets.append((signature, [group]))
            set_of_group.append(len(rule_sets) - 1)
    if len(rule_sets) > 255:
        raise RuleError("more than 255 rule sets do not fit PluralRules' UInt8 index.")

    lines = [header(version), "extension PluralRules {"]
    for kind in ("cardinal", "ordinal"):
        entries = sorted(
            (locale, set_of_group[n]) for n, g in enumerate(groups) if g.kind == kind for locale in g.locales
        )
        lowered = [locale.lower() for locale, _ in entries]
        if len(set(lowered)) != len(lowered):
            raise RuleError(f"a {kind} locale id is listed twice.")
        lines.append(f"    /// The {kind} rule set of each CLDR locale id, keyed by the id in lowercase with `_`.")
        lines.append(f"    static let {kind}RuleSets: [String: (locale: String, ruleSet: UInt8)] = [")
        for locale, index in entries:
            lines.append(f"        {swift_string(locale.lower())}: ({swift_string(locale)}, {index}),")
        lines.append("    ]")
        lines.append("")

    lines.append("    /// The categories each rule set can choose, in CLDR order, indexed by rule set.")
    lines.append("    static let ruleSetCategories: [[PluralCategory]] = [")
    for signature, _ in rule_sets:
        lines.append("        [" + ", ".join(f".{c}" for c, _ in signature) + "],")
    lines.append("    ]")
    lines.append("")
    lines.append("    /// CLDR's `@integer` samples of each category, parallel to ``ruleSetCategories``: the")
    lines.append("    /// whole numbers it holds, `~` for a range, `…` where the list goes on; empty when the")
    lines.append("    /// category holds no whole number.")
    lines.append("    static let ruleSetIntegerSamples: [[String]] = [")
    for signature, members in rule_sets:
        samples = {category: integers for category, _, integers, _ in members[0].rules}
        lines.append("        [" + ", ".join(swift_string(", ".join(samples.get(c, []))) for c, _ in signature) + "],")
    lines.append("    ]")
    lines.append("")
    lines.append("    /// The gettext `Plural-Forms` of each rule set, indexed by rule set: for every whole")
    lines.append("    /// number, the index of its category in ``ruleSetCategories``.")
    lines.append("    static let ruleSetGettextPluralForms: [String] = [")
    for signature, _ in rule_sets:
        lines.append(f"        {swift_string(gettext_plural_forms(signature))},")
    lines.append("    ]")
    lines.append("")
    lines.append("    /// Chooses the category of `operands` under rule set `ruleSet`.")
    lines.append("    static func category(ruleSet: UInt8, operands o: PluralOperands) -> PluralCategory {")
    lines.append("        switch ruleSet {")
    for index in range(len(rule_sets)):
        lines.append(f"        case {index}: return ruleSet{index}(o)")
    lines.append("        default: return .other")
    lines.append("        }")
    lines.append("    }")
    for index, (signature, members) in enumerate(rule_sets):
        lines.append("")
        for group in members:
            lines.append(f"    // {group.kind}: {' '.join(group.locales)}")
        lines.append("    @inline(__always)")
        lines.append(f"    private static func ruleSet{index}(_ o: PluralOperands) -> PluralCategory {{")
        for category, condition in signature[:-1]:
            lines.append(f"        // {category}: {condition}")
            lines.append(f"        if {swift_condition(condition)} {{ return .{category} }}")
        lines.append("        return .other")
        lines.append("    }")
    lines.append("}")
    return "\n".join(lines) + "\n", len(rule_sets)


def samples_source(version, groups):
    lines = [header(version), "import ParlanceCatalogs", "", "extension PluralSampleSet {"]
    checks, count = 0, 0
    lines.append("    /// Every sample CLDR lists, per <pluralRules> element; `…` dropped, ranges expanded.")
    lines.append("    static let cldr: [PluralSampleSet] = [")
    for group in groups:
        locales = ", ".join(swift_string(l) for l in group.locales)
        lines.append(f"        PluralSampleSet(kind: .{group.kind}, locales: [{locales}], samples: [")
        for category, _, integers, decimals in group.rules:
            ints, decs = expand_samples(integers), expand_samples(decimals)
            count += len(ints) + len(decs)
            checks += (len(ints) + len(decs)) * len(group.locales)
            lines.append(f"            .{category}: (")
            lines.append("                integers: [" + ", ".join(swift_string(s) for s in ints) + "],")
            lines.append("                decimals: [" + ", ".join(swift_string(s) for s in decs) + "]")
            lines.append("            ),")
        lines.append("        ]),")
    lines.append("    ]")
    lines.append("")
    lines.append("    /// How many (locale, sample) pairs `cldr` holds, so a test can tell that none was skipped.")
    lines.append(f"    static let cldrCheckCount = {checks}")
    lines.append("}")
    return "\n".join(lines) + "\n", count, checks


def main():
    root = Path(__file__).resolve().parent.parent
    arguments = argparse.ArgumentParser(description="Generate Parlance's plural rules from CLDR data.")
    arguments.add_argument("--cldr", type=Path, default=root / "Tools" / "cldr")
    arguments.add_argument("--output-root", type=Path, default=root)
    arguments.add_argument(
        "--cldr-version", help="the CLDR release, for files without <version cldrVersion=...> (CLDR's own)"
    )
    options = arguments.parse_args()
    try:
        version, cardinals = read_groups(options.cldr / INPUT_FILES[0], "cardinal")
        ordinal_version, ordinals = read_groups(options.cldr / INPUT_FILES[1], "ordinal")
        if version != ordinal_version:
            raise RuleError(f"the two files name different CLDR versions, {version} and {ordinal_version}.")
        version = version or options.cldr_version
        if version is None:
            raise RuleError("the files do not name their CLDR version; pass --cldr-version.")
        groups = cardinals + ordinals
        runtime, set_count = runtime_source(version, groups)
        samples, sample_count, checks = samples_source(version, groups)
    except (RuleError, ET.ParseError, OSError) as error:
        print(f"generate-plural-rules: error: {error}", file=sys.stderr)
        return 1
    for relative, text in ((RUNTIME_FILE, runtime), (SAMPLES_FILE, samples)):
        path = options.output_root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    cardinal_locales = sum(len(g.locales) for g in cardinals)
    ordinal_locales = sum(len(g.locales) for g in ordinals)
    print(
        f"CLDR {version}: {cardinal_locales} cardinal and {ordinal_locales} ordinal locales, "
        f"{set_count} distinct rule sets, {sample_count} samples ({checks} locale-sample checks)."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
