#!/bin/sh
# Patroni's post_bootstrap (the new cluster's primary, once): the application's owner role and database, as the
# official postgres image's POSTGRES_USER / POSTGRES_DB make them (CREATEROLE: migrate creates the gateways' role,
# no superuser), and pgBackRest's stanza.
set -eu
psql -v ON_ERROR_STOP=1 "$1" -v password="$POSTGRES_PASSWORD" <<'SQL'
CREATE ROLE gateway LOGIN CREATEROLE PASSWORD :'password';
CREATE DATABASE gateway OWNER gateway;
SQL
pgbackrest --stanza=gateway stanza-create >/dev/null
