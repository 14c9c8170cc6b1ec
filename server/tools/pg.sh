#!/usr/bin/env bash
# A private PostgreSQL cluster for the server's tests, benchmarks and `make serve`, under target/pg.
#   pg.sh start    initialise (first time) and start it; installs Debian's postgresql package when missing
#   pg.sh stop     stop it
#   pg.sh restart  restart it (the fault test)
#   pg.sh url      print its URL (database "giveaway")
#   pg.sh running  exit status 0 when it is running
#   pg.sh port     print its port
# initdb refuses to run as root: as root the cluster belongs to the system user giveaway-pg (created here).
# PG_DIR and PG_PORT override the place and the port (loopback only). The default port is 20432 plus an even
# number below 400 taken from the checkout's path, so that two checkouts on one machine (a CI clone beside a
# working copy) never share a cluster's port: one left running would stop the other's tests from starting. It
# lies below Linux's ephemeral range (32768-60999): a load run's thousands of client sockets took a port there.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
DIR="${PG_DIR:-$ROOT/target/pg}"
PORT="${PG_PORT:-$((20432 + $(printf %s "$ROOT" | cksum | cut -d" " -f1) % 200 * 2))}"
DATA="$DIR/data"
RUN_AS="giveaway-pg"

pg_bin() {
    local d
    d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
    if [ -z "$d" ] || [ ! -x "$d/initdb" ]; then
        echo "pg.sh: installing Debian's postgresql package" >&2
        if [ "$(id -u)" -ne 0 ]; then echo "pg.sh: PostgreSQL is missing and only root can install it" >&2; exit 1; fi
        # The package's own cluster is not used; keep it from starting where a service manager would.
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2 || {
            apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >&2; }
        d="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
    fi
    echo "$d"
}

# Runs a PostgreSQL program as the cluster's owner.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u "$RUN_AS" -- "$@"
    else
        "$@"
    fi
}

url() { echo "postgres://postgres@127.0.0.1:$PORT/giveaway"; }

start() {
    local bin; bin="$(pg_bin)"
    mkdir -p "$DIR"
    if [ "$(id -u)" -eq 0 ]; then
        id -u "$RUN_AS" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$RUN_AS"
        chown "$RUN_AS" "$DIR"
        # The owner must reach the directory through every parent.
        local p="$DIR"; while [ "$p" != / ]; do p="$(dirname "$p")"; chmod o+x "$p" 2>/dev/null || true; done
    fi
    if [ ! -f "$DATA/PG_VERSION" ]; then
        as_owner "$bin/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" \
            || { cat "$DIR/initdb.log" >&2; exit 1; }
        cat >>"$DATA/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$DIR'
max_connections = 300
shared_buffers = 256MB
fsync = on
synchronous_commit = on
CONF
    fi
    if ! as_owner "$bin/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
        # The port is given at each start (a cluster made under another port setting follows the current one).
        as_owner "$bin/pg_ctl" -D "$DATA" -l "$DIR/server.log" -o "-p $PORT" -w -t 60 start >/dev/null \
            || { tail -20 "$DIR/server.log" >&2; exit 1; }
    fi
    if ! as_owner "$bin/psql" -h 127.0.0.1 -p "$PORT" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='giveaway'" postgres | grep -q 1; then
        as_owner "$bin/createdb" -h 127.0.0.1 -p "$PORT" -U postgres giveaway
    fi
}

stop() {
    local bin; bin="$(pg_bin)"
    [ -f "$DATA/PG_VERSION" ] || return 0
    as_owner "$bin/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null 2>&1 || true
}

running() {
    [ -f "$DATA/PG_VERSION" ] || return 1
    local bin; bin="$(pg_bin)"
    as_owner "$bin/pg_ctl" -D "$DATA" status >/dev/null 2>&1
}

restart() {
    local bin; bin="$(pg_bin)"
    as_owner "$bin/pg_ctl" -D "$DATA" -l "$DIR/server.log" -o "-p $PORT" -m fast -w restart >/dev/null
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    restart) restart ;;
    url) url ;;
    running) running ;;
    port) echo "$PORT" ;;
    *) echo "usage: $0 start|stop|restart|url|running|port" >&2; exit 2 ;;
esac
