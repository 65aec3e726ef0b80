#!/usr/bin/env bash
# How each cost grows with the catalog (issue 33): for 1,000 / 10,000 / 100,000 keys × 2 / 10 /
# 40 languages of the synthetic catalog, compile time, pack size, launch time and peak memory to
# the first string (whole processes), lookup, switch, reload and `parlance check` times, with
# the exponents of keys and languages fitted over the nine points (Benchmarks/Sources/ScaleReport).
#
# Usage: Scripts/scale.sh [--keys 1000,10000,100000] [--languages 2,10,40] [--launches N] [--markdown]
# It takes a few minutes and about 2 GB of memory at 100,000 keys × 40 languages. On a machine
# shared with builds, run it as `flock /tmp/swiftbuild.lock Scripts/scale.sh`.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
package="$root/Benchmarks"
echo "scale: building (release)..." >&2
for product in launch-exec launch-parlance parlance-scale; do
    # Quiet when it builds; the compiler's errors (which it prints on stdout) when it does not.
    if ! output="$(swift build --package-path "$package" -c release --product "$product" 2>&1)"; then
        echo "$output" >&2
        echo "scale: the $product build failed" >&2
        exit 1
    fi
done
"$package/.build/release/parlance-scale" "$@"
