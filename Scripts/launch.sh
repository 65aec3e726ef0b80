#!/usr/bin/env bash
# Measures launch as whole processes: process start to the first French string, against a
# Swift process that only starts Foundation and against glibc gettext on a .mo compiled by
# msgfmt (Debian's gettext package), all from the same 5,000-key fixture, in one run.
#
# Usage: Scripts/launch.sh [--runs N] [--markdown]
# Exits 1 when Parlance misses a target (issue 33: two languages ≤ +2 ms and ≤ +3 MB over the
# Foundation process; forty languages within 0.5 ms and 0.5 MB of two).
# On a machine shared with builds, run it as `flock /tmp/swiftbuild.lock Scripts/launch.sh`.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
package="$root/Benchmarks"
if ! command -v msgfmt >/dev/null; then
    echo "launch: msgfmt is missing (apt-get install gettext)" >&2
    exit 2
fi
echo "launch: building the launch programs (release)..."
for product in launch-exec launch-foundation launch-gettext launch-parlance parlance-launch; do
    # Quiet when it builds; the compiler's errors (which it prints on stdout) when it does not.
    if ! output="$(swift build --package-path "$package" -c release --product "$product" 2>&1)"; then
        echo "$output" >&2
        echo "launch: the $product build failed" >&2
        exit 1
    fi
done
"$package/.build/release/parlance-launch" "$@"
