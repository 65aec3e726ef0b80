#!/usr/bin/env bash
# Starts the example server's executable (Examples/SeedServer) on a free loopback port and asks
# it what its README section shows, comparing bodies and headers; stops it after. CI runs this
# after the package's own tests, so the binary a user runs is checked too.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
package="$root/Examples/SeedServer"

# PARLANCE_SCRATCH_PATH: the build folder to use instead of the package's own .build (.ci/run
# shares one among the example and integration packages).
scratch=()
[[ -n "${PARLANCE_SCRATCH_PATH:-}" ]] && scratch=(--scratch-path "$PARLANCE_SCRATCH_PATH")
swift build --package-path "$package" "${scratch[@]}" --product seed-server
bin="$(swift build --package-path "$package" "${scratch[@]}" --show-bin-path)/seed-server"
out="$(mktemp)"
"$bin" --port 0 --seeds "$root/Examples/Seeds/Sources" > "$out" 2>&1 &
pid=$!
stop() {
    kill -TERM $pid 2>/dev/null || true
    for _ in $(seq 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
    kill -KILL $pid 2>/dev/null || true
    rm -f "$out"
}
trap stop EXIT

url=""
for _ in $(seq 100); do
    url="$(sed -n 's/^seed-server: serving on \(http:[^ ]*\)$/\1/p' "$out")"
    [[ -n "$url" ]] && break
    kill -0 $pid 2>/dev/null || { echo "seed-server exited:" >&2; cat "$out" >&2; exit 1; }
    sleep 0.1
done
[[ -n "$url" ]] || { echo "seed-server did not say where it serves" >&2; cat "$out" >&2; exit 1; }
echo "seed-server at $url"

failures=0
# expect NAME ACTUAL EXPECTED
expect() {
    if [[ "$2" == "$3" ]]; then echo "ok: $1"; else echo "FAIL: $1: got $(printf %q "$2"), expected $(printf %q "$3")" >&2; failures=$((failures + 1)); fi
}

body="$(curl -fsS "$url/cnc/fr/summary?members=3&total=1234.5")"
expect "French summary by prefix" "$body" "$(printf 'C&C Team\n3 membres\n1\u202f234,50\u00a0€\n15 janvier 2026')"
headers="$(curl -fsS -o /dev/null -D - -H 'Accept-Language: it-CH, en;q=0.5' "$url/cnc/summary?members=1&total=9.5" | tr -d '\r')"
# header NAME: every value of that header, comma-separated (names compare case-insensitively).
header() { awk -v name="$1" -F': ' 'tolower($1) == name { print $2 }' <<<"$headers" | paste -sd, -; }
expect "Italian by Accept-Language" "$(header content-language)" "it"
expect "Vary names the headers read" "$(header vary)" "Cookie, Accept-Language"
body="$(curl -fsS -H 'Cookie: lang=vi' "$url/aiphoto/strings")"
expect "Vietnamese table by cookie" "$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["language"], d["strings"]["l10n.settings.language"])' <<<"$body")" "vi Ngôn ngữ"
expect "an unknown app is a 404" "$(curl -s -o /dev/null -w '%{http_code}' "$url/nope/strings")" "404"

exit $failures
