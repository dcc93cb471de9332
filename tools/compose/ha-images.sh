#!/usr/bin/env bash
# Builds the database tier's image for docker-compose.ha.yml from Debian 12's packages, on the base image that
# base-images.sh builds (run it first), when it is missing:
#   gateway-local/db-tier:15  postgresql-15 (with pg_basebackup, pg_rewind), patroni 3.0, etcd-server 3.4,
#                             pgbouncer 1.18, pgbackrest 2.45, haproxy 2.6 and curl: one image, a service per role
#                             (docker-compose.ha.yml chooses the command).
# It stays in dockerd's image store, so later runs build nothing.
set -euo pipefail
cd "$(dirname "$0")/../.."

DEBIAN_IMAGE=gateway-local/debian:bookworm
DB_TIER_IMAGE="${DB_TIER_IMAGE:-gateway-local/db-tier:15}"

docker image inspect "$DB_TIER_IMAGE" >/dev/null 2>&1 && exit 0
docker image inspect "$DEBIAN_IMAGE" >/dev/null 2>&1 || { echo "ha images: $DEBIAN_IMAGE missing: run tools/compose/base-images.sh" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "ha images: $DB_TIER_IMAGE (Debian's postgresql-15, patroni, etcd-server, pgbouncer, pgbackrest, haproxy)"
cat >"$work/Dockerfile" <<DOCKERFILE
FROM $DEBIAN_IMAGE
# The cluster Debian's postgresql package would create is not wanted: Patroni initialises its own.
RUN mkdir -p /etc/postgresql-common && echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.conf \\
 && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \\
      postgresql-15 patroni etcd-server pgbouncer pgbackrest haproxy curl procps >/dev/null \\
 && rm -rf /var/lib/apt/lists/* \\
 && mkdir -p /var/run/postgresql /var/lib/pgbackrest /var/log/pgbackrest /etc/pgbackrest \\
 && chown -R postgres:postgres /var/run/postgresql /var/lib/pgbackrest /var/log/pgbackrest /etc/pgbackrest
ENV PATH=/usr/lib/postgresql/15/bin:\$PATH
DOCKERFILE
docker build -q -t "$DB_TIER_IMAGE" "$work" >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
