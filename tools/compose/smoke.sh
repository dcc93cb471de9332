#!/usr/bin/env bash
# npm run test:compose: the compose stack built and run for real, then used as a user would.
# Starts dockerd when it is not running (root), installs docker-compose (v1) when missing, builds the local
# base images when missing, brings the stack up on 127.0.0.1 with a non-default PUBLIC_BASE_URL, then: a client
# from the admin CLI, a token, whoami; the gateways on the runtime role, which cannot create a table; an
# internal client and a call on the internal gateway; keys:rotate; stop and start with the data kept. `down -v` always runs at the end. Where dockerd cannot run: SKIPPED, exit 0.
set -euo pipefail
cd "$(dirname "$0")/../.."
started_at=$SECONDS
say() { echo "compose smoke: $*"; }
test_name="compose smoke test"
skip() {
  echo "SKIPPED: compose smoke test: $*"
  summarize skipped "$*"
  exit 0
}
fail() {
  echo "compose smoke: FAILED: $*" >&2
  summarize failed "$*"
  exit 1
}
# shellcheck source=tools/compose/docker-env.sh
. tools/compose/docker-env.sh
ensure_docker

export COMPOSE_PROJECT_NAME="${COMPOSE_PROJECT_NAME:-gateway-smoke}"
export NODE_IMAGE="${NODE_IMAGE:-gateway-local/node:24}" POSTGRES_IMAGE="${POSTGRES_IMAGE:-gateway-local/postgres:18}"
export KEY_ENCRYPTION_KEY POSTGRES_PASSWORD DATABASE_RUNTIME_PASSWORD PUBLIC_GATEWAY_HOST_PORT INTERNAL_GATEWAY_HOST_PORT PUBLIC_BASE_URL
KEY_ENCRYPTION_KEY="$(node -e "process.stdout.write(require('crypto').randomBytes(32).toString('base64'))")"
POSTGRES_PASSWORD="$(node -e "process.stdout.write(require('crypto').randomBytes(18).toString('base64url'))")"
DATABASE_RUNTIME_PASSWORD="$(node -e "process.stdout.write(require('crypto').randomBytes(18).toString('base64url'))")"
read -r PUBLIC_GATEWAY_HOST_PORT INTERNAL_GATEWAY_HOST_PORT < <(node tools/compose/free-ports.mjs 2)
# The URL clients use (not the default http://localhost:3000): tokens name it, and nothing in the stack may need to reach it.
PUBLIC_BASE_URL="${SMOKE_PUBLIC_BASE_URL:-http://127.0.0.1:$PUBLIC_GATEWAY_HOST_PORT}"
public="http://127.0.0.1:$PUBLIC_GATEWAY_HOST_PORT"
internal="http://127.0.0.1:$INTERNAL_GATEWAY_HOST_PORT"

teardown() {
  local status=$?
  if [ $status -ne 0 ]; then dc ps || true; dc logs --no-color --tail=40 || true; fi
  # Without the key: teardown must not demand it.
  KEY_ENCRYPTION_KEY='' dc down -v --remove-orphans >/dev/null 2>&1 || true
  say "stack removed (down -v)"
  if [ $status -eq 0 ]; then summarize passed; else summarize failed "exit $status"; fi
}
trap teardown EXIT

say "building images (base $NODE_IMAGE, $POSTGRES_IMAGE)"
dc build -q migrate public-gateway internal-gateway 2>&1 | grep -v -e 'legacy builder' -e 'buildx' -e 'docs.docker.com' -e '^ *$' || true

wait_healthy() {
  local service id state
  for service in public-gateway internal-gateway; do
    id="$(dc ps -q "$service")"
    for _ in $(seq 1 90); do
      state="$(docker inspect -f '{{.State.Health.Status}}' "$id" 2>/dev/null || echo missing)"
      [ "$state" = healthy ] && break
      sleep 1
    done
    [ "$state" = healthy ] || fail "$service is $state"
  done
}
up() { dc up -d --no-build >/dev/null 2>&1 || { dc up -d --no-build; fail "up"; }; wait_healthy; }

# $1 method, $2 url, $3 expected status, rest: curl arguments. The body is left in $body.
call() {
  local method=$1 url=$2 expected=$3 status
  shift 3
  status="$(curl -sS -o tmp/compose-body.json -w '%{http_code}' -X "$method" "$@" "$url")" || fail "$method $url: no answer"
  body="$(cat tmp/compose-body.json)"
  [ "$status" = "$expected" ] || fail "$method $url: $status, expected $expected: $body"
  say "$method ${url#http://127.0.0.1:} -> $status"
}
json() { node -e 'const v = JSON.parse(process.argv[1])[process.argv[2]]; if (v === undefined) process.exit(1); process.stdout.write(String(v))' "$1" "$2"; }
admin() { dc run --rm -T admin "$@" 2>/dev/null; }
token() { call POST "$public/oauth2/token" 200 -d grant_type=client_credentials --data-urlencode "client_id=$1" --data-urlencode "client_secret=$2" >&2; json "$body" access_token; }

say "up (PUBLIC_BASE_URL=$PUBLIC_BASE_URL, ports 127.0.0.1:$PUBLIC_GATEWAY_HOST_PORT and :$INTERNAL_GATEWAY_HOST_PORT)"
up
admin import fixtures/demo.json >/dev/null || fail "admin import fixtures/demo.json"
say "demo data imported with the admin CLI"

client="$(admin clients:create --type SERVICE --name compose-smoke)" || fail "admin clients:create"
client_id="$(json "$client" client_id)" && client_secret="$(json "$client" client_secret)"
say "client created with the admin CLI"
access_token="$(token "$client_id" "$client_secret")"
call GET "$public/v0/whoami" 200 -H "Authorization: Bearer $access_token"

# Each gateway's own DATABASE_URL: the runtime role, refused a CREATE TABLE (42501), while it served the calls above.
role_probe='const pg = require("pg"); const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
c.connect().then(async () => { const who = (await c.query("SELECT current_user AS u")).rows[0].u;
const created = await c.query("CREATE TABLE smoke_probe (id int)").then(() => "created", (e) => e.code);
console.log(who + " " + created); await c.end(); }).catch((e) => { console.error(e.message); process.exit(1); });'
for service in public-gateway internal-gateway; do
  roles="$(dc exec -T "$service" node -e "$role_probe")" || fail "$service: the role probe did not run"
  [ "$roles" = "gateway_runtime 42501" ] || fail "$service connects as '$roles', expected the runtime role refused CREATE TABLE"
done
say "the gateways connect as gateway_runtime, which cannot create a table"

staff="$(admin clients:create --type SERVICE --audience internal --name compose-smoke-staff)" || fail "admin clients:create --audience internal"
staff_token="$(token "$(json "$staff" client_id)" "$(json "$staff" client_secret)")"
call GET "$internal/internal-tools/release-channel-features" 200 -H "Authorization: Bearer $staff_token"

admin keys:rotate >/dev/null || fail "admin keys:rotate"
say "keys rotated with the admin CLI"
call GET "$public/v0/whoami" 200 -H "Authorization: Bearer $(token "$client_id" "$client_secret")"

dc stop >/dev/null 2>&1
say "stack stopped; starting it again"
up
call GET "$public/v0/whoami" 200 -H "Authorization: Bearer $(token "$client_id" "$client_secret")"
say "data kept across the restart (same client, rotated keys)"
say "passed in $((SECONDS - started_at)) s"
