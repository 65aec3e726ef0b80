#!/usr/bin/env python3
"""Writes a linker section-ordering file from a callgrind profile of one launch.

Usage: launch-order.py <callgrind.out> <executable name> <ordering file>

callgrind (valgrind's instruction-level profiler) lists every function a run executed; the ones
in the executable itself, in the order they were first reached, become `.text.<symbol>` lines:
with `-function-sections` each function is a section of its own, and gold's
`--section-ordering-file` places the listed ones together. Scripts/launch.sh --layout-floor uses
it to measure what the launch path's code costs when it is laid out contiguously.
Written with `--compress-strings=no` so every `fn=` line carries its name.
"""
import re
import sys

profile, executable, output = sys.argv[1:4]
current_object = None
order, seen = [], set()
with open(profile, encoding="utf-8", errors="replace") as lines:
    for line in lines:
        if line.startswith("ob="):
            current_object = line[3:].strip()
        elif line.startswith("fn=") and current_object and current_object.endswith("/" + executable):
            # callgrind marks recursion depth with 'N; addresses without a symbol start with 0x.
            name = re.sub(r"'\d+$", "", line[3:].strip())
            if name and not name.startswith(("0x", "(")) and name not in seen:
                seen.add(name)
                order.append(name)
if not order:
    sys.exit(f"launch-order: the profile holds no function of {executable}")
with open(output, "w", encoding="utf-8") as file:
    file.writelines(f".text.{name}\n" for name in order)
print(f"launch-order: {len(order)} functions of {executable} in the order they were first reached")
