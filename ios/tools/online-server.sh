#!/usr/bin/env bash
# The game server the Swift package's online tests play against: server/tools/test-server.sh (release binary,
# fresh database of the private PostgreSQL cluster, a free loopback port), plus what a test needs to stop the
# server and start it again on the same port and database (the restart test):
#   DIR/url           ws://127.0.0.1:PORT/ws (written by test-server.sh)
#   DIR/pid           the server's process (a test that restarts the server writes the new one)
#   DIR/database-url  the server's DATABASE_URL
#   DIR/server        the server binary, relative to DIR (DIR is seen at another path inside the Swift root)
#   DIR/spare-database-url  a second fresh database, where this device's account is unknown (the signed-out
#                     test restarts the server on it)
# Usage: online-server.sh start|stop DIR   (stop also stops the PostgreSQL cluster)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cmd=${1:-}; dir=${2:-}
[ -n "$dir" ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
case $cmd in
    start)
        "$repo/server/tools/test-server.sh" start "$dir"
        # Only the spare's database is wanted: its server goes at once.
        "$repo/server/tools/test-server.sh" start "$dir/spare" >/dev/null
        kill "$(cat "$dir/spare/pid")"
        dir=$(cd "$dir" && pwd)
        base=$("$repo/server/tools/pg.sh" url)
        echo "${base%/*}/$(cat "$dir/db")" > "$dir/database-url"
        echo "${base%/*}/$(cat "$dir/spare/db")" > "$dir/spare-database-url"
        realpath --relative-to="$dir" "$repo/target/release/giveaway-server" > "$dir/server"
        ;;
    # The cluster too, as `make test-rust` does: its fixed port must be free for the next clone's tests.
    stop)
        "$repo/server/tools/test-server.sh" stop "$dir/spare"
        "$repo/server/tools/test-server.sh" stop "$dir"
        "$repo/server/tools/pg.sh" stop
        ;;
    *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
