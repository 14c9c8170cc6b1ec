#!/usr/bin/env bash
# A replicated PostgreSQL on loopback for the failover tests: three etcd members, and two PostgreSQL nodes run by
# Patroni (Debian's packages; `make ha-tools` installs them, so does `start` when they are missing), the second
# a synchronous standby (synchronous_mode: a commit returns once the standby has it, and only it may be promoted).
#   ha.sh start          a fresh cluster under target/ha (wiped first); returns once the standby is synchronous
#   ha.sh stop           stop everything it started (whatever state it is in)
#   ha.sh url            the servers' URL: both nodes, target_session_attrs=read-write (the primary, wherever it is)
#   ha.sh kill-primary   SIGKILL the primary's Patroni and PostgreSQL (a machine lost): the standby is promoted
#                        once the leader key expires (ttl)
#   ha.sh status         the members as Patroni sees them
# HA_DIR and HA_PORT override the place and the first port (default 55450: etcd 55450-55455, PostgreSQL
# 55460-55461, Patroni's REST API 55470-55471; loopback only). As root, everything runs as the system user
# giveaway-pg (as pg.sh does: PostgreSQL refuses root).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
DIR="${HA_DIR:-$ROOT/target/ha}"
BASE="${HA_PORT:-55450}"
RUN_AS="giveaway-pg"
ETCD_CLIENT=($((BASE)) $((BASE + 2)) $((BASE + 4)))
ETCD_PEER=($((BASE + 1)) $((BASE + 3)) $((BASE + 5)))
PG_PORT_OF=($((BASE + 10)) $((BASE + 11)))
REST_PORT_OF=($((BASE + 20)) $((BASE + 21)))
# The leader key's lifetime: a dead primary is replaced after at most this long (plus a loop).
TTL="${HA_TTL:-10}"

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u "$RUN_AS" -- "$@"; else "$@"; fi
}

packages() {
    local missing=""
    for p in etcd-server etcd-client patroni haproxy; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
    [ -z "$missing" ] && return 0
    echo "ha.sh: installing$missing" >&2
    local sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
    "$ROOT/server/tools/no-service-start.sh" $sudo apt-get update -qq >&2
    # shellcheck disable=SC2086
    "$ROOT/server/tools/no-service-start.sh" $sudo env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends $missing >&2
}

pg_bin() { ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1; }

etcd_hosts() { echo "127.0.0.1:${ETCD_CLIENT[0]},127.0.0.1:${ETCD_CLIENT[1]},127.0.0.1:${ETCD_CLIENT[2]}"; }

url() {
    echo "postgres://postgres@127.0.0.1:${PG_PORT_OF[0]},127.0.0.1:${PG_PORT_OF[1]}/giveaway?target_session_attrs=read-write"
}

# Starts a background process as the owner, its pid in $DIR/NAME.pid, its output in $DIR/NAME.log. (setpriv
# executes the program in its own process, so that the pid is the program's: runuser would stay its parent.)
spawn() {
    local name="$1"; shift
    if [ "$(id -u)" -eq 0 ]; then
        HOME="$DIR" setsid setpriv --reuid "$RUN_AS" --regid "$RUN_AS" --init-groups -- "$@" \
            >"$DIR/$name.log" 2>&1 < /dev/null &
    else
        setsid "$@" >"$DIR/$name.log" 2>&1 < /dev/null &
    fi
    echo $! > "$DIR/$name.pid"
}

wait_for() {
    local what="$1" tries="$2"; shift 2
    for _ in $(seq 1 "$tries"); do
        if "$@" >/dev/null 2>&1; then return 0; fi
        sleep 0.5
    done
    echo "ha.sh: $what did not happen" >&2
    return 1
}

