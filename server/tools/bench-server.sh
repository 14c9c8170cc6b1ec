#!/usr/bin/env bash
# The server's benchmark and failover runs (make bench-server, make test-failover), each bounded in games and
# seconds, on loopback; prints one table at the end. Each run's whole output is kept in target/bench-server/.
#   bench-server.sh load GAMES...   throughput runs (one node; `giveaway-load` on the private cluster, pg.sh)
#   bench-server.sh faults GAMES    the fault runs: node SIGKILLed and restarted, PostgreSQL restarted, one of
#                                   two nodes behind HAProxy SIGKILLed, one drained, the primary of a replicated
#                                   cluster (ha.sh: Patroni, etcd, synchronous standby) killed
#   bench-server.sh all GAMES... -- FAULT_GAMES   both, one table
#   bench-server.sh social GAMES SPECTATORS PLAYERS   GAMES games watched by SPECTATORS spectators each, the same
#                                   with the server SIGKILLed and restarted, then an arena of PLAYERS players
#                                   (make bench-social, which also runs `correspondence`'s run with the fault)
#   bench-server.sh correspondence PAIRS GAMES_PER_PAIR CLOCK_GAMES   PAIRS pairs of correspondence players with
#                                   GAMES_PER_PAIR games each beside CLOCK_GAMES clock games, then the same with the
#                                   server SIGKILLed and restarted (make bench-correspondence)
# BENCH_SERVER_BIN (default target/release/giveaway-server) measures another build of the server with the same
# load generator (e.g. main's, for a before/after table), BENCH_OUT (default target/bench-server) keeps its logs apart.
# Exit status 1 when a run failed (an acknowledged move missing, an error, a run that did not finish).
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
PG=server/tools/pg.sh
HA=server/tools/ha.sh
OUT="${BENCH_OUT:-target/bench-server}"
LOAD=(./target/release/giveaway-load --server-bin "${BENCH_SERVER_BIN:-target/release/giveaway-server}" --pg-script "$PG" --ha-script "$HA")
mkdir -p "$OUT"
ulimit -n "$(ulimit -Hn)"
failed=0
ROWS=()
FAULT_ROWS=()
SPECTATOR_ROWS=()
ARENA_ROWS=()
CORR_ROWS=()

# Ramp and measured seconds by size: enough for every game to start and for a minute of steady moves at scale.
# Past 5,000 games (10,000 sockets) one process's open-file limit (20,000 here) no longer holds the load
# generator's sockets nor one node's: two load processes, each on its own node (both on the one database).
timing() {
    if [ "$1" -le 2000 ]; then echo "--ramp-s 20 --measure-s 30"
    elif [ "$1" -le 5000 ]; then echo "--ramp-s 60 --measure-s 60"
    else echo "--ramp-s 120 --measure-s 60 --nodes 2 --no-balancer --processes 2"; fi
}

# run NAME URL ARGS...: one giveaway-load run, its output kept; collects its table rows.
run() {
    local name="$1" url="$2"; shift 2
    local log="$OUT/$name.log"
    echo "== $name: giveaway-load $* (load average $(cut -d' ' -f1-3 /proc/loadavg))"
    DATABASE_URL="$url" "${LOAD[@]}" "$@" >"$log" 2>&1
    local status=$?
    grep -E '^(measured|move sent|server memory|acknowledged|fault|spectators|arena [0-9]|pairing|standings|correspondence|CPU|database|on the wire|stored|errors)' "$log" | grep -v '^fault row' | sed 's/^/   /'
    [ "$status" -eq 0 ] || { echo "   FAILED (exit $status; see $log)"; failed=1; }
    local row; row="$(grep '^row: ' "$log" | sed 's/^row: //')"
    [ -n "$row" ] && [[ "$name" == load-* ]] && ROWS+=("$row")
    local frow; frow="$(grep '^fault row: ' "$log" | sed 's/^fault row: //')"
    [ -n "$frow" ] && FAULT_ROWS+=("$frow")
    local srow; srow="$(grep '^spectator row: ' "$log" | sed 's/^spectator row: //')"
    [ -n "$srow" ] && SPECTATOR_ROWS+=("$srow")
    local arow; arow="$(grep '^arena row: ' "$log" | sed 's/^arena row: //')"
    [ -n "$arow" ] && ARENA_ROWS+=("$arow")
    local crow; crow="$(grep '^correspondence row: ' "$log" | sed 's/^correspondence row: //')"
    [ -n "$crow" ] && CORR_ROWS+=("$crow")
}

load() {
    "$PG" start
    local url; url="$("$PG" url)"
    for g in "$@"; do
        # shellcheck disable=SC2046
        run "load-$g" "$url" --games "$g" $(timing "$g")
    done
}

