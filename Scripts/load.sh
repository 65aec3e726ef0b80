#!/usr/bin/env bash
# Load benchmark for the server integrations: starts each framework's load server
# (Benchmarks/Load) on a loopback port and drives it with wrk (Debian's package), with random
# Accept-Language headers over twenty languages (Benchmarks/Load/load.lua).
#
#   Scripts/load.sh [--framework hummingbird|vapor|all] [--seconds N] [--rounds N]
#                   [--connections N] [--headers twenty|third|mixed]
#                   [--requests N] [--no-memory] [--pin] [--markdown]
#
# --headers mixed rotates the seven headers of issue 29's measurement (fr, en, it, de;q=0.8,
# zh-Hant-TW, an invalid header, 4 KB of junk) instead of the twenty languages' shapes.
# --headers third sends the twenty languages' shapes in two requests of three and a never-seen
# random tag first in the third (issue 33's rows: a header memo cannot answer those).
#
# For each framework it measures, in alternating rounds, the same handler two ways:
#   fixed      returns five fixed strings (no Parlance in the request path): the baseline;
#   localized  negotiates the request's language (LocalizedResponder: prefix, cookie,
#              Accept-Language) and renders three strings, a plural and a currency amount;
# and for Vapor three floors:
#   floor      answers with the localized body of the twenty languages in turn, rendered once
#              at start-up (since 2026-11-28; it rendered the body in French on each request
#              before), so no Parlance call is made per request, after doing what any prefix-routing
#              integration does in Vapor (reads the path, keeps a value in the request's
#              storage, adds Content-Language and Vary), with no negotiation;
#   handrolled the floor with the body built on each request as the cheapest hand-rolled
#              localization builds it ([String: String] lookups, the count put between the
#              halves of one form, the amount written in advance): the least any library's
#              handler pays for concatenating the same runtime strings;
#   negotiating the hand-rolled floor with each request's language read from its
#              Accept-Language header by the cheapest hand-rolled reader (split at commas, a
#              dictionary per tag, no weights, no memo; since 2026-11-29): the least any
#              localization that reads the header this benchmark sends pays.
# and reports the medians of throughput and p99 latency, with the targets: localized at least
# 90% of fixed's throughput, and p99 within 1.2x of fixed's. The rounds run the modes in turn,
# in reverse every other round, and the report adds each round's own localized/fixed ratio and
# their median (a diagnostic for a machine whose speed drifts; the target is judged on the
# medians). Then the memory run: one localized
# server takes --requests requests (default 1,000,000) with the twenty languages, then as many
# with a never-seen random tag first in every header; its resident memory is read from /proc
# after the warm-up, after the first million and at the end.
#
# Build lock: PARLANCE_BUILD_LOCK (a file for flock) is held while compiling, not while measuring.
# Exit status: 0 when every target is met, 1 when one is missed (the report says which).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
package="$root/Benchmarks/Load"
frameworks=(hummingbird vapor)
seconds=15
rounds=3
requests=1000000
memory=true
markdown=false
pin=false
connections=64
headers=twenty

while [[ $# -gt 0 ]]; do
    case "$1" in
        --framework)
            case "${2:-}" in
                all) frameworks=(hummingbird vapor) ;;
                hummingbird | vapor) frameworks=("$2") ;;
                *) echo "load: error: --framework takes hummingbird, vapor or all, not \"${2:-}\"" >&2; exit 64 ;;
            esac
            shift 2 ;;
        --seconds) seconds="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --requests) requests="$2"; shift 2 ;;
        --connections) connections="$2"; shift 2 ;;
        --headers)
            case "${2:-}" in
                twenty | third | mixed) headers="$2" ;;
                *) echo "load: error: --headers takes twenty, third or mixed, not \"${2:-}\"" >&2; exit 64 ;;
            esac
            shift 2 ;;
        --no-memory) memory=false; shift ;;
        --pin) pin=true; shift ;;
        --markdown) markdown=true; shift ;;
        *) echo "load: error: unknown option \"$1\"" >&2; exit 64 ;;
    esac
done

command -v wrk >/dev/null || { echo "load: error: wrk is not installed (apt-get install wrk)" >&2; exit 69; }
command -v curl >/dev/null || { echo "load: error: curl is not installed (apt-get install curl)" >&2; exit 69; }

for framework in "${frameworks[@]}"; do
    if [[ -n "${PARLANCE_BUILD_LOCK:-}" ]]; then
        flock "$PARLANCE_BUILD_LOCK" swift build -c release --package-path "$package" --product "load-$framework" >&2
    else
        swift build -c release --package-path "$package" --product "load-$framework" >&2
    fi
done
bin="$(swift build -c release --package-path "$package" --show-bin-path)"

