#!/usr/bin/env bash
# npm run test:scale: two replicas of each gateway behind HAProxy (docker-compose.scale.yml) under constant load,
# restarted one by one, one killed, the database restarted (tools/compose/scale-test.mjs drives and checks; this
# script brings the stack up and tears it down). Prints one line per step and a verdict. Same docker set-up as
# the compose smoke test (tools/compose/docker-env.sh); where dockerd cannot run: SKIPPED, exit 0.
set -euo pipefail
cd "$(dirname "$0")/../.."
started_at=$SECONDS
say() { echo "scale: $*"; }
test_name="scale test"
skip() {
  echo "SKIPPED: scale test: $*"
  summarize skipped "$*"
  exit 0
}
fail() {
  echo "scale: FAILED: $*" >&2
  summarize failed "$*"
  exit 1
}
# shellcheck source=tools/compose/docker-env.sh
. tools/compose/docker-env.sh
ensure_docker

export COMPOSE_PROJECT_NAME="${COMPOSE_PROJECT_NAME:-gateway-scale}"
export COMPOSE_FILE=docker-compose.yml:docker-compose.scale.yml:tools/compose/scale-test.yml
export NODE_IMAGE="${NODE_IMAGE:-gateway-local/node:24}" POSTGRES_IMAGE="${POSTGRES_IMAGE:-gateway-local/postgres:18}" HAPROXY_IMAGE="${HAPROXY_IMAGE:-gateway-local/haproxy:2.6}"
export KEY_ENCRYPTION_KEY POSTGRES_PASSWORD DATABASE_RUNTIME_PASSWORD PUBLIC_GATEWAY_HOST_PORT INTERNAL_GATEWAY_HOST_PORT PUBLIC_BASE_URL
KEY_ENCRYPTION_KEY="$(node -e "process.stdout.write(require('crypto').randomBytes(32).toString('base64'))")"
POSTGRES_PASSWORD="$(node -e "process.stdout.write(require('crypto').randomBytes(18).toString('base64url'))")"
DATABASE_RUNTIME_PASSWORD="$(node -e "process.stdout.write(require('crypto').randomBytes(18).toString('base64url'))")"
read -r PUBLIC_GATEWAY_HOST_PORT INTERNAL_GATEWAY_HOST_PORT < <(node tools/compose/free-ports.mjs 2)
PUBLIC_BASE_URL="http://127.0.0.1:$PUBLIC_GATEWAY_HOST_PORT"
# Each gateway's replicas on half of the cores (tools/compose/scale-test.yml); on one core, both share it.
export SCALE_PUBLIC_CPUSET SCALE_INTERNAL_CPUSET
cores="$(nproc)"
if [ "$cores" -ge 2 ]; then
  SCALE_PUBLIC_CPUSET="0-$((cores / 2 - 1))" SCALE_INTERNAL_CPUSET="$((cores / 2))-$((cores - 1))"
else
  SCALE_PUBLIC_CPUSET=0 SCALE_INTERNAL_CPUSET=0
fi

teardown() {
  local status=$?
  if [ $status -ne 0 ]; then dc ps || true; dc logs --no-color --tail=30 public-gateway internal-gateway load-balancer || true; fi
  KEY_ENCRYPTION_KEY='' dc down -v --remove-orphans >/dev/null 2>&1 || true
  say "stack removed (down -v) after $((SECONDS - started_at)) s"
  if [ $status -eq 0 ]; then summarize passed; else summarize failed "exit $status"; fi
}
trap teardown EXIT

say "building images (base $NODE_IMAGE, $POSTGRES_IMAGE, $HAPROXY_IMAGE)"
dc build -q migrate public-gateway internal-gateway 2>&1 | grep -v -e 'legacy builder' -e 'buildx' -e 'docs.docker.com' -e '^ *$' || true
say "up: 2 public and 2 internal replicas behind HAProxy on 127.0.0.1:$PUBLIC_GATEWAY_HOST_PORT and :$INTERNAL_GATEWAY_HOST_PORT"
dc up -d --no-build --scale public-gateway=2 --scale internal-gateway=2 >/dev/null 2>&1 || { dc up -d --no-build --scale public-gateway=2 --scale internal-gateway=2; fail "up"; }

admin() { dc run --rm -T admin "$@" 2>/dev/null; }
admin import fixtures/demo.json >/dev/null || fail "admin import fixtures/demo.json"
SCALE_PUBLIC_CLIENT="$(admin clients:create --type SERVICE --name scale-test)" || fail "admin clients:create"
SCALE_INTERNAL_CLIENT="$(admin clients:create --type SERVICE --audience internal --name scale-test-staff)" || fail "admin clients:create --audience internal"
export SCALE_PUBLIC_CLIENT SCALE_INTERNAL_CLIENT
say "demo data imported, a public and an internal client created (admin CLI)"

status=0
node tools/compose/scale-test.mjs || status=$?
exit $status
