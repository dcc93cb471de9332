#!/usr/bin/env bash
# npm run test:ha: the database tier as production runs it (docker-compose.ha.yml: Patroni with two Postgres 15
# nodes, etcd, HAProxy, PgBouncer, pgBackRest) under the gateways, with load; its way in closed to the gateways
# but through PgBouncer and HAProxy, the primary killed and back, a
# second failover, then a point-in-time restore (tools/compose/ha-test.mjs drives and checks; this script brings
# the stack up and tears it down). Same docker set-up as the other compose tests (tools/compose/docker-env.sh);
# where dockerd cannot run: SKIPPED, exit 0.
set -euo pipefail
cd "$(dirname "$0")/../.."
started_at=$SECONDS
say() { echo "ha: $*"; }
# CI's closing summary (TEST_SUMMARY_FILE, read by tools/jest/print-summary.js) counts this test too: its checks
# (written by ha-test.mjs), a skip, or a failure before the checks.
summary() { [ -z "${TEST_SUMMARY_FILE:-}" ] || node -e 'require("fs").appendFileSync(process.argv[1], JSON.stringify({ passed: 0, failed: +process.argv[2], skipped: +process.argv[3], failures: process.argv[4] ? [process.argv[4]] : [] }) + "\n")' "$TEST_SUMMARY_FILE" "$@"; }
skip() { echo "SKIPPED: ha test: $*"; summary 0 1 ''; exit 0; }
fail() { echo "ha: FAILED: $*" >&2; summary 1 0 "ha test: $*"; exit 1; }
# shellcheck source=tools/compose/docker-env.sh
. tools/compose/docker-env.sh
ensure_docker
bash tools/compose/ha-images.sh

export COMPOSE_PROJECT_NAME="${COMPOSE_PROJECT_NAME:-gateway-ha}"
export COMPOSE_FILE=docker-compose.yml:docker-compose.ha.yml:tools/compose/ha-test.yml
export NODE_IMAGE="${NODE_IMAGE:-gateway-local/node:24}"
export KEY_ENCRYPTION_KEY PUBLIC_GATEWAY_HOST_PORT PUBLIC_BASE_URL
random() { node -e "process.stdout.write(require('crypto').randomBytes($1).toString('$2'))"; }
KEY_ENCRYPTION_KEY="$(random 32 base64)"
# Every password docker-compose.ha.yml requires (ha-test.mjs checks that each one missing stops docker-compose),
# random for this run.
export HA_PASSWORDS="POSTGRES_PASSWORD DATABASE_RUNTIME_PASSWORD PATRONI_SUPERUSER_PASSWORD PATRONI_REPLICATION_PASSWORD PATRONI_RESTAPI_PASSWORD ETCD_ROOT_PASSWORD ETCD_PATRONI_PASSWORD HAPROXY_STATS_PASSWORD"
for name in $HA_PASSWORDS; do
  export "$name=$(random 18 base64url)"
done
read -r PUBLIC_GATEWAY_HOST_PORT < <(node tools/compose/free-ports.mjs 1)
PUBLIC_BASE_URL="http://127.0.0.1:$PUBLIC_GATEWAY_HOST_PORT"

teardown() {
  local status=$?
  if [ $status -ne 0 ]; then dc ps || true; dc logs --no-color --tail=200 pg1 pg2 pg3 | grep -v -e '^pg[123]_1 *|  ' -e Traceback -e ConnectionReset -e 'Exception happened' | tail -40 || true; dc logs --no-color --tail=30 migrate pgbouncer public-gateway || true; fi
  docker rm -f "${COMPOSE_PROJECT_NAME}_restore" "${COMPOSE_PROJECT_NAME}_restore_gateway" >/dev/null 2>&1 || true
  COMPOSE_PROFILES=add-replica KEY_ENCRYPTION_KEY='' dc down -v --remove-orphans >/dev/null 2>&1 || true
  say "stack removed (down -v) after $((SECONDS - started_at)) s"
}
trap teardown EXIT

say "building images (base $NODE_IMAGE, gateway-local/db-tier:15)"
dc build -q migrate public-gateway 2>&1 | grep -v -e 'legacy builder' -e 'buildx' -e 'docs.docker.com' -e '^ *$' || true
say "up: etcd, Patroni on pg1 and pg2, HAProxy, PgBouncer, the gateways on 127.0.0.1:$PUBLIC_GATEWAY_HOST_PORT"
dc up -d --no-build etcd pg1 pg2 postgres pgbouncer webhook-receiver >/dev/null 2>&1 || { dc up -d --no-build etcd pg1 pg2 postgres pgbouncer; fail "up (database tier)"; }
dc up -d --no-build public-gateway >/dev/null 2>&1 || { dc up -d --no-build public-gateway; fail "up (public gateway)"; }

admin() { dc run --rm -T admin "$@" 2>/dev/null; }
admin import fixtures/demo.json >/dev/null || fail "admin import fixtures/demo.json"
HA_CLIENT="$(admin clients:create --type SERVICE --name ha-test)" || fail "admin clients:create"
export HA_CLIENT
say "demo data imported, a client created (admin CLI)"

status=0
node tools/compose/ha-test.mjs || status=$?
say "finished in $((SECONDS - started_at)) s"
exit $status
