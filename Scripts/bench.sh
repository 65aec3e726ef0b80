#!/usr/bin/env bash
# Builds and runs the benchmark suite (Benchmarks/, ordo-one/benchmark) in release mode, then
# prints every benchmark beside the baseline measured in the same run, its target, and PASS/FAIL.
#
# Usage: Scripts/bench.sh [--markdown] [benchmark plugin options, such as --filter 'Plural.*']
#   --markdown   print the summary as a Markdown table, as docs/PERFORMANCE.md shows it.
# Exits 1 when a target is missed. On a machine shared with other builds, run it as
# `flock /tmp/swiftbuild.lock Scripts/bench.sh` so no compile competes with a measurement.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
package="$root/Benchmarks"
baseline="latest"
results="$package/.benchmarkBaselines/ParlanceBenchmarks/$baseline/results.json"

report_options=()
plugin_options=()
for argument in "$@"; do
    case "$argument" in
        --markdown) report_options+=(--markdown) ;;
        *) plugin_options+=("$argument") ;;
    esac
done

# The check benchmark reads the real-world corpus beside the project.
if [[ -z "${PARLANCE_CORPUS:-}" && -d "$root/../shared/corpus" ]]; then
    export PARLANCE_CORPUS="$(cd "$root/../shared/corpus" && pwd)"
fi

started=$SECONDS
echo "bench: building the suite and the report (release)..."
swift build --package-path "$package" -c release
echo "bench: built in $((SECONDS - started)) s."

started=$SECONDS
# `baseline update` runs the benchmarks and stores every sample; the report reads that file.
rm -f "$results"
swift package --package-path "$package" --allow-writing-to-package-directory \
    benchmark baseline update "$baseline" --no-progress "${plugin_options[@]}"
echo "bench: measured in $((SECONDS - started)) s."

# The plugin's own table: every metric with its percentiles.
swift package --package-path "$package" benchmark baseline read "$baseline" --no-progress

if [[ ! -f "$results" ]]; then
    echo "bench: error: the benchmark plugin stored no results at $results." >&2
    exit 2
fi
echo
echo "Medians per call, $(date -u '+%Y-%m-%d %H:%M UTC'):"
"$package/.build/release/parlance-bench-report" "${report_options[@]}" "$results"
