# Sourced by the compose tests (smoke.sh, scale.sh, ha.sh): a running dockerd, docker-compose (v1), the local base
# images, the machine to itself and no stack left by an interrupted run. Starts dockerd when it is not running
# (root; log in tmp/dockerd.log), installs docker-compose from Debian when missing, builds the base images'
# stand-ins when missing (base-images.sh). Where dockerd cannot run, calls `skip` (the caller's: it prints SKIPPED
# and exits 0); a missing docker-compose calls `fail`.
# Expects: the repository root as working directory, the functions say, skip and fail, and test_name.

# The test's outcome as one line of CI's summary (TEST_SUMMARY_FILE, tools/jest/print-summary.js), once however
# the script ends: a SKIPPED test is counted as skipped, with its reason. Expects the caller's test_name.
summarize() {
  [ -n "${summarized:-}" ] && return 0
  summarized=1
  node tools/jest/summary-line.js "$1" "$test_name" "${2:-}" || true
}

as_root() { [ "$(id -u)" = 0 ]; }
apt_install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null; }

ensure_docker() {
  mkdir -p tmp
  if ! docker info >/dev/null 2>&1; then
    as_root || skip "dockerd is not running and starting it needs root"
    command -v dockerd >/dev/null || apt_install docker.io || skip "dockerd is not installed and docker.io did not install"
    # A pid file left by a dockerd that is gone (the machine restarted under it) stops a new one from starting.
    if [ -f /var/run/docker.pid ] && [ "$(cat "/proc/$(cat /var/run/docker.pid)/comm" 2>/dev/null)" != dockerd ]; then
      say "removing /var/run/docker.pid, left by a dockerd that is no longer running"
      rm -f /var/run/docker.pid
    fi
    say "starting dockerd (log: tmp/dockerd.log)"
    nohup dockerd >tmp/dockerd.log 2>&1 &
    for _ in $(seq 1 30); do docker info >/dev/null 2>&1 && break; sleep 1; done
    docker info >/dev/null 2>&1 || skip "dockerd did not start: $(tail -1 tmp/dockerd.log)"
  fi
  command -v docker-compose >/dev/null || { as_root && apt_install docker-compose; } || fail "docker-compose (v1) is missing and did not install"
  claim_machine
  remove_leftover_stacks
  bash tools/compose/base-images.sh
}

# One compose test at a time on a machine: they measure latencies and windows on shared cores, and two at once
# would measure each other. The lock is the kernel's (flock on a descriptor this shell holds until it exits), so a
# run that is killed releases it.
COMPOSE_TESTS_LOCK=/tmp/gateway-compose-tests.lock
claim_machine() {
  exec 9>>"$COMPOSE_TESTS_LOCK"
  flock -n 9 && return 0
  say "another compose test is running on this machine ($COMPOSE_TESTS_LOCK): waiting for it (at most 30 minutes)"
  flock -w 1800 9 || fail "another compose test held $COMPOSE_TESTS_LOCK for 30 minutes"
}

# The stacks of the compose tests, by project name. One is left behind only when its run was killed before its
# teardown (the machine stopped under it): dockerd then restarts its containers (restart: unless-stopped), which
# take the cores the next test measures on, and a test under the same project name would mix the old volumes and
# secrets into its own stack. Holding the lock, whatever is found of them is such a leftover: removed, and said.
COMPOSE_TEST_PROJECTS="gateway-smoke gateway-scale gateway-ha gateway-observability gateway-observability-ha"
remove_leftover_stacks() {
  local project containers
  for project in $COMPOSE_TEST_PROJECTS ${COMPOSE_PROJECT_NAME:-}; do
    # Compose's own containers by label; the HA test's restore node and gateway (docker run) by name.
    containers="$( (docker ps -aq --filter "label=com.docker.compose.project=$project"; docker ps -aq --filter "name=^${project}_restore") | sort -u)"
    [ -n "$containers" ] || [ -n "$(docker volume ls -q --filter "label=com.docker.compose.project=$project")" ] || continue
    say "removing the stack $project left by an interrupted run ($(echo "$containers" | grep -c . || true) containers, its volumes and networks)"
    [ -z "$containers" ] || docker rm -f -v $containers >/dev/null
    docker network ls -q --filter "label=com.docker.compose.project=$project" | xargs -r docker network rm >/dev/null
    docker volume ls -q --filter "label=com.docker.compose.project=$project" | xargs -r docker volume rm >/dev/null
  done
}

dc() { docker-compose --ansi never "$@"; }
