#!/usr/bin/env bash
# npm run test:observability: the scaled stack (two replicas of each gateway behind HAProxy) with Prometheus and
# Alertmanager from Debian's packages (docker-compose.observability.yml) running the shipped rules, under a
# steady load; tools/compose/observability-test.mjs checks every dashboard panel's query against the live
# Prometheus, then stops the internal gateway's replicas and pauses the webhook receiver, and times their alerts
# in Alertmanager's API, firing and resolving. Then a short phase on the HA file's database tier (docker-compose.ha.yml with docker-compose.observability-ha.yml:
# the Postgres and PgBouncer exporters): every panel of the database tier's dashboard returns data. This script brings
# each stack up and tears it down. Same docker set-up and lock as the other compose tests
# (tools/compose/docker-env.sh); where dockerd cannot run: SKIPPED, exit 0.
set -euo pipefail
cd "$(dirname "$0")/../.."
started_at=$SECONDS
say() { echo "observability: $*"; }
test_name="observability test"
skip() {
  echo "SKIPPED: observability test: $*"
  summarize skipped "$*"
  exit 0
}
fail() {
  echo "observability: FAILED: $*" >&2
  summarize failed "$*"
  exit 1
}
# shellcheck source=tools/compose/docker-env.sh
. tools/compose/docker-env.sh
ensure_docker

export COMPOSE_PROJECT_NAME="${COMPOSE_PROJECT_NAME:-gateway-observability}"
export COMPOSE_FILE=docker-compose.yml:docker-compose.scale.yml:tools/compose/scale-test.yml:docker-compose.observability.yml:tools/compose/observability-test.yml
export NODE_IMAGE="${NODE_IMAGE:-gateway-local/node:24}" POSTGRES_IMAGE="${POSTGRES_IMAGE:-gateway-local/postgres:18}" HAPROXY_IMAGE="${HAPROXY_IMAGE:-gateway-local/haproxy:2.6}"
export MONITORING_IMAGE="${MONITORING_IMAGE:-gateway-local/monitoring:bookworm}"
export KEY_ENCRYPTION_KEY POSTGRES_PASSWORD DATABASE_RUNTIME_PASSWORD PUBLIC_GATEWAY_HOST_PORT INTERNAL_GATEWAY_HOST_PORT PUBLIC_BASE_URL
export PROMETHEUS_HOST_PORT ALERTMANAGER_HOST_PORT
KEY_ENCRYPTION_KEY="$(node -e "process.stdout.write(require('crypto').randomBytes(32).toString('base64'))")"
POSTGRES_PASSWORD="$(node -e "process.stdout.write(require('crypto').randomBytes(18).toString('base64url'))")"
DATABASE_RUNTIME_PASSWORD="$(node -e "process.stdout.write(require('crypto').randomBytes(18).toString('base64url'))")"
read -r PUBLIC_GATEWAY_HOST_PORT INTERNAL_GATEWAY_HOST_PORT PROMETHEUS_HOST_PORT ALERTMANAGER_HOST_PORT < <(node tools/compose/free-ports.mjs 4)
PUBLIC_BASE_URL="http://127.0.0.1:$PUBLIC_GATEWAY_HOST_PORT"

teardown() {
  local status=$?
  if [ $status -ne 0 ]; then dc ps || true; dc logs --no-color --tail=30 prometheus alertmanager internal-gateway postgres-exporter-pg1 pgbouncer-exporter || true; fi
  dc unpause webhook-receiver >/dev/null 2>&1 || true
  KEY_ENCRYPTION_KEY='' dc down -v --remove-orphans >/dev/null 2>&1 || true
  say "stack $COMPOSE_PROJECT_NAME removed (down -v) after $((SECONDS - started_at)) s"
  if [ $status -eq 0 ]; then summarize passed; else summarize failed "exit $status"; fi
}
trap teardown EXIT

say "building images (base $NODE_IMAGE, $POSTGRES_IMAGE, $HAPROXY_IMAGE, $MONITORING_IMAGE)"
dc build -q migrate public-gateway internal-gateway 2>&1 | grep -v -e 'legacy builder' -e 'buildx' -e 'docs.docker.com' -e '^ *$' || true
say "up: 2 public and 2 internal replicas behind HAProxy, Prometheus on 127.0.0.1:$PROMETHEUS_HOST_PORT, Alertmanager on :$ALERTMANAGER_HOST_PORT"
dc up -d --no-build --scale public-gateway=2 --scale internal-gateway=2 >/dev/null 2>&1 || { dc up -d --no-build --scale public-gateway=2 --scale internal-gateway=2; fail "up"; }

admin() { dc run --rm -T admin "$@" 2>/dev/null; }
admin import fixtures/demo.json >/dev/null || fail "admin import fixtures/demo.json"
OBS_PUBLIC_CLIENT="$(admin clients:create --type SERVICE --name observability)" || fail "admin clients:create"
OBS_INTERNAL_CLIENT="$(admin clients:create --type SERVICE --audience internal --name observability-staff)" || fail "admin clients:create --audience internal"
OBS_BURST_CLIENT="$(admin clients:create --type SERVICE --audience internal --name observability-burst)" || fail "admin clients:create (burst)"
export OBS_PUBLIC_CLIENT OBS_INTERNAL_CLIENT OBS_BURST_CLIENT
say "demo data imported, clients created (admin CLI)"
node tools/compose/observability-test.mjs gateways || fail "the gateways' dashboards and alerts"
KEY_ENCRYPTION_KEY='' dc down -v --remove-orphans >/dev/null 2>&1 || true

# The database tier's phase: the HA file's tier with its exporters, the gateways one replica each.
bash tools/compose/ha-images.sh
export COMPOSE_PROJECT_NAME="$COMPOSE_PROJECT_NAME-ha"
export COMPOSE_FILE=docker-compose.yml:docker-compose.ha.yml:docker-compose.observability.yml:docker-compose.observability-ha.yml
# The passwords the HA file requires beyond the two above, random for this run.
for name in PATRONI_SUPERUSER_PASSWORD PATRONI_REPLICATION_PASSWORD PATRONI_RESTAPI_PASSWORD ETCD_ROOT_PASSWORD ETCD_PATRONI_PASSWORD HAPROXY_STATS_PASSWORD; do
  export "$name=$(node -e "process.stdout.write(require('crypto').randomBytes(18).toString('base64url'))")"
done
say "up ($COMPOSE_PROJECT_NAME): etcd, Patroni on pg1 and pg2, HAProxy, PgBouncer, the gateways, Prometheus and the exporters"
dc up -d --no-build >/dev/null 2>&1 || { dc up -d --no-build; fail "up (database tier)"; }
node tools/compose/observability-test.mjs database-tier || fail "the database tier's dashboard"
say "finished in $((SECONDS - started_at)) s"
