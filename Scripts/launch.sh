#!/usr/bin/env bash
# Measures launch as whole processes: process start to the first French string, against a
# Swift process that only starts Foundation (for `Parlance`), one that only starts
# FoundationEssentials (for `ParlanceCore` alone), a bare Swift process, and glibc gettext on a
# .mo compiled by msgfmt (Debian's gettext package), all from the same 5,000-key fixture, in one run.
#
# Usage: Scripts/launch.sh [--runs N] [--markdown] [--layout-floor]
# --layout-floor also measures Parlance and ParlanceCore with the code one launch runs linked
# together (needs valgrind and the gold linker, Swift's default on Linux): each function is
# compiled into a section of its own (-function-sections), one launch of the 5,000-key fixture
# is profiled with callgrind, and the functions it ran are placed together (gold's
# --section-ordering-file, written by Scripts/launch-order.py). What those rows cost over their
# baselines is the floor a better layout of the same code could reach.
# Exits 1 when Parlance misses a target (issue 33: two languages ≤ +2 ms and ≤ +3 MiB over the
# Foundation process; forty languages within 0.5 ms and 0.5 MiB of two; ParlanceCore alone,
# two languages ≤ +1 ms and ≤ +1.5 MiB over the FoundationEssentials process).
# On a machine shared with builds, run it as `flock /tmp/swiftbuild.lock Scripts/launch.sh`.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
package="$root/Benchmarks"
if ! command -v msgfmt >/dev/null; then
    echo "launch: msgfmt is missing (apt-get install gettext)" >&2
    exit 2
fi
echo "launch: building the launch programs (release)..."
for product in launch-exec launch-foundation launch-essentials launch-toolchain launch-bare launch-gettext launch-parlance \
    launch-parlance-core parlance-launch; do
    # Quiet when it builds; the compiler's errors (which it prints on stdout) when it does not.
    if ! output="$(swift build --package-path "$package" -c release --product "$product" 2>&1)"; then
        echo "$output" >&2
        echo "launch: the $product build failed" >&2
        exit 1
    fi
done
# ParlanceCore's process must not link Foundation or ICU, or its rows measure the wrong thing.
if command -v readelf >/dev/null; then
    if readelf -d "$package/.build/release/launch-parlance-core" | grep -E "NEEDED.*(libFoundation\.so|libFoundationInternationalization|_FoundationICU)"; then
        echo "launch: launch-parlance-core links Foundation or ICU" >&2
        exit 1
    fi
fi
layout_floor=false
for argument in "$@"; do
    if [ "$argument" = --layout-floor ]; then layout_floor=true; fi
done
if $layout_floor; then
    if ! command -v valgrind >/dev/null; then
        echo "launch: --layout-floor needs valgrind (apt-get install valgrind)" >&2
        exit 2
    fi
    echo "launch: linking the launch path's code together (the layout floor)..."
    scratch="$(mktemp -d "${TMPDIR:-/tmp}/parlance-layout.XXXXXX")"
    trap 'rm -rf "$scratch"' EXIT
    key="$("$package/.build/release/parlance-launch" --write-fixture "$scratch/fixture")"
    for product in launch-parlance-core launch-parlance; do
        flags=(--package-path "$package" -c release --product "$product" --scratch-path "$package/.build-ordered"
            -Xswiftc -Xfrontend -Xswiftc -function-sections)
        if ! output="$(swift build "${flags[@]}" 2>&1)"; then
            echo "$output" >&2
            echo "launch: the $product build with -function-sections failed" >&2
            exit 1
        fi
        binary="$(swift build "${flags[@]}" --show-bin-path)/$product"
        valgrind --tool=callgrind --demangle=no --compress-strings=no --callgrind-out-file="$scratch/$product.callgrind" \
            "$binary" "$scratch/fixture/compiled" "$key" --expect-compiled >/dev/null 2>"$scratch/$product.valgrind" \
            || { cat "$scratch/$product.valgrind" >&2; echo "launch: profiling $product failed" >&2; exit 1; }
        python3 "$root/Scripts/launch-order.py" "$scratch/$product.callgrind" "$product" "$scratch/$product.order"
        if ! output="$(swift build "${flags[@]}" -Xlinker "--section-ordering-file=$scratch/$product.order" 2>&1)"; then
            echo "$output" >&2
            echo "launch: linking $product in launch order failed" >&2
            exit 1
        fi
        cp "$binary" "$package/.build/release/$product-ordered"
    done
fi
"$package/.build/release/parlance-launch" "$@"