# With --pin, the server on core 0 and wrk on core 1: each side's time is its own, but the
# server's event-loop thread and the thread its handlers run on then share one core, which
# switches between them for every request. Without it (the default) both float over the cores,
# as a server's threads do on a machine with more cores than this one.
server_cpu="" client_cpu=""
if $pin; then
    command -v taskset >/dev/null || { echo "load: error: --pin needs taskset (util-linux)" >&2; exit 69; }
    server_cpu="taskset -c 0"
    client_cpu="taskset -c 1"
fi

server_pid=""
stop_server() {
    if [[ -n "$server_pid" ]]; then
        kill -TERM "$server_pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
        server_pid=""
    fi
}
trap stop_server EXIT

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# start_server FRAMEWORK MODE: sets server_pid and url.
start_server() {
    local port
    port="$(free_port)"
    $server_cpu "$bin/load-$1" "$2" --port "$port" > /dev/null 2>&1 &
    server_pid=$!
    url="http://127.0.0.1:$port/"
    for _ in $(seq 100); do
        if curl -fs -o /dev/null "$url"; then return 0; fi
        sleep 0.1
    done
    echo "load: error: load-$1 $2 did not answer on $url" >&2
    exit 1
}

rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$server_pid/status"; }

# run_wrk SECONDS [script args…]: prints "requests rps p99_us".
run_wrk() {
    local duration="$1"; shift
    local output
    output="$($client_cpu wrk -t1 -c"$connections" -d"${duration}s" --latency -s "$package/load.lua" "$url" -- "$@")"
    if grep -q "Non-2xx\|Socket errors" <<<"$output"; then
        echo "load: error: wrk saw failed requests:" >&2
        echo "$output" >&2
        exit 1
    fi
    awk '
        function micros(value) {
            if (value ~ /us$/) return value + 0
            if (value ~ /ms$/) return value * 1000
            if (value ~ /s$/) return value * 1000000
            return value
        }
        / requests in / { requests = $1 }
        /^Requests\/sec:/ { rps = $2 }
        $1 == "99%" { p99 = micros($2) }
        END { printf "%d %.0f %.0f\n", requests, rps, p99 }
    ' <<<"$output"
}

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.0f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

