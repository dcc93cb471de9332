#!/bin/sh
# A Postgres 15 node managed by Patroni (docker-compose.ha.yml): writes Patroni's configuration for this node
# (NODE_NAME) from the environment, then runs Patroni as the postgres user. The passwords come from the
# environment into /tmp/patroni.yml, readable by the postgres user alone; nothing here is stored in the image.
# The other nodes and etcd are reached on the nodes' own network (docker-compose.ha.yml's db-nodes, where this
# node is $NODE_NAME-peer): pg_hba admits the superuser and the replication role from that network's subnet
# only, so not through HAProxy, which reaches the nodes on another.
set -eu
: "${NODE_NAME:?}" "${POSTGRES_PASSWORD:?}" "${REPLICATION_PASSWORD:?}" "${SUPERUSER_PASSWORD:?}" "${RESTAPI_PASSWORD:?}" "${ETCD_PASSWORD:?}"
mkdir -p /var/lib/postgresql/data /var/lib/pgbackrest
chown postgres:postgres /var/lib/postgresql/data /var/lib/pgbackrest
chmod 700 /var/lib/postgresql/data
cp /etc/ha/pgbackrest.conf /etc/pgbackrest/pgbackrest.conf
# A value as a YAML string (JSON's quoting), whatever characters a password holds.
quoted() { python3 -c 'import json, sys; print(json.dumps(sys.argv[1]))' "$1"; }
# The subnet of db-nodes: the route of this container's interfaces that holds its own address there.
nodes_subnet="$(python3 - "$NODE_NAME-peer" <<'PY'
import ipaddress, socket, struct, sys
address = ipaddress.ip_address(socket.gethostbyname(sys.argv[1]))
for line in open('/proc/net/route').read().splitlines()[1:]:
    fields = line.split()
    destination, mask = (socket.inet_ntoa(struct.pack('<I', int(f, 16))) for f in (fields[1], fields[7]))
    network = ipaddress.ip_network(f'{destination}/{mask}')
    if network.prefixlen and address in network:
        print(network)
        break
else:
    sys.exit(f'no interface of this container is on the network of {sys.argv[1]} ({address})')
PY
)"
rm -f /tmp/patroni.yml
(
umask 077
cat >/tmp/patroni.yml <<YAML
scope: gateway
name: $NODE_NAME
restapi:
  listen: 0.0.0.0:8008
  connect_address: $NODE_NAME-peer:8008
  # Every request that changes state (POST, PUT, PATCH, DELETE: switchover, restart, /config...) needs it; the
  # reads (HAProxy's /primary and /replica checks, /cluster) do not. patronictl sends it from this file.
  authentication:
    username: patroni
    password: $(quoted "$RESTAPI_PASSWORD")
etcd3:
  host: etcd:2379
  username: patroni
  password: $(quoted "$ETCD_PASSWORD")
bootstrap:
  dcs:
    ttl: 10
    loop_wait: 2
    retry_timeout: 4
    # Synchronous replication already keeps the standby's commits; a lag limit would only refuse the promotion
    # after a WAL segment switch (archive_timeout), which moves the primary's position to the next segment.
    maximum_lag_on_failover: 268435456
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        wal_level: replica
        hot_standby: 'on'
        wal_log_hints: 'on'
        max_connections: 200
        max_wal_senders: 10
        max_replication_slots: 10
        archive_mode: 'on'
        archive_command: 'pgbackrest --stanza=gateway archive-push %p'
        archive_timeout: 30
  initdb:
    - encoding: UTF8
    - data-checksums
  post_bootstrap: /etc/ha/post-bootstrap.sh
postgresql:
  listen: 0.0.0.0:5432
  connect_address: $NODE_NAME-peer:5432
  data_dir: /var/lib/postgresql/data/pg
  bin_dir: /usr/lib/postgresql/15/bin
  pgpass: /tmp/pgpass
  # A replica cloned at once, not after the next spread checkpoint (up to checkpoint_timeout, 5 minutes).
  basebackup:
    - checkpoint: fast
  # The superuser (Patroni's own connection on loopback, pg_rewind from another node) and the replication role
  # from the nodes only; the other roles from anywhere the container is reached (HAProxy), with their passwords.
  pg_hba:
    - local all all trust
    - host replication replicator $nodes_subnet scram-sha-256
    - host all postgres 127.0.0.1/32 scram-sha-256
    - host all postgres ::1/128 scram-sha-256
    - host all postgres $nodes_subnet scram-sha-256
    - host all postgres,replicator all reject
    - host all all all scram-sha-256
  authentication:
    superuser:
      username: postgres
      password: $(quoted "$SUPERUSER_PASSWORD")
    replication:
      username: replicator
      password: $(quoted "$REPLICATION_PASSWORD")
    rewind:
      username: postgres
      password: $(quoted "$SUPERUSER_PASSWORD")
  parameters:
    unix_socket_directories: /var/run/postgresql
YAML
)
chown postgres:postgres /tmp/patroni.yml
exec setpriv --reuid=postgres --regid=postgres --init-groups env POSTGRES_PASSWORD="$POSTGRES_PASSWORD" patroni /tmp/patroni.yml
