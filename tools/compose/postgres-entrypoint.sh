#!/bin/sh
# Entry point of the local postgres image: the part of the official image's contract compose relies on
# (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB, PGDATA under the /var/lib/postgresql volume).
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
  user="${POSTGRES_USER:-postgres}"
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 -D "$PGDATA" >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  db="${POSTGRES_DB:-$user}"
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\" OWNER \"$user\";" | postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
fi
if [ "${1:-}" = postgres ]; then set -- "$@" -c listen_addresses="*"; fi
exec "$@"
