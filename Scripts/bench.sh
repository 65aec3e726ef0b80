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

# The sign-in benchmarks read a profile from the PostgREST stand-in over a real PostgreSQL
# server, as the sync tests do (no PostgREST binary can be installed here). Start both unless
# the caller gave PARLANCE_STANDIN_URL; without PostgreSQL or psycopg2 those benchmarks are
# not run and the report says so.
standin_pid=""
started_postgres=""
finish() {
    if [[ -n "$standin_pid" ]]; then
        exec {standin_input}>&- 2>/dev/null || true   # the stand-in ends when its stdin closes
        wait "$standin_pid" 2>/dev/null || true
    fi
    if [[ -n "$started_postgres" ]]; then "$root/Scripts/postgres.sh" stop; fi
}
trap finish EXIT
if [[ -z "${PARLANCE_STANDIN_URL:-}" ]]; then
    if [[ -z "${PARLANCE_POSTGRES_URL:-}" ]] && ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
        # Stop it afterwards only if it was not already running.
        "$root/Scripts/postgres.sh" status || started_postgres=1
        eval "$("$root/Scripts/postgres.sh" start)"
    fi
    if [[ -n "${PARLANCE_POSTGRES_URL:-}" ]] && python3 -c 'import psycopg2' 2>/dev/null; then
        fixtures="$root/Tests/ParlanceTestSupport/Resources"
        anon_key="anon-key-for-benchmarks"
        coproc STANDIN {
            exec python3 "$fixtures/postgrest-standin.py" --dsn "$PARLANCE_POSTGRES_URL" \
                --jwt-secret "a-jwt-secret-for-benchmarks-0123456789" --anon-key "$anon_key" \
                --port 0 --schema "$fixtures/profiles.sql"
        }
        standin_pid=$STANDIN_PID
        standin_input=${STANDIN[1]}
        read -r _ standin_port <&"${STANDIN[0]}"
        export PARLANCE_STANDIN_URL="http://127.0.0.1:$standin_port" PARLANCE_STANDIN_ANON_KEY="$anon_key"
        echo "bench: the PostgREST stand-in listens at $PARLANCE_STANDIN_URL."
    else
        echo "bench: no PostgreSQL server or no psycopg2: the sign-in benchmarks are not run."
    fi
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
