#!/usr/bin/env bash
# A game server for the shells' tests (Kotlin, Robolectric, Swift): the release binary on a free loopback port,
# on a fresh database of the private PostgreSQL cluster (pg.sh).
#   test-server.sh start DIR   build if needed, start; writes DIR/url (ws://127.0.0.1:PORT/ws), DIR/pid, DIR/log
#   test-server.sh stop DIR    stop it and drop its database
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PG="$ROOT/server/tools/pg.sh"
CMD="${1:-}"; DIR="${2:-}"
[ -n "$DIR" ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
mkdir -p "$DIR"
DIR="$(cd "$DIR" && pwd)"

start() {
    stop 2>/dev/null || true
    (cd "$ROOT" && cargo build -q --release -p giveaway-server --bin giveaway-server)
    "$PG" start
    local base db
    base="$("$PG" url)"
    db="gw_shell_$$"
    psql_cmd "DROP DATABASE IF EXISTS $db" && psql_cmd "CREATE DATABASE $db"
    echo "$db" > "$DIR/db"
    DATABASE_URL="${base%/*}/$db" "$ROOT/target/release/giveaway-server" --listen 127.0.0.1:0 --node shell \
        >"$DIR/log" 2>&1 &
    echo $! > "$DIR/pid"
    for _ in $(seq 1 300); do
        if grep -q "listening on " "$DIR/log"; then
            local addr; addr="$(grep -o 'listening on [^ ]*' "$DIR/log" | head -1 | cut -d' ' -f3)"
            echo "ws://$addr/ws" > "$DIR/url"
            echo "test server: $(cat "$DIR/url")"
            return 0
        fi
        kill -0 "$(cat "$DIR/pid")" 2>/dev/null || { cat "$DIR/log" >&2; exit 1; }
        sleep 0.1
    done
    echo "test server did not start:" >&2; cat "$DIR/log" >&2; exit 1
}

# SQL on the cluster (its `giveaway` database), quietly.
psql_cmd() {
    local bin; bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
    PGOPTIONS='--client-min-messages=warning' "$bin/psql" -q -h 127.0.0.1 -p "$("$PG" port)" -U postgres -d giveaway -c "$1" >/dev/null
}

stop() {
    if [ -f "$DIR/pid" ]; then
        kill "$(cat "$DIR/pid")" 2>/dev/null || true
        rm -f "$DIR/pid" "$DIR/url"
    fi
    if [ -f "$DIR/db" ]; then
        psql_cmd "DROP DATABASE IF EXISTS $(cat "$DIR/db") WITH (FORCE)" || true
        rm -f "$DIR/db"
    fi
}

case "$CMD" in
    start) start ;;
    stop) stop ;;
    *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
