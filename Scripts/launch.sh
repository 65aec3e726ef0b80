#!/usr/bin/env bash
# Measures launch as whole processes: process start to the first French string, against a
# Swift process that only starts Foundation (for `Parlance`), one that only starts
# FoundationEssentials (for `ParlanceCore` alone), a bare Swift process, and glibc gettext on a
# .mo compiled by msgfmt (Debian's gettext package), all from the same 5,000-key fixture, in one run.
#
# Usage: Scripts/launch.sh [--runs N] [--markdown]
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
"$package/.build/release/parlance-launch" "$@"
