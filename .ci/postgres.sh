#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the API's PostgreSQL tests and prints the
# TEST_DATABASE_URL to use; `.ci/postgres.sh stop DIR` stops and removes it. Installs
# Debian's postgresql when missing. On any problem it prints why on stderr and exits 1
# (`.ci/run` then fails: CI never skips the PostgreSQL tests).
set -uo pipefail

PORT="${PG_TEST_PORT:-54329}"
SUDO=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

# Run as the postgres user when we are root (initdb refuses root), as ourselves otherwise.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# `pause DIR` stops the server and keeps its data, `resume DIR` starts it again on the same
# port (the topology test takes the database away and brings it back).
if [ "${1:-}" = "pause" ] || [ "${1:-}" = "resume" ]; then
  dir="${2:?usage: .ci/postgres.sh pause|resume DIR}"
  bin="$(pg_bin)"
  if [ "$1" = "pause" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null; exit $?
  fi
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
    -o "-p $(cat "$dir/port") -k $dir -c listen_addresses=127.0.0.1 -c fsync=on" start >/dev/null; exit $?
fi

if [ "${1:-}" = "stop" ]; then
  dir="${2:?usage: .ci/postgres.sh stop DIR}"
  bin="$(pg_bin)"
  [ -n "$bin" ] && as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1
  rm -rf "$dir"
  exit 0
fi

if [ -z "$(pg_bin)" ]; then
  echo "installing PostgreSQL" >&2
  # Bounded: a slow mirror must not hold up CI for long; CI fails without PostgreSQL.
  timeout 300 $SUDO apt-get update >&2
  timeout 300 $SUDO apt-get install -y --no-install-recommends postgresql >&2 ||
    { echo "PostgreSQL could not be installed" >&2; exit 1; }
fi
bin="$(pg_bin)"
[ -n "$bin" ] || { echo "no PostgreSQL binaries found" >&2; exit 1; }

dir="$(mktemp -d /tmp/beyond-pg.XXXXXX)"
chmod 755 "$dir"
[ "$(id -u)" -eq 0 ] && chown postgres "$dir"
if ! as_owner "$bin/initdb" -D "$dir/data" -A trust -U beyond >"$dir/initdb.log" 2>&1; then
  echo "initdb failed: $(tail -3 "$dir/initdb.log")" >&2
  rm -rf "$dir"
  exit 1
fi
if ! as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
  -o "-p $PORT -k $dir -c listen_addresses=127.0.0.1 -c fsync=on" start >/dev/null 2>&1; then
  echo "PostgreSQL did not start: $(tail -3 "$dir/server.log" 2>/dev/null)" >&2
  rm -rf "$dir"
  exit 1
fi
echo "$PORT" >"$dir/port"
echo "PG_TEST_DIR=$dir"
echo "TEST_DATABASE_URL=postgres://beyond@127.0.0.1:$PORT/postgres"