faults() {
    local g="$1"
    "$PG" start
    local url; url="$("$PG" url)"
    run "fault-kill" "$url" --games "$g" --ramp-s 10 --measure-s 30 --fault kill
    run "fault-pg-restart" "$url" --games "$g" --ramp-s 10 --measure-s 30 --fault pg-restart
    run "fault-node-kill" "$url" --games "$g" --ramp-s 10 --measure-s 40 --nodes 2 --fault node-kill --down-s 10
    run "fault-drain" "$url" --games "$g" --ramp-s 10 --measure-s 40 --nodes 2 --fault drain
    if "$HA" start >"$OUT/ha-start.log" 2>&1; then
        run "fault-pg-failover" "$("$HA" url)" --games "$g" --ramp-s 10 --measure-s 40 --fault pg-failover
    else
        echo "== the replicated cluster did not start (see $OUT/ha-start.log)"; failed=1
    fi
    "$HA" stop >/dev/null 2>&1
}

# Spectators (--spectators on every game) with and without the server SIGKILLed, then an arena: the players
# join over 30 s and are paired for 4 minutes, well inside the arena's 10 (the shortest the server allows).
social() {
    local games="$1" spectators="$2" players="$3"
    "$PG" start
    local url; url="$("$PG" url)"
    run "spectators-$games" "$url" --games "$games" --spectators "$spectators" --watched-games "$games" --ramp-s 20 --measure-s 60
    run "spectators-$games-kill" "$url" --games "$games" --spectators "$spectators" --watched-games "$games" --ramp-s 20 --measure-s 60 --fault kill
    run "arena-$players" "$url" --arena-players "$players" --ramp-s 30 --measure-s 240
}

# Correspondence players beside clock games, without and with the server SIGKILLed (a third of the way into the
# measured phase): each player visits, lists, opens the games where it is their move and moves, goes away. With
# a fourth argument "kill" only the run with the fault (make bench-social, to keep it about 10 minutes).
correspondence() {
    local pairs="$1" per="$2" games="$3" only="${4:-}"
    [ "$pairs" -gt 0 ] || return 0
    "$PG" start
    local url; url="$("$PG" url)"
    local c=(--games "$games" --correspondence-pairs "$pairs" --correspondence-games "$per" --ramp-s 20 --measure-s 60)
    [ "$only" = kill ] || run "correspondence-$pairs" "$url" "${c[@]}"
    run "correspondence-$pairs-kill" "$url" "${c[@]}" --fault kill
}

table() {
    if [ "${#ROWS[@]}" -gt 0 ]; then
        echo
        echo "| games | moves/s | move → opponent p50 / p99 / max ms | server CPU (of one core) | server RSS MB | DB commits/s | errors | load average |"
        echo "| ---: | ---: | --- | ---: | ---: | ---: | ---: | --- |"
        printf '%s\n' "${ROWS[@]}"
    fi
    if [ "${#FAULT_ROWS[@]}" -gt 0 ]; then
        echo
        echo "| fault | games | moves acknowledged | acknowledged moves lost | a game's longest pause, p50 | max | load average |"
        echo "| --- | ---: | ---: | ---: | ---: | ---: | --- |"
        printf '%s\n' "${FAULT_ROWS[@]}"
    fi
    if [ "${#SPECTATOR_ROWS[@]}" -gt 0 ]; then
        echo
        echo "| games | watched × spectators | move → spectator p50 / p99 / max ms | spectator frames/s | spectators missing a move | errors | load average |"
        echo "| ---: | --- | --- | ---: | ---: | ---: | --- |"
        printf '%s\n' "${SPECTATOR_ROWS[@]}"
    fi
    if [ "${#ARENA_ROWS[@]}" -gt 0 ]; then
        echo
        echo "| arena players | games finished | moves/s | pairing p50 / p99 / max s | relay p50 / p99 ms | standings differences | errors | load average |"
        echo "| ---: | ---: | ---: | --- | --- | ---: | ---: | --- |"
        printf '%s\n' "${ARENA_ROWS[@]}"
    fi
    if [ "${#CORR_ROWS[@]}" -gt 0 ]; then
        echo
        echo "| correspondence pairs × games | clock games, fault | moves/s | list p50 / p99 ms | open (sync) p50 / p99 ms | move → ack p50 / p99 ms | games ended | acknowledged moves lost | errors | load average |"
        echo "| --- | --- | ---: | --- | --- | --- | ---: | ---: | ---: | --- |"
        printf '%s\n' "${CORR_ROWS[@]}"
    fi
}

case "${1:-}" in
    load) shift; load "$@" ;;
    faults) shift; faults "${1:-300}" ;;
    all)
        shift; sizes=()
        while [ $# -gt 0 ] && [ "$1" != "--" ]; do sizes+=("$1"); shift; done
        [ "${1:-}" = "--" ] && shift
        load "${sizes[@]}"; faults "${1:-1000}" ;;
    social) shift; social "${1:-100}" "${2:-10}" "${3:-500}"; correspondence "${4:-0}" "${5:-5}" "${1:-100}" kill ;;
    correspondence) shift; correspondence "${1:-200}" "${2:-5}" "${3:-100}" ;;
    *) echo "usage: $0 load GAMES... | faults GAMES | all GAMES... -- FAULT_GAMES | social GAMES SPECTATORS PLAYERS [CORR_PAIRS [GAMES_PER_PAIR]] | correspondence PAIRS GAMES_PER_PAIR CLOCK_GAMES" >&2; exit 2 ;;
esac
table
exit $failed
