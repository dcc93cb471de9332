#!/bin/sh
# PgBouncer 1.18 in transaction mode in front of the database tier's HAProxy (docker-compose.ha.yml):
# `gateway` is the primary (HAProxy's 5432), `gateway_replica` the replicas (5433). The gateways' runtime role
# logs in with SCRAM; its password comes from the environment into the auth file (created readable by its owner
# alone, the postgres user PgBouncer runs as), never into the image.
set -eu
umask 077
: "${DATABASE_RUNTIME_PASSWORD:?}"
mkdir -p /tmp/pgbouncer
printf '"gateway_runtime" "%s"\n' "$DATABASE_RUNTIME_PASSWORD" >/tmp/pgbouncer/userlist.txt
cp /etc/ha/pgbouncer.ini /tmp/pgbouncer/pgbouncer.ini
chown -R postgres:postgres /tmp/pgbouncer
chmod 600 /tmp/pgbouncer/userlist.txt
exec setpriv --reuid=postgres --regid=postgres --init-groups pgbouncer /tmp/pgbouncer/pgbouncer.ini
