#!/bin/sh
# A fresh node restored from the pgBackRest repository to a point in time ($1, e.g. '2026-11-28 11:02:03.123456+00'),
# promoted at the target and run as a plain Postgres 15 (no Patroni, no archiving, no synchronous standby to wait for): what an operator does to get
# a copy of the database as it was (docs/operations.md). The repository volume is mounted at /var/lib/pgbackrest.
set -eu
: "${1:?the target time}"
cp /etc/ha/pgbackrest.conf /etc/pgbackrest/pgbackrest.conf
mkdir -p /var/lib/postgresql/data/pg
chown -R postgres:postgres /var/lib/postgresql/data
chmod 700 /var/lib/postgresql/data/pg
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
as_postgres pgbackrest --stanza=gateway --type=time "--target=$1" --target-action=promote --log-level-console=warn restore
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D /var/lib/postgresql/data/pg \
  -c listen_addresses='*' -c port=5432 -c archive_mode=off -c synchronous_standby_names= -c unix_socket_directories=/var/run/postgresql
