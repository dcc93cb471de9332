#!/bin/sh
# etcd, Patroni's store (docker-compose.ha.yml), with authentication, run as the etcd user. Two users: root
# (ETCD_ROOT_PASSWORD, to administer it) and patroni (ETCD_PATRONI_PASSWORD: reads and writes under /service/,
# Patroni's namespace, nothing else). Until they exist and authentication is enabled, etcd listens on loopback
# alone: on a start that finds no marker in the data volume, a first etcd does that set-up there and stops, then
# the marker is written. The passwords are set then, once, as the official postgres image's are at initdb; to
# change them later, use etcd's API as root (docs/operations.md).
set -eu
: "${ETCD_ROOT_PASSWORD:?}" "${ETCD_PATRONI_PASSWORD:?}"
mkdir -p /var/lib/etcd
chown -R etcd:etcd /var/lib/etcd
chmod 700 /var/lib/etcd
as_etcd='setpriv --reuid=etcd --regid=etcd --init-groups'
member='--name=etcd --data-dir=/var/lib/etcd/data --initial-cluster=etcd=http://etcd:2380 --initial-advertise-peer-urls=http://etcd:2380 --advertise-client-urls=http://etcd:2379'
if [ ! -e /var/lib/etcd/auth-enabled ]; then
  # shellcheck disable=SC2086
  $as_etcd etcd $member --listen-client-urls=http://127.0.0.1:2379 --listen-peer-urls=http://127.0.0.1:2380 --log-level=warn &
  pid=$!
  python3 - <<'PY'
import base64, json, os, sys, time, urllib.error, urllib.request

def call(path, body):
    request = urllib.request.Request(f'http://127.0.0.1:2379/v3/{path}', json.dumps(body).encode(), {'Content-Type': 'application/json'})
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.load(response)

for _ in range(150):
    try:
        call('maintenance/status', {})
        break
    except OSError:
        time.sleep(0.2)
else:
    sys.exit('etcd: did not answer on loopback within 30 s')
root, patroni = os.environ['ETCD_ROOT_PASSWORD'], os.environ['ETCD_PATRONI_PASSWORD']
try:
    # Answers only once authentication is enabled: a set-up that stopped after enabling it.
    call('auth/authenticate', {'name': 'root', 'password': root})
    sys.exit(0)
except urllib.error.HTTPError:
    pass
for user, password in (('root', root), ('patroni', patroni)):
    try:
        call('auth/user/add', {'name': user, 'password': password})
    except urllib.error.HTTPError:
        call('auth/user/changepw', {'name': user, 'password': password})
try:
    call('auth/role/add', {'name': 'patroni'})
except urllib.error.HTTPError:
    pass
key = lambda text: base64.b64encode(text.encode()).decode()
call('auth/role/grant', {'name': 'patroni', 'perm': {'permType': 'READWRITE', 'key': key('/service/'), 'range_end': key('/service0')}})
call('auth/user/grant', {'user': 'patroni', 'role': 'patroni'})
call('auth/user/grant', {'user': 'root', 'role': 'root'})
call('auth/enable', {})
print('etcd: users root and patroni made, authentication enabled')
PY
  kill "$pid"
  wait "$pid" || true
  touch /var/lib/etcd/auth-enabled
fi
# shellcheck disable=SC2086
exec $as_etcd etcd $member --listen-client-urls=http://0.0.0.0:2379 --listen-peer-urls=http://0.0.0.0:2380
