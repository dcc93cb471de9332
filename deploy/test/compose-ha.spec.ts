// docker-compose.ha.yml's way in, checked without a running stack (npm run test:ha checks it running): every
// password required and named when missing, and the networks that keep the gateways off the nodes and etcd.
// The docker-compose part needs docker-compose (v1) on PATH; the compose tests install it (tools/compose/docker-env.sh).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const root = join(__dirname, '../..');
const haFile = readFileSync(join(root, 'docker-compose.ha.yml'), 'utf8');
const PASSWORDS = [
  'POSTGRES_PASSWORD',
  'DATABASE_RUNTIME_PASSWORD',
  'PATRONI_SUPERUSER_PASSWORD',
  'PATRONI_REPLICATION_PASSWORD',
  'PATRONI_RESTAPI_PASSWORD',
  'ETCD_ROOT_PASSWORD',
  'ETCD_PATRONI_PASSWORD',
  'HAPROXY_STATS_PASSWORD',
];

describe('docker-compose.ha.yml', () => {
  it('interpolates every password it names as required, with the message naming it, never with a default', () => {
    const interpolated = [...haFile.matchAll(/\$\{([A-Z_]*PASSWORD[A-Z_]*)([^}]*)\}/g)];
    expect([...new Set(interpolated.map((m) => m[1]))].sort()).toEqual([...PASSWORDS].sort());
    for (const [, name, rest] of interpolated) expect(`${name}${rest}`).toBe(`${name}:?${name} must be set`);
  });
});

const compose = spawnSync('docker-compose', ['version'], { encoding: 'utf8' });
const withCompose = compose.status === 0 ? describe : describe.skip;

withCompose('docker-compose config of docker-compose.yml with docker-compose.ha.yml', () => {
  const passwords = Object.fromEntries(PASSWORDS.map((name) => [name, `${name.toLowerCase()}-of-the-test`]));
  const env = (without?: string) => {
    const variables: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      COMPOSE_FILE: 'docker-compose.yml:docker-compose.ha.yml',
      ...passwords,
    };
    if (without) delete variables[without];
    return variables;
  };

  it.each(PASSWORDS)('stops without %s, naming it', (name) => {
    const result = spawnSync('docker-compose', ['config', '-q'], { cwd: root, env: env(name), encoding: 'utf8' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(`${name} must be set`);
  });

  it("puts the gateways on the base file's network only, the nodes and etcd off it, HAProxy and PgBouncer on both sides", () => {
    const config = parse(execFileSync('docker-compose', ['config'], { cwd: root, env: env(), encoding: 'utf8' }));
    const networks = (service: string) => Object.keys(config.services[service].networks ?? { default: {} }).sort();
    expect(Object.fromEntries(Object.keys(config.services).map((service) => [service, networks(service)]))).toEqual({
      admin: ['default'],
      migrate: ['default'],
      'public-gateway': ['default'],
      'internal-gateway': ['default'],
      pgbouncer: ['default'],
      postgres: ['db', 'default'],
      pg1: ['db', 'db-nodes'],
      pg2: ['db', 'db-nodes'],
      pg3: ['db', 'db-nodes'],
      etcd: ['db-nodes'],
    });
    // Each node's name on the nodes' network, the one its Patroni advertises (deploy/ha/patroni-entrypoint.sh).
    for (const node of ['pg1', 'pg2', 'pg3']) expect(config.services[node].networks['db-nodes'].aliases).toEqual([`${node}-peer`]);
  });
});
