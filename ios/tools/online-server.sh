#!/usr/bin/env bash
# The game server the Swift package's online tests play against: server/tools/test-server.sh (release binary,
# fresh database of the private PostgreSQL cluster, a free loopback port), plus what a test needs to stop the
# server and start it again on the same port and database (the restart test):
#   DIR/url           ws://127.0.0.1:PORT/ws (written by test-server.sh)
#   DIR/pid           the server's process (a test that restarts the server writes the new one)
#   DIR/database-url  the server's DATABASE_URL
#   DIR/server        the server binary, relative to DIR (DIR is seen at another path inside the Swift root)
# Usage: online-server.sh start|stop DIR   (stop also stops the PostgreSQL cluster)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cmd=${1:-}; dir=${2:-}
[ -n "$dir" ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
case $cmd in
    start)
        "$repo/server/tools/test-server.sh" start "$dir"
        dir=$(cd "$dir" && pwd)
        base=$("$repo/server/tools/pg.sh" url)
        echo "${base%/*}/$(cat "$dir/db")" > "$dir/database-url"
        realpath --relative-to="$dir" "$repo/target/release/giveaway-server" > "$dir/server"
        ;;
    # The cluster too, as `make test-rust` does: its fixed port must be free for the next clone's tests.
    stop) "$repo/server/tools/test-server.sh" stop "$dir"; "$repo/server/tools/pg.sh" stop ;;
    *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