rest() { curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$1$2"; }
is_primary() { [ "$(rest "$1" /primary)" = 200 ]; }
is_sync() { [ "$(rest "$1" /sync)" = 200 ]; }

patroni_config() {
    local i="$1" bin; bin="$(pg_bin)"
    cat > "$DIR/pg$i.yml" <<YML
scope: giveaway
name: pg$i
log:
  level: WARNING
restapi:
  listen: 127.0.0.1:${REST_PORT_OF[$i]}
  connect_address: 127.0.0.1:${REST_PORT_OF[$i]}
etcd3:
  hosts: $(etcd_hosts)
bootstrap:
  dcs:
    ttl: $TTL
    loop_wait: 1
    retry_timeout: 3
    maximum_lag_on_failover: 1048576
    synchronous_mode: true
    postgresql:
      use_pg_rewind: false
      parameters:
        fsync: 'on'
        synchronous_commit: 'on'
        max_connections: 300
        shared_buffers: 128MB
        wal_level: replica
        hot_standby: 'on'
        max_wal_senders: 10
        max_replication_slots: 10
        wal_keep_size: 256MB
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
  pg_hba:
    - host replication replicator 127.0.0.1/32 trust
    - host all all 127.0.0.1/32 trust
    - local all all trust
postgresql:
  listen: 127.0.0.1:${PG_PORT_OF[$i]}
  connect_address: 127.0.0.1:${PG_PORT_OF[$i]}
  data_dir: $DIR/pg$i
  bin_dir: $bin
  pgpass: $DIR/pgpass$i
  authentication:
    superuser:
      username: postgres
      password: giveaway
    replication:
      username: replicator
      password: giveaway
  parameters:
    unix_socket_directories: '$DIR'
tags: {}
YML
}

start() {
    packages
    stop 2>/dev/null || true
    rm -rf "$DIR"
    mkdir -p "$DIR"
    if [ "$(id -u)" -eq 0 ]; then
        id -u "$RUN_AS" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$RUN_AS"
        local p="$DIR"; while [ "$p" != / ]; do p="$(dirname "$p")"; chmod o+x "$p" 2>/dev/null || true; done
    fi
    local cluster="" i
    for i in 0 1 2; do cluster="${cluster:+$cluster,}e$i=http://127.0.0.1:${ETCD_PEER[$i]}"; done
    for i in 0 1 2; do mkdir -p "$DIR/etcd$i"; done
    patroni_config 0; patroni_config 1
    [ "$(id -u)" -eq 0 ] && chown -R "$RUN_AS" "$DIR"
    for i in 0 1 2; do
        spawn "etcd$i" etcd --name "e$i" --data-dir "$DIR/etcd$i" \
            --listen-client-urls "http://127.0.0.1:${ETCD_CLIENT[$i]}" \
            --advertise-client-urls "http://127.0.0.1:${ETCD_CLIENT[$i]}" \
            --listen-peer-urls "http://127.0.0.1:${ETCD_PEER[$i]}" \
            --initial-advertise-peer-urls "http://127.0.0.1:${ETCD_PEER[$i]}" \
            --initial-cluster "$cluster" --initial-cluster-state new --initial-cluster-token giveaway-ha
    done
    wait_for "etcd" 60 env ETCDCTL_API=3 etcdctl --endpoints "$(etcd_hosts)" endpoint health
    spawn patroni0 patroni "$DIR/pg0.yml"
    wait_for "the first PostgreSQL becoming primary" 120 is_primary "${REST_PORT_OF[0]}"
    spawn patroni1 patroni "$DIR/pg1.yml"
    wait_for "the second PostgreSQL becoming a synchronous standby" 180 is_sync "${REST_PORT_OF[1]}"
    as_owner "$(pg_bin)/createdb" -h 127.0.0.1 -p "${PG_PORT_OF[0]}" -U postgres giveaway
    echo "ha.sh: primary pg0 on ${PG_PORT_OF[0]}, synchronous standby pg1 on ${PG_PORT_OF[1]}; $(url)"
}

kill_pidfile() {
    local f="$1" sig="$2"
    [ -f "$f" ] || return 0
    kill "-$sig" "$(cat "$f")" 2>/dev/null || true
}

# The postmaster of member i, from its data directory.
postmaster_pid() { head -1 "$DIR/pg$1/postmaster.pid" 2>/dev/null || true; }

kill_primary() {
    local i
    for i in 0 1; do
        if is_primary "${REST_PORT_OF[$i]}"; then
            local pm; pm="$(postmaster_pid "$i")"
            kill_pidfile "$DIR/patroni$i.pid" KILL
            [ -n "$pm" ] && kill -KILL "$pm" 2>/dev/null || true
            echo "ha.sh: killed the primary pg$i (Patroni and PostgreSQL, SIGKILL)"
            return 0
        fi
    done
    echo "ha.sh: no primary to kill" >&2
    return 1
}

stop() {
    [ -d "$DIR" ] || return 0
    local i
    for i in 0 1; do kill_pidfile "$DIR/patroni$i.pid" TERM; done
    for _ in $(seq 1 40); do
        local alive=0
        for i in 0 1; do [ -f "$DIR/patroni$i.pid" ] && kill -0 "$(cat "$DIR/patroni$i.pid")" 2>/dev/null && alive=1; done
        [ "$alive" = 0 ] && break
        sleep 0.5
    done
    for i in 0 1; do
        kill_pidfile "$DIR/patroni$i.pid" KILL
        # A PostgreSQL whose Patroni was killed runs on by itself.
        if [ -f "$DIR/pg$i/postmaster.pid" ]; then
            as_owner "$(pg_bin)/pg_ctl" -D "$DIR/pg$i" -m immediate -w stop >/dev/null 2>&1 || true
        fi
    done
    for i in 0 1 2; do kill_pidfile "$DIR/etcd$i.pid" TERM; done
    sleep 0.5
    for i in 0 1 2; do kill_pidfile "$DIR/etcd$i.pid" KILL; done
}

status() {
    local i
    for i in 0 1; do
        echo "pg$i: $(curl -s "http://127.0.0.1:${REST_PORT_OF[$i]}/patroni" || echo down)"
    done
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    url) url ;;
    kill-primary) kill_primary ;;
    status) status ;;
    *) echo "usage: $0 start|stop|url|kill-primary|status" >&2; exit 2 ;;
esac
