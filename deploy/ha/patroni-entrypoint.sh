#!/bin/sh
# A Postgres 15 node managed by Patroni (docker-compose.ha.yml): writes Patroni's configuration for this node
# (NODE_NAME) from the environment, then runs Patroni as the postgres user. The passwords come from the
# environment; nothing here is stored in the image.
set -eu
: "${NODE_NAME:?}" "${POSTGRES_PASSWORD:?}" "${REPLICATION_PASSWORD:?}" "${SUPERUSER_PASSWORD:?}"
mkdir -p /var/lib/postgresql/data /var/lib/pgbackrest
chown postgres:postgres /var/lib/postgresql/data /var/lib/pgbackrest
chmod 700 /var/lib/postgresql/data
cp /etc/ha/pgbackrest.conf /etc/pgbackrest/pgbackrest.conf
cat >/tmp/patroni.yml <<YAML
scope: gateway
name: $NODE_NAME
restapi:
  listen: 0.0.0.0:8008
  connect_address: $NODE_NAME:8008
etcd3:
  host: etcd:2379
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
  connect_address: $NODE_NAME:5432
  data_dir: /var/lib/postgresql/data/pg
  bin_dir: /usr/lib/postgresql/15/bin
  pgpass: /tmp/pgpass
  # A replica cloned at once, not after the next spread checkpoint (up to checkpoint_timeout, 5 minutes).
  basebackup:
    - checkpoint: fast
  pg_hba:
    - local all all trust
    - host replication replicator all scram-sha-256
    - host all all all scram-sha-256
  authentication:
    superuser:
      username: postgres
      password: '$SUPERUSER_PASSWORD'
    replication:
      username: replicator
      password: '$REPLICATION_PASSWORD'
    rewind:
      username: postgres
      password: '$SUPERUSER_PASSWORD'
  parameters:
    unix_socket_directories: /var/run/postgresql
YAML
chown postgres:postgres /tmp/patroni.yml
exec setpriv --reuid=postgres --regid=postgres --init-groups env POSTGRES_PASSWORD="$POSTGRES_PASSWORD" patroni /tmp/patroni.yml
