#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL server (Debian's `postgresql` package) on loopback,
# for the profile-sync tests: the PostgreSQL store's tests, and the PostgREST stand-in behind
# the Supabase store's tests.
#
#   eval "$(Scripts/postgres.sh start)"   # prints export PARLANCE_POSTGRES_URL=...
#   Scripts/postgres.sh stop
#   Scripts/postgres.sh status           # exits 0 when the server is running
#
# The cluster lives in $PARLANCE_PG_DIR (default /tmp/parlance-postgres), listens only on
# 127.0.0.1:$PARLANCE_PG_PORT (default 54329) and trusts local connections. PostgreSQL
# refuses to run as root, so as root the server runs as the `postgres` user the package creates.
set -euo pipefail

dir="${PARLANCE_PG_DIR:-/tmp/parlance-postgres}"
port="${PARLANCE_PG_PORT:-54329}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
if [ -z "$bin" ]; then
    echo "postgres.sh: PostgreSQL is not installed (apt-get install postgresql)" >&2
    exit 1
fi

as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
start)
    if [ ! -f "$dir/PG_VERSION" ]; then
        mkdir -p "$dir"
        [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
        as_owner "$bin/initdb" -D "$dir" -U parlance -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
    if ! as_owner "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
        as_owner "$bin/pg_ctl" -D "$dir" -w -l "$dir/server.log" \
            -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off" start >/dev/null
    fi
    if ! "$bin/psql" -h 127.0.0.1 -p "$port" -U parlance -d postgres -Atqc "SELECT 1 FROM pg_database WHERE datname = 'parlance'" | grep -q 1; then
        "$bin/createdb" -h 127.0.0.1 -p "$port" -U parlance parlance
    fi
    # The profiles table seed 003 implies (idempotent).
    PGOPTIONS="-c client_min_messages=warning" "$bin/psql" -h 127.0.0.1 -p "$port" -U parlance -d parlance -qf "$(dirname "$0")/../Tests/ParlanceTestSupport/Resources/profiles.sql" >/dev/null
    echo "export PARLANCE_POSTGRES_URL=postgres://parlance@127.0.0.1:$port/parlance"
    ;;
status)
    [ -f "$dir/PG_VERSION" ] && as_owner "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1
    ;;
stop)
    if [ -f "$dir/PG_VERSION" ]; then
        as_owner "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null 2>&1 || true
    fi
    ;;
*)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