status=0
rows=()
memory_rows=()
for framework in "${frameworks[@]}"; do
    declare -A rps=() p99=()
    # Vapor's floors: what routing by prefix and keeping the language on the request cost in
    # Vapor itself (the path read, request storage, two response headers), then with the body
    # built by hand per request, then with the header read by hand too.
    modes=(fixed localized)
    [[ "$framework" == vapor ]] && modes=(fixed floor handrolled negotiating localized)
    declare -A round_rps=()
    paired=()
    for round in $(seq "$rounds"); do
        # Every other round runs the modes in reverse, so a machine that speeds up or slows
        # down over a round favours no mode.
        order=("${modes[@]}")
        if (( round % 2 == 0 )); then order=(); for (( i=${#modes[@]}-1; i>=0; i-- )); do order+=("${modes[$i]}"); done; fi
        for mode in "${order[@]}"; do
            start_server "$framework" "$mode"
            mode_args=()
            [[ "$headers" == mixed || "$headers" == third ]] && mode_args=("$headers")
            run_wrk 3 "${mode_args[@]}" >/dev/null   # warm-up
            read -r _ r p <<<"$(run_wrk "$seconds" "${mode_args[@]}")"
            stop_server
            rps[$mode]+="$r "
            p99[$mode]+="$p "
            round_rps[$mode]="$r"
            echo "load: $framework $mode round $round: $r requests/s, p99 ${p} µs" >&2
        done
        paired+=("$(awk -v a="${round_rps[localized]}" -v b="${round_rps[fixed]}" 'BEGIN { printf "%.3f", a / b }')")
    done
    fixed_rps="$(tr ' ' '\n' <<<"${rps[fixed]}" | grep . | median)"
    localized_rps="$(tr ' ' '\n' <<<"${rps[localized]}" | grep . | median)"
    fixed_p99="$(tr ' ' '\n' <<<"${p99[fixed]}" | grep . | median)"
    localized_p99="$(tr ' ' '\n' <<<"${p99[localized]}" | grep . | median)"
    throughput_ratio="$(awk -v a="$localized_rps" -v b="$fixed_rps" 'BEGIN { printf "%.3f", a / b }')"
    latency_ratio="$(awk -v a="$localized_p99" -v b="$fixed_p99" 'BEGIN { printf "%.3f", a / b }')"
    throughput_result="$(awk -v r="$throughput_ratio" 'BEGIN { print (r >= 0.9 ? "PASS" : "FAIL") }')"
    latency_result="$(awk -v r="$latency_ratio" 'BEGIN { print (r <= 1.2 ? "PASS" : "FAIL") }')"
    [[ "$throughput_result" == PASS && "$latency_result" == PASS ]] || status=1
    rows+=("$framework|throughput|$localized_rps req/s|fixed: $fixed_rps req/s ($throughput_ratio×)|≥ 0.9×|$throughput_result")
    # The same ratio taken within each round (the two servers measured minutes apart at most),
    # for a machine whose speed drifts between rounds: reported beside the target, not for it.
    paired_median="$(printf '%s\n' "${paired[@]}" | sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')"
    rows+=("$framework|throughput, each round's own ratio|${paired[*]}|median $paired_median×|(diagnostic)|—")
    for floor in floor handrolled negotiating; do
        [[ -n "${rps[$floor]:-}" ]] || continue
        floor_rps="$(tr ' ' '\n' <<<"${rps[$floor]}" | grep . | median)"
        floor_p99="$(tr ' ' '\n' <<<"${p99[$floor]}" | grep . | median)"
        floor_ratio="$(awk -v a="$floor_rps" -v b="$fixed_rps" 'BEGIN { printf "%.3f", a / b }')"
        floor_latency="$(awk -v a="$floor_p99" -v b="$fixed_p99" 'BEGIN { printf "%.3f", a / b }')"
        what="(no negotiation, the body rendered once)"
        [[ "$floor" == handrolled ]] && what="(no negotiation, the body from dictionaries per request)"
        [[ "$floor" == negotiating ]] && what="(Accept-Language read by hand, the body from dictionaries per request)"
        rows+=("$framework|$floor: throughput, p99|$floor_rps req/s, $floor_p99 µs|fixed: $fixed_rps req/s, $fixed_p99 µs ($floor_ratio×, $floor_latency×)|$what|—")
    done
    rows+=("$framework|p99 latency|$localized_p99 µs|fixed: $fixed_p99 µs ($latency_ratio×)|≤ 1.2×|$latency_result")

    if $memory; then
        start_server "$framework" localized
        served=0
        run_wrk 3 >/dev/null
        rss_start="$(rss_kb)"
        # Chunks of ten seconds until the count is reached: wrk runs for a time, not a count.
        for pass in languages distinct; do
            if [[ "$pass" == languages ]]; then goal=$requests; else goal=$(( served_mid + requests )); fi
            while (( served < goal )); do
                if [[ "$pass" == distinct ]]; then read -r n _ _ <<<"$(run_wrk 10 distinct)"; else read -r n _ _ <<<"$(run_wrk 10)"; fi
                served=$(( served + n ))
            done
            if [[ "$pass" == languages ]]; then rss_mid="$(rss_kb)"; served_mid=$served; fi
        done
        rss_end="$(rss_kb)"
        stop_server
        growth="$(awk -v a="$rss_start" -v b="$rss_end" 'BEGIN { printf "%+.1f%%", (b - a) * 100 / a }')"
        memory_result="$(awk -v a="$rss_start" -v b="$rss_end" 'BEGIN { print ((b - a) * 100 / a <= 10 ? "PASS" : "FAIL") }')"
        [[ "$memory_result" == PASS ]] || status=1
        memory_rows+=("$framework|$rss_start KB|$rss_mid KB after $served_mid|$rss_end KB after $served|$growth|$memory_result")
        echo "load: $framework memory: $rss_start KB warm, $rss_mid KB after $served_mid, $rss_end KB after $served" >&2
    fi
    unset rps p99 round_rps
done

machine="$(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), ${server_cpu:+server on core 0, wrk on core 1, }wrk -t1 -c$connections, $headers headers, ${seconds} s × $rounds rounds, medians"
if $markdown; then
    echo "Load ($machine):"
    echo
    echo "| Framework | Measure | Localized | Baseline (same run) | Target | Result |"
    echo "| --- | --- | --- | --- | --- | --- |"
    for row in "${rows[@]}"; do echo "| ${row//|/ | } |"; done
    if [[ ${#memory_rows[@]} -gt 0 ]]; then
        echo
        echo "| Framework | RSS warm | RSS after the twenty languages | RSS after as many distinct tags | Growth | Result (≤ 10%) |"
        echo "| --- | --- | --- | --- | --- | --- |"
        for row in "${memory_rows[@]}"; do echo "| ${row//|/ | } |"; done
    fi
else
    echo "Load ($machine)"
    for row in "${rows[@]}"; do echo "  ${row//|/  ·  }"; done
    for row in "${memory_rows[@]}"; do echo "  memory  ·  ${row//|/  ·  }"; done
fi
exit "$status"
