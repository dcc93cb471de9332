# Sourced by the compose tests (smoke.sh, scale.sh): a running dockerd, docker-compose (v1) and the local base
# images. Starts dockerd when it is not running (root; log in tmp/dockerd.log), installs docker-compose from
# Debian when missing, builds the base images' stand-ins when missing (base-images.sh). Where dockerd cannot
# run, calls `skip` (the caller's: it prints SKIPPED and exits 0); a missing docker-compose calls `fail`.
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
  bash tools/compose/base-images.sh
}

dc() { docker-compose --ansi never "$@"; }
