#!/usr/bin/python3
# Debian 12's prometheus-pgbouncer-exporter (1.7) with the collectors that fit PgBouncer 1.18: its own command
# registers the SHOW STATS collector too, which reads the column total_requests that PgBouncer dropped in 1.8, and
# stops on a KeyError at start. This starts the package's SHOW POOLS (pgbouncer_active_clients,
# pgbouncer_waiting_clients), SHOW DATABASES and SHOW LISTS collectors alone. Connects to PgBouncer's console as
# PGBOUNCER_USER (one of its stats_users) at PGBOUNCER_HOST:PGBOUNCER_PORT, the password in PGPASSWORD (libpq);
# serves /metrics on PORT (9127).
import os
import time

from prometheus_client import start_http_server
from prometheus_client.core import REGISTRY
from prometheus_pgbouncer_exporter.collectors import DatabasesCollector, ListsCollector, PoolsCollector
from prometheus_pgbouncer_exporter.utils import get_connection

connection = get_connection(os.environ.get('PGBOUNCER_USER', 'pgbouncer'), os.environ.get('PGBOUNCER_PORT', '6432'), os.environ['PGBOUNCER_HOST'])
REGISTRY.register(PoolsCollector(connection=connection, databases=None))
REGISTRY.register(DatabasesCollector(connection=connection, databases=None))
REGISTRY.register(ListsCollector(connection=connection))
start_http_server(int(os.environ.get('PORT', '9127')))
while True:
    time.sleep(3600)
